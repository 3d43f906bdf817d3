import Foundation
import SceneReview
import SceneSupport
import ScenecBuild
import TestSupport
import XCTest

/// A review against another build's manifest (`--baseline-manifest`), in-process, with the
/// baseline's bytes from a `BlobSource` (here a dictionary by SHA-256; at merge, the remote
/// cache's store): changed outputs are then compared by their pixels as against a folder, and a
/// blob whose bytes are not its digest is never used.
extension BaselineReviewTests {
    func testAReviewAgainstAManifestComparesPixelsOfBlobsVerifiedByTheirDigest() throws {
        let project = try Project(self)
        for i in 0..<4 { try project.write(square(x: i), "scenes/" + scenePath(i)) }
        XCTAssertEqual(try project.build(try plan(project, "base")).status, .success)
        // The baseline's blobs by digest, then its folder gone: only the manifest is left.
        var blobs: [String: [UInt8]] = [:]
        for i in 0..<4 {
            let bytes = Array(try project.data("base/" + scenePath(i).replacingOccurrences(of: ".scene.yaml", with: ".png")))
            blobs[SHA256.hex(bytes)] = bytes
        }
        try FileManager.default.moveItem(at: project.url("base/.scenec-manifest.json"), to: project.url("main.json"))
        try FileManager.default.removeItem(at: project.url("base"))

        try project.write(square(x: 1, color: "#ff9900"), "scenes/" + scenePath(1))  // 100 pixels
        try project.write(square(x: 32), "scenes/" + scenePath(2))                    // 200 pixels
        try project.remove("scenes/" + scenePath(3))
        func review(_ source: (any BlobSource)?) throws -> [String: [String: Any]] {
            var plan = try plan(project, "out")
            var options = ReviewOptions(baseline: project.path("main.json"), threshold: ReviewThreshold(),
                                        reportDirectory: project.path("out/.scenec-review"), reportInsideOutput: ".scenec-review",
                                        failOnChange: false, markdown: project.path("review.md"))
            options.againstManifest = true
            options.blobs = source
            plan.review = options
            let result = try project.build(plan)
            XCTAssertEqual(result.status, .success, result.reviewText)
            XCTAssertTrue(result.reviewText.contains("2 changed, 0 new, 1 removed, 1 same"), result.reviewText)
            let outputs = try summary(project.url("out/.scenec-review"))["outputs"] as? [[String: Any]] ?? []
            return Dictionary(uniqueKeysWithValues: outputs.map { ($0["path"] as? String ?? "", $0) })
        }
        let stored = blobs
        let compared = try review(BlobClosure { stored[$0] })
        XCTAssertEqual(compared["a/s02.png"]?["changedPixels"] as? Int, 200)
        XCTAssertEqual(compared["a/s01.png"]?["changedPixels"] as? Int, 100)
        XCTAssertEqual(compared["a/s01.png"]?["comparedAs"] as? String, "png")
        XCTAssertEqual(compared["a/s00.png"]?["verdict"] as? String, "same")
        XCTAssertEqual(compared["a/s03.png"]?["verdict"] as? String, "removed")
        XCTAssertEqual(compared["a/s02.png"]?["scene"] as? String, scenePath(2))
        let page = try XCTUnwrap(compared["a/s02.png"]?["page"] as? String)
        let html = try String(contentsOf: project.url("out/.scenec-review/" + page), encoding: .utf8)
        XCTAssertTrue(html.contains("class=\"diff\"") && html.contains("class=\"legend\""), "pictures from the blobs")
        let removed = try XCTUnwrap(compared["a/s03.png"]?["page"] as? String)
        XCTAssertTrue(try String(contentsOf: project.url("out/.scenec-review/" + removed), encoding: .utf8).contains("class=\"before\""),
                      "the removed one's picture comes from its blob too")

        // A source that answers with other bytes: never used, the outputs are changed by their digest.
        let lying = try review(BlobClosure { _ in Array("not the picture".utf8) })
        XCTAssertEqual(lying["a/s02.png"]?["comparedAs"] as? String, "sha256")
        XCTAssertNil(lying["a/s02.png"]?["changedPixels"] as? Int)
        XCTAssertTrue((lying["a/s02.png"]?["note"] as? String ?? "").contains("are not SHA-256"), "\(lying["a/s02.png"] ?? [:])")
        let markdown = try String(contentsOf: project.url("review.md"), encoding: .utf8)
        XCTAssertTrue(markdown.contains("bytes differ"), markdown)

        // Scene 1 put back: its page from the reviews before is removed, the others' stay.
        try project.write(square(x: 1), "scenes/" + scenePath(1))
        var putBack = try plan(project, "out")
        var options = ReviewOptions(baseline: project.path("main.json"), threshold: ReviewThreshold(),
                                    reportDirectory: project.path("out/.scenec-review"), reportInsideOutput: ".scenec-review",
                                    failOnChange: false)
        options.againstManifest = true
        putBack.review = options
        let again = try project.build(putBack)
        XCTAssertTrue(again.reviewText.contains("1 changed, 0 new, 1 removed, 2 same"), again.reviewText)
        let pages = try FileManager.default.contentsOfDirectory(atPath: project.path("out/.scenec-review/scenes")).sorted()
        XCTAssertEqual(pages, [page, removed].map { String($0.dropFirst("scenes/".count)) }.sorted())
    }
}
