import Foundation
import SceneReview
import XCTest

/// The report's counts, order, JSON summary and HTML page from outputs made here.
final class ReviewReportTests: XCTestCase {
    func output(_ path: String, _ verdict: ReviewedOutput.Verdict, changed: Int? = nil) -> ReviewedOutput {
        var o = ReviewedOutput(path: path, verdict: verdict, comparedAs: "pixels")
        if let changed {
            var c = PixelComparison()
            c.pixels = 100
            c.changedPixels = changed
            c.maxChannelDifference = changed == 0 ? 0 : 50
            o.comparison = c
            o.beforeSize = (10, 10)
            o.afterSize = (10, 10)
        }
        return o
    }

    var report: ReviewReport {
        ReviewReport(baseline: "base", outputDirectory: "out", threshold: ReviewThreshold(channel: 4, sharePercent: 0.5), outputs: [
            output("z.png", .same, changed: 0), output("a.png", .same, changed: 0),
            output("little.png", .changed, changed: 1), output("much.png", .changed, changed: 40),
            output("gone.svg", .removed), output("fresh.pdf", .new),
        ])
    }

    func testCountsAndOrder() {
        XCTAssertEqual(report.counts, "2 changed, 1 new, 1 removed, 2 same")
        XCTAssertEqual(report.count(.changed), 2)
        XCTAssertTrue(report.hasChanges)
        XCTAssertEqual(report.outputs.map(\.path), ["much.png", "little.png", "fresh.pdf", "gone.svg", "a.png", "z.png"],
                       "changed most first, then new, removed, same; by path within")
        let unchanged = ReviewReport(baseline: "b", outputDirectory: "o", threshold: ReviewThreshold(),
                                     outputs: [output("a.png", .same, changed: 0)])
        XCTAssertFalse(unchanged.hasChanges)
        XCTAssertEqual(unchanged.counts, "0 changed, 0 new, 0 removed, 1 same")
    }

    func testTheJSONSummary() throws {
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(report.json.prettyPrinted.utf8)) as? [String: Any])
        XCTAssertEqual(json["version"] as? Int, 1)
        XCTAssertEqual(json["baseline"] as? String, "base")
        XCTAssertEqual(json["summary"] as? [String: Int], ["changed": 2, "new": 1, "removed": 1, "same": 2])
        XCTAssertEqual(json["threshold"] as? [String: Double], ["channel": 4, "sharePercent": 0.5])
        let outputs = try XCTUnwrap(json["outputs"] as? [[String: Any]])
        XCTAssertEqual(outputs.map { $0["path"] as? String }, report.outputs.map(\.path))
        XCTAssertEqual(outputs[0]["sharePercent"] as? Double, 40)
        XCTAssertEqual(outputs[0]["changedPixels"] as? Int, 40)
        XCTAssertEqual(outputs[0]["maxChannelDifference"] as? Int, 50)
        XCTAssertEqual(outputs[0]["before"] as? [String: Int], ["width": 10, "height": 10])
        XCTAssertTrue(outputs[2]["pixels"] is NSNull, "a new output was not compared")
    }

    func testPercentText() {
        XCTAssertEqual(ReviewReport.percentText(0), "0%")
        XCTAssertEqual(ReviewReport.percentText(0.4), "40%")
        XCTAssertEqual(ReviewReport.percentText(0.012345), "1.2345%")
        XCTAssertEqual(ReviewReport.percentText(1e-9), "<0.0001%", "never 0 when not 0")
    }

    func testThePageEscapesNamesAndFetchesNothing() {
        let hostile = ReviewReport(baseline: "<base>", outputDirectory: "o&o", threshold: ReviewThreshold(),
                                   outputs: [output("<script>alert(1)</script>.png", .new)])
        let html = hostile.html
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertFalse(html.contains("<script>alert(1)"))
        XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;.png"))
        XCTAssertTrue(html.contains("&lt;base&gt;"))
        XCTAssertTrue(html.contains("o&amp;o"))
        XCTAssertTrue(html.contains("default-src 'none'"))
        XCTAssertFalse(html.contains("src=\"http"), "no picture from outside the page")
        XCTAssertTrue(html.contains("0 changed"))
    }

    /// A changed output's pictures are inside the page as data: URIs, each once.
    func testPicturesAreEmbeddedAsDataURIs() {
        var changed = output("c.png", .changed, changed: 3)
        changed.pictures = ReviewedOutput.Pictures(before: [1, 2, 3], after: [4, 5, 6], diff: [7, 8, 9])
        let html = ReviewReport(baseline: "b", outputDirectory: "o", threshold: ReviewThreshold(), outputs: [changed]).html
        for bytes: [UInt8] in [[1, 2, 3], [4, 5, 6], [7, 8, 9]] {
            let uri = "data:image/png;base64,\(Data(bytes).base64EncodedString())"
            XCTAssertEqual(html.components(separatedBy: uri).count, 2, "\(bytes) once")
        }
    }
}
