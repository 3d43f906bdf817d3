import Foundation
import SceneReview
import TestSupport
import XCTest

/// The report's counts, order, JSON summary, HTML pages and Markdown from outputs made here.
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

    func testThePagesEscapeNamesAndFetchNothing() throws {
        let hostile = ReviewReport(baseline: "<base>", outputDirectory: "o&o", threshold: ReviewThreshold(),
                                   outputs: [output("<script>alert(1)</script>.png", .new)])
        let scene = try XCTUnwrap(hostile.scenesWithPages.first)
        let html = hostile.indexPage + hostile.page(of: scene)
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>"))
        XCTAssertFalse(html.contains("<script>alert(1)"))
        XCTAssertTrue(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;.png"))
        XCTAssertTrue(html.contains("&lt;base&gt;"))
        XCTAssertTrue(html.contains("o&amp;o"))
        XCTAssertTrue(html.contains("default-src 'none'"))
        XCTAssertFalse(html.contains("src=\"http"), "no picture from outside the page")
        XCTAssertTrue(html.contains("href=\"\(scene.page)\""), "the index links the page by its hash, not its name")
        XCTAssertTrue(scene.page.hasPrefix("scenes/") && scene.page.count == "scenes/".count + 16 + ".html".count, scene.page)
        XCTAssertTrue(html.contains("0 changed"))
    }

    /// A changed output's pictures are inside the page as data: URIs, each once.
    func testPicturesAreEmbeddedAsDataURIsInTheScenePageOnly() throws {
        var changed = output("c.png", .changed, changed: 3)
        changed.pictures = ReviewedOutput.Pictures(before: [1, 2, 3], after: [4, 5, 6], diff: [7, 8, 9])
        let report = ReviewReport(baseline: "b", outputDirectory: "o", threshold: ReviewThreshold(), outputs: [changed])
        let html = report.page(of: try XCTUnwrap(report.scenesWithPages.first))
        for bytes: [UInt8] in [[1, 2, 3], [4, 5, 6], [7, 8, 9]] {
            let uri = "data:image/png;base64,\(Data(bytes).base64EncodedString())"
            XCTAssertEqual(html.components(separatedBy: uri).count, 2, "\(bytes) once")
        }
        XCTAssertTrue(html.contains("class=\"legend\""), "a page with a diff has the heat scale's key")
        XCTAssertTrue(html.contains(HeatScale.cssGradient), "drawn from the scale's own stops")
        XCTAssertFalse(report.indexPage.contains("data:image"), "the index holds no picture")
    }

    /// The formats of one scene are one row of the index and one page; a scene the manifest does
    /// not name is grouped by its outputs' path; scenes that are the same have no row.
    func testOutputsAreGroupedByScene() throws {
        func named(_ o: ReviewedOutput, _ scene: String?) -> ReviewedOutput { var o = o; o.scene = scene; return o }
        let report = ReviewReport(baseline: "b", outputDirectory: "o", threshold: ReviewThreshold(), outputs: [
            named(output("r.png", .changed, changed: 5), "r.scene.yaml"), named(output("r.svg", .same, changed: 0), "r.scene.yaml"),
            named(output("r.pdf", .changed, changed: 30), "r.scene.yaml"),
            output("d/old.png", .removed), output("d/old.frames/0001.png", .removed),
            named(output("s.png", .same, changed: 0), "s.scene.yaml"),
        ])
        XCTAssertEqual(report.scenes.map(\.name), ["r.scene.yaml", "d/old", "s.scene.yaml"])
        XCTAssertEqual(report.scenes[0].outputs.map(\.path), ["r.pdf", "r.png", "r.svg"], "most changed first")
        XCTAssertEqual(report.scenes[0].worstShare, 0.3)
        XCTAssertEqual(report.scenes[0].worstMagnitude, 50)
        XCTAssertEqual(report.scenes[1].outputs.map(\.path), ["d/old.frames/0001.png", "d/old.png"])
        XCTAssertEqual(report.scenesWithPages.map(\.name), ["r.scene.yaml", "d/old"])
        let index = report.indexPage
        XCTAssertEqual(index.components(separatedBy: "<tr class=").count - 1, 2, "one row per scene with a change")
        let row = try XCTUnwrap(index.components(separatedBy: "<tr class=").dropFirst().first)
        for path in ["r.pdf", "r.png", "r.svg"] { XCTAssertTrue(row.contains("<code>\(path)</code>"), "\(path) on the scene's row") }
        XCTAssertTrue(row.contains("30% by up to 50"), row)
        XCTAssertTrue(report.samePage.contains("<code>s.png</code>") && !index.contains("<code>s.png</code>"))
        XCTAssertEqual(ReviewedScene.name(ofOutput: "a/b/c.flipbook.pdf"), "a/b/c")
        XCTAssertEqual(ReviewedScene.name(ofOutput: "drawable-mdpi/ring.png"), "drawable-mdpi/ring")
    }

    /// The Markdown read back by markdown-it with GitHub's autolinks (Tests/Review/markdown_summary.py):
    /// the ten most changed scenes in order with their share and magnitude, then "and N more";
    /// hostile names stay text — no HTML, no link of theirs, not even the bare `www.`, `http://`
    /// and e-mail addresses GitHub links in plain text, no bidi control — and every link goes to
    /// the scene's page.
    func testTheMarkdownListsTheMostChangedAndKeepsNamesText() throws {
        var outputs: [ReviewedOutput] = []
        for i in 0..<13 {
            var o = output("s\(i).png", .changed, changed: i + 1)
            o.scene = "s\(i).scene.yaml"
            outputs.append(o)
        }
        let hostile = "x|y](https://evil.example)<img src=x onerror=alert(1)>*b*\n# h"
        let bare = ["www.evil.com", "http://evil.com/a", "mail\\@evil.com", "x@evil.com", "`tick``s` |",
                    "bidi\u{202E}gnp.exe"]
        for name in [hostile] + bare {
            var new = output("\(name).png", .new)
            new.scene = name + ".scene.yaml"
            outputs.append(new)
        }
        // Outside a link's text, where GitHub autolinks (with a TLD linkify-it knows).
        for path in ["www.evil.com/c.png", "x\\@evil.com/c.svg"] {
            var autolinked = output(path, .changed, changed: 100)
            autolinked.scene = "www.evil.com/c|d.scene.yaml"
            outputs.append(autolinked)
        }
        let report = ReviewReport(baseline: "www.evil.com/base", outputDirectory: "x@evil.com", threshold: ReviewThreshold(),
                                  outputs: outputs)
        let markdown = report.markdown(pages: "https://ci.example/run 1/review/")
        let parsed = try parseMarkdown(markdown, self)
        let rows = try XCTUnwrap(parsed["rows"] as? [[[String: Any]]])
        XCTAssertEqual(rows.map { $0.first?["text"] as? String }, ["www.evil.com/c|d.scene.yaml"] + (4..<13).reversed().map { "s\($0).scene.yaml" })
        XCTAssertEqual(rows.first?.compactMap { $0["text"] as? String },
                       ["www.evil.com/c|d.scene.yaml", "www.evil.com/c.png, x\\@evil.com/c.svg", "100%", "50 of 255"])
        XCTAssertEqual(rows.dropFirst().first?.compactMap { $0["text"] as? String }, ["s12.scene.yaml", "s12.png", "13%", "50 of 255"])
        XCTAssertEqual(rows.dropFirst().first?.first?["links"] as? [String],
                       ["https://ci.example/run%201/review/" + ReviewedScene.page(forScene: "s12.scene.yaml")])
        XCTAssertTrue(markdown.contains("and 4 more changed scenes"), markdown)
        XCTAssertEqual(parsed["html"] as? Int, 0, "no HTML from a name: \(markdown)")
        let links = try XCTUnwrap(parsed["links"] as? [[String]])
        XCTAssertEqual(links.count, 1 + 10 + 1 + bare.count, "the report, ten scenes and the new ones, nothing autolinked: \(links)")
        let prefix = "https://ci.example/run%201/review/"
        XCTAssertEqual(Set(links.suffix(1 + bare.count)), Set(([hostile] + bare).map {
            [($0 + ".scene.yaml").escaped(.text), prefix + ReviewedScene.page(forScene: $0 + ".scene.yaml")]
        }), "each new scene's name, exactly as text shows it, linked to its page")
        XCTAssertTrue(links.allSatisfy { $0[1].hasPrefix(prefix) }, "\(links)")
        XCTAssertFalse(markdown.contains("\u{202E}"), "a bidi control shows as its code point")
        XCTAssertTrue(links.contains { $0[0] == "bidi<U+202E>gnp.exe.scene.yaml" })
        XCTAssertFalse(links.contains { $0[1].contains("evil") }, "\(links)")
        XCTAssertEqual(parsed["headings"] as? [String], ["scenec review: 14 scenes changed, 7 new, 0 removed, 0 same"])
        let paragraphs = try XCTUnwrap(parsed["paragraphs"] as? [String])
        XCTAssertEqual(paragraphs.first, "Outputs: 15 changed, 7 new, 0 removed, 0 same. x@evil.com against the baseline "
                       + "www.evil.com/base: the full report.")
    }

    /// The counts say what they count: a scene in PNG and SVG is one scene, two outputs — in the
    /// Markdown's heading and the index's header alike.
    func testScenesAndOutputsAreCountedApart() throws {
        func named(_ o: ReviewedOutput, _ scene: String) -> ReviewedOutput { var o = o; o.scene = scene; return o }
        var outputs: [ReviewedOutput] = []
        for i in 0..<3 {
            let verdict: ReviewedOutput.Verdict = i < 2 ? .changed : .same
            outputs += ["png", "svg"].map { named(output("s\(i).\($0)", verdict, changed: verdict == .same ? 0 : 10), "s\(i).scene.yaml") }
        }
        let report = ReviewReport(baseline: "b", outputDirectory: "o", threshold: ReviewThreshold(), outputs: outputs)
        XCTAssertEqual(report.sceneCounts, "2 scenes changed, 0 new, 0 removed, 1 same")
        XCTAssertEqual(report.outputCounts, "outputs: 4 changed, 0 new, 0 removed, 2 same")
        let parsed = try parseMarkdown(report.markdown(pages: ""), self)
        XCTAssertEqual(parsed["headings"] as? [String], ["scenec review: 2 scenes changed, 0 new, 0 removed, 1 same"])
        XCTAssertTrue((parsed["paragraphs"] as? [String])?.first?.hasPrefix("Outputs: 4 changed, 0 new, 0 removed, 2 same.") == true, "\(parsed)")
        XCTAssertEqual((parsed["rows"] as? [Any])?.count, 2, "the table counts scenes")
        let index = report.indexPage
        XCTAssertTrue(index.contains("<title>scenec review: 2 scenes changed, 0 new, 0 removed, 1 same</title>"), index)
        XCTAssertTrue(index.contains("scenes: <span class=\"changed\">2 changed</span>"), index)
        XCTAssertTrue(index.contains("outputs: <span class=\"changed\">4 changed</span>"), index)
        XCTAssertTrue(index.contains(">2 same outputs</a>"), index)
        let one = ReviewReport(baseline: "b", outputDirectory: "o", threshold: ReviewThreshold(), outputs: [output("a.png", .changed, changed: 1)])
        XCTAssertEqual(one.sceneCounts, "1 scene changed, 0 new, 0 removed, 0 same")
    }

    /// A bidi control in a name (`bidi<U+202E>gnp.exe` would read as `bidiexe.png`) reaches
    /// neither the index nor the scene's page raw: it shows as its code point.
    func testThePagesShowBidiControlsAsTheirCodePoint() throws {
        var o = output("bidi\u{202E}gnp.exe\u{2066}.png", .new)
        o.scene = "bidi\u{202E}gnp.exe\u{2066}.scene.yaml"
        let report = ReviewReport(baseline: "b\u{200F}", outputDirectory: "o\u{061C}", threshold: ReviewThreshold(), outputs: [o])
        let html = report.indexPage + report.page(of: try XCTUnwrap(report.scenesWithPages.first)) + report.samePage
        for control in ["\u{202E}", "\u{2066}", "\u{200F}", "\u{061C}"] { XCTAssertFalse(html.unicodeScalars.contains(control.unicodeScalars.first ?? " "), control) }
        XCTAssertTrue(html.contains("bidi&lt;U+202E&gt;gnp.exe&lt;U+2066&gt;.scene.yaml"), html)
        XCTAssertTrue(html.contains("<code>bidi&lt;U+202E&gt;gnp.exe&lt;U+2066&gt;.png</code>"), html)
        XCTAssertTrue(html.contains("b&lt;U+200F&gt;") && html.contains("o&lt;U+061C&gt;"), html)
    }
}
