import Foundation
import SceneReview
import TestSupport
import XCTest

/// The review fit for a pull request, as CI runs it (issue 24, acceptance 3): 500 tiny scenes,
/// 50 of them changed by amounts the geometry fixes; the Markdown summary read back by
/// markdown-it lists the ten most changed in order, the index stays small, and a changed scene's
/// page in headless Chromium shows its diff in the heat colour of its magnitude and the legend.
final class ReviewForPullRequestsTests: XCTestCase {
    /// A 64 × 8 white scene with a 4 × 8 blue bar at the left; scene `changed` (0–49) of the
    /// changed ones adds a grey bar of `changed + 1` columns at x = 10 whose channels are
    /// 5 × (changed + 1) below white: (changed + 1) × 8 pixels changed, by 5 × (changed + 1).
    static func scene(changed: Int? = nil) -> String {
        var text = """
            canvas: {width: 64, height: 8, background: white}
            views:
              - {type: group, frame: {x: 0, y: 0, width: 4, height: 8}, backgroundColor: "#0000ff"}

            """
        if let k = changed {
            let level = String(255 - 5 * (k + 1), radix: 16)
            let hex = (level.count == 1 ? "0" : "") + level
            text += "  - {type: group, frame: {x: 10, y: 0, width: \(k + 1), height: 8}, backgroundColor: \"#\(hex)\(hex)\(hex)\"}\n"
        }
        return text
    }

    /// Scene i of 500 in five folders; the changed ones are every tenth, i = 10k + 3 for k = 0…49.
    static func name(_ i: Int) -> String { "f\(i / 100)/s\(String(1000 + i).dropFirst()).scene.yaml" }

    func testA500SceneReviewWith50ChangesFitsAPullRequest() throws {
        let root = try temporaryDirectory(self)
        let scenes = root.appendingPathComponent("scenes")
        for i in 0..<500 { try write(Self.scene(), Self.name(i), in: scenes) }
        let base = try scenec(["build", "scenes", "-o", "base", "--formats", "png", "--jobs", "2"], directory: root, timeout: 120)
        XCTAssertEqual(base.status, 0, base.stderr)
        for k in 0..<50 { try write(Self.scene(changed: k), Self.name(10 * k + 3), in: scenes) }
        let review = try scenec(["build", "scenes", "-o", "out", "--formats", "png", "--jobs", "2", "--baseline", "base",
                                 "--review-markdown", "summary/review.md"], directory: root, timeout: 120)
        XCTAssertEqual(review.status, 0, review.stderr)
        XCTAssertTrue(review.stderr.contains("against base: 50 changed, 0 new, 0 removed, 450 same"), review.stderr)

        // The Markdown: the ten most changed scenes, most first, with share and magnitude, each
        // linked (relative to the Markdown file) to its page, which is there.
        let markdown = try String(contentsOf: root.appendingPathComponent("summary/review.md"), encoding: .utf8)
        let parsed = try parseMarkdown(markdown, self)
        let rows = try XCTUnwrap(parsed["rows"] as? [[[String: Any]]])
        let worst = (40..<50).reversed()
        XCTAssertEqual(rows.map { $0.compactMap { $0["text"] as? String } }, worst.map { k in
            [Self.name(10 * k + 3), Self.name(10 * k + 3).replacingOccurrences(of: ".scene.yaml", with: ".png"),
             ReviewReport.percentText(Double((k + 1) * 8) / 512), "\(5 * (k + 1)) of 255"]
        }, markdown)
        for row in rows {
            let link = try XCTUnwrap((row.first?["links"] as? [String])?.first)
            XCTAssertTrue(link.hasPrefix("../out/.scenec-review/scenes/"), link)
            XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("summary/" + link).path), link)
        }
        XCTAssertTrue(markdown.contains("and 40 more changed scenes"), markdown)
        XCTAssertEqual(parsed["html"] as? Int, 0)
        XCTAssertEqual(parsed["headings"] as? [String], ["scenec review: 50 scenes changed, 0 new, 0 removed, 450 same"],
                       "the heading counts scenes, as the table does")

        // The index: one row per changed scene, no picture, far below 500 KB.
        let report = root.appendingPathComponent("out/.scenec-review")
        let index = try Data(contentsOf: report.appendingPathComponent("index.html"))
        XCTAssertLessThanOrEqual(index.count, 500_000)
        let indexText = String(decoding: index, as: UTF8.self)
        XCTAssertEqual(indexText.components(separatedBy: "<tr class=\"changed\"").count - 1, 50)
        XCTAssertFalse(indexText.contains("data:image"), "the pictures are on the scenes' pages")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: report.appendingPathComponent("scenes").path).count, 50)

        // The most changed scene's page in Chromium: its diff bar in the heat colour of a change
        // by 250, the faintest (a change by 5) pale, and the legend running from faint to hot.
        func heat(_ d: Int) -> [Int] { let c = HeatScale.color(d); return [Int(c.red), Int(c.green), Int(c.blue)] }
        let spec = root.appendingPathComponent("expected.json")
        let ends = [HeatScale.stops[0], HeatScale.stops[HeatScale.stops.count - 1]].map { [Int($0.red), Int($0.green), Int($0.blue)] }
        try JSONSerialization.data(withJSONObject: [
            "diffs": [
                "f4/s493.png": ["changed": [[10, 0, 60, 8]], "color": heat(250)],
                "f0/s003.png": ["changed": [[10, 0, 11, 8]], "color": heat(5)],
            ], "partial": true, "legend": ends,
        ]).write(to: spec)
        XCTAssertTrue(heat(5)[1] > 200 && heat(250)[1] < 40, "a slight change looks faint, a large one hot: \(heat(5)) \(heat(250))")
        try runReviewBrowserCheck(report.appendingPathComponent("index.html"), spec)
    }

    /// Against another build's manifest, with no baseline folder: the digests tell same from
    /// changed, new and removed; without a source of the baseline's bytes a changed output is
    /// changed by its bytes. The Markdown's links begin with `--review-url`.
    func testAReviewAgainstABaselineManifestAlone() throws {
        let root = try temporaryDirectory(self)
        let scenes = root.appendingPathComponent("scenes")
        for i in 0..<4 { try write(Self.scene(), Self.name(i), in: scenes) }
        XCTAssertEqual(try scenec(["build", "scenes", "-o", "base", "--formats", "png"], directory: root).status, 0)
        try FileManager.default.moveItem(at: root.appendingPathComponent("base/.scenec-manifest.json"),
                                         to: root.appendingPathComponent("main-manifest.json"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("base"))
        try write(Self.scene(changed: 3), Self.name(1), in: scenes)
        try FileManager.default.removeItem(at: scenes.appendingPathComponent(Self.name(2)))
        try write(Self.scene(), "f0/new.scene.yaml", in: scenes)
        // --review-markdown replaces its file, as every output is (docs/ci.md says how to append).
        try Data("an earlier step's summary\n".utf8).write(to: root.appendingPathComponent("review.md"))
        let review = try scenec(["build", "scenes", "-o", "out", "--formats", "png", "--baseline-manifest", "main-manifest.json",
                                 "--review-markdown", "review.md", "--review-url", "https://ci.example/runs/7/review"],
                                directory: root)
        XCTAssertEqual(review.status, 0, review.stderr)
        XCTAssertTrue(review.stderr.contains("against main-manifest.json: 1 changed, 1 new, 1 removed, 2 same"), review.stderr)
        XCTAssertTrue(review.stderr.contains("changed: out/f0/s001.png (by SHA-256)"), review.stderr)
        XCTAssertTrue(review.stderr.contains("removed: f0/s002.png (listed in main-manifest.json)"), review.stderr)
        let summary = try XCTUnwrap(try JSONSerialization.jsonObject(
            with: Data(contentsOf: root.appendingPathComponent("out/.scenec-review/summary.json"))) as? [String: Any])
        let outputs = try XCTUnwrap(summary["outputs"] as? [[String: Any]])
        let changed = try XCTUnwrap(outputs.first { $0["verdict"] as? String == "changed" })
        XCTAssertEqual(changed["path"] as? String, "f0/s001.png")
        XCTAssertEqual(changed["comparedAs"] as? String, "sha256")
        XCTAssertTrue((changed["note"] as? String ?? "").contains("no source of the baseline's bytes"), "\(changed)")
        XCTAssertEqual(outputs.first { $0["verdict"] as? String == "removed" }?["path"] as? String, "f0/s002.png")
        let markdown = try String(contentsOf: root.appendingPathComponent("review.md"), encoding: .utf8)
        XCTAssertTrue(markdown.hasPrefix("### scenec review: 1 scene changed, 1 new, 1 removed, 2 same"), markdown)
        XCTAssertFalse(markdown.contains("an earlier step's summary"), "replaced, not appended to: \(markdown)")
        let parsed = try parseMarkdown(markdown, self)
        let links = try XCTUnwrap(parsed["links"] as? [[String]])
        XCTAssertEqual(links.first, ["the full report", "https://ci.example/runs/7/review/index.html"])
        XCTAssertEqual(links.dropFirst().first, [Self.name(1), "https://ci.example/runs/7/review/" + ReviewedScene.page(forScene: Self.name(1))])
        let rows = try XCTUnwrap(parsed["rows"] as? [[[String: Any]]])
        XCTAssertEqual(rows.first?.compactMap { $0["text"] as? String }, [Self.name(1), "f0/s001.png", "bytes differ", "–"])

        // Refused before building: both baselines, and a manifest that is not a file.
        let both = try scenec(["build", "scenes", "-o", "x", "--baseline", "out", "--baseline-manifest", "main-manifest.json"],
                              directory: root)
        XCTAssertEqual(both.status, 2, both.stderr)
        let folder = try scenec(["build", "scenes", "-o", "x", "--baseline-manifest", "out"], directory: root)
        XCTAssertEqual(folder.status, 3, folder.stderr)
        XCTAssertTrue(folder.stderr.contains("is not a file: it is a folder"), folder.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("x").path), "nothing is built")
    }
}
