import XCTest
import SceneReview
import ScenecBuild
import TestSupport

/// A build reviewed against a baseline (`--baseline DIR`), in-process (moved from
/// ScenecCLITests.BuildReviewTests, which keeps the options refused before building): every
/// output set against the baseline's file of the same path, by pixels for PNG, SVG and PDF; the
/// JSON summary read back with Foundation's JSON reader and the HTML report opened in headless
/// Chromium (Tests/Browser/review_test.py).
final class BaselineReviewTests: XCTestCase {
    /// A 60 × 40 white picture with one 10 × 10 square at (x, 5): which pixels change is fixed
    /// by the geometry.
    func square(x: Int, color: String = "#0000ff") -> String {
        """
        canvas: {width: 60, height: 40, background: white}
        views:
          - {type: group, frame: {x: \(x), y: 5, width: 10, height: 10}, backgroundColor: "\(color)"}

        """
    }

    /// The scene of square i: a/s00…a/s14, b/s15…b/s29, the square at x = i.
    func scenePath(_ i: Int) -> String { "\(i < 15 ? "a" : "b")/s\(i < 10 ? "0" : "")\(i).scene.yaml" }

    /// `scenec build scenes -o out [--baseline base …]`: the report in out/.scenec-review unless
    /// `report` names another folder (`--review-report`).
    func plan(_ project: Project, _ out: String, baseline: String? = nil, failOnChange: Bool = false,
              threshold: ReviewThreshold = ReviewThreshold(), report: String? = nil) throws -> BuildPlan {
        var plan = try project.plan(out: out)
        if let baseline {
            plan.review = ReviewOptions(baseline: project.path(baseline), threshold: threshold,
                                        reportDirectory: report.map(project.path) ?? project.path(out + "/.scenec-review"),
                                        reportInsideOutput: report == nil ? ".scenec-review" : nil, failOnChange: failOnChange)
        }
        return plan
    }

    func summary(_ reportDirectory: URL) throws -> [String: Any] {
        let data = try Data(contentsOf: reportDirectory.appendingPathComponent("summary.json"))
        return try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    func counts(_ summary: [String: Any]) -> [String: Int] {
        (summary["summary"] as? [String: Any] ?? [:]).compactMapValues { $0 as? Int }
    }

    func outputs(_ summary: [String: Any], _ verdict: String) -> [[String: Any]] {
        (summary["outputs"] as? [[String: Any]] ?? []).filter { $0["verdict"] as? String == verdict }
    }

    /// The heat scale's colour of a change by 255 (both squares change a channel by 255), and
    /// of the legend's two ends, as the browser spec wants them.
    var hot: [Int] { let c = HeatScale.color(255); return [Int(c.red), Int(c.green), Int(c.blue)] }
    var legendEnds: [[Int]] {
        [HeatScale.stops[0], HeatScale.stops[HeatScale.stops.count - 1]].map { [Int($0.red), Int($0.green), Int($0.blue)] }
    }

    /// The pages of the report: the index and the scenes' pages it links.
    func reportPages(_ reportDirectory: URL) throws -> String {
        let scenes = reportDirectory.appendingPathComponent("scenes")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: scenes.path)) ?? []).sorted()
        return try ([reportDirectory.appendingPathComponent("index.html")] + names.map { scenes.appendingPathComponent($0) })
            .map { try String(contentsOf: $0, encoding: .utf8) }.joined()
    }

    func runBrowserCheck(_ html: URL, _ spec: URL) throws { try runReviewBrowserCheck(html, spec) }

    func testThirtyScenesTwoEditedOneAddedOneRemovedThenIdenticalBuildsAndTwoJobs() throws {
        let project = try Project(self)
        for i in 0..<30 { try project.write(square(x: i), "scenes/" + scenePath(i)) }
        var first = try plan(project, "base")
        first.jobs = 1
        XCTAssertEqual(try project.build(first).status, .success)

        // Two edits whose changed pixels the geometry gives: a/s03 turns orange (its 100 pixels),
        // b/s17 moves 30 to the right (100 pixels it leaves, 100 it covers).
        try project.write(square(x: 3, color: "#ff9900"), "scenes/" + scenePath(3))
        try project.write(square(x: 47), "scenes/" + scenePath(17))
        try project.remove("scenes/" + scenePath(5))
        try project.write(square(x: 30), "scenes/b/s30.scene.yaml")

        let out = project.url("out"), base = project.url("base")
        let review = try project.build(try plan(project, "out", baseline: "base"))
        XCTAssertEqual(review.status, .success, "without --fail-on-change a change is not a failure: \(review.reviewText)")
        XCTAssertTrue(review.reviewText.contains("against \(base.path): 2 changed, 1 new, 1 removed, 27 same"), review.reviewText)
        let reportDirectory = out.appendingPathComponent(".scenec-review")
        let report = try summary(reportDirectory)
        XCTAssertEqual(counts(report), ["changed": 2, "new": 1, "removed": 1, "same": 27])
        let changed = outputs(report, "changed")
        // Most changed first: the moved square (200 pixels of 2400) before the recoloured one (100).
        XCTAssertEqual(changed.map { $0["path"] as? String }, ["b/s17.png", "a/s03.png"])
        XCTAssertEqual(changed.map { $0["changedPixels"] as? Int }, [200, 100])
        XCTAssertEqual(changed.map { $0["pixels"] as? Int }, [2400, 2400])
        XCTAssertEqual(changed.map { $0["maxChannelDifference"] as? Int }, [255, 255])
        XCTAssertEqual(changed.map { $0["sharePercent"] as? Double }, [8.3333, 4.1667])
        XCTAssertEqual(outputs(report, "new").map { $0["path"] as? String }, ["b/s30.png"])
        XCTAssertEqual(outputs(report, "removed").map { $0["path"] as? String }, ["a/s05.png"])
        XCTAssertFalse(outputs(report, "same").contains { ($0["path"] as? String) == "a/s05.png" })
        for line in ["changed: \(out.path)/b/s17.png (8.3333% of pixels, by up to 255)", "new: \(out.path)/b/s30.png",
                     "removed: \(base.path)/a/s05.png"] {
            XCTAssertTrue(review.reviewText.contains(line), review.reviewText)
        }
        let failing = try project.build(try plan(project, "out", baseline: "base", failOnChange: true))
        XCTAssertEqual(failing.status, .sceneError, failing.reviewText)
        XCTAssertTrue(failing.summary.contains("0 built, 30 up to date"), "the review needs no rebuild: \(failing.summary)")

        // The report in a real browser: both diff pictures, in the heat colour of a 255 change
        // exactly where the geometry says, each page with the heat legend.
        let spec = project.url("expected.json")
        try JSONSerialization.data(withJSONObject: ["diffs": [
            "a/s03.png": ["changed": [[3, 5, 13, 15]], "color": hot,
                          "wipe": ["point": [8, 10], "before": [0, 0, 255], "after": [255, 153, 0]]],
            "b/s17.png": ["changed": [[17, 5, 27, 15], [47, 5, 57, 15]], "color": hot],
        ], "legend": legendEnds]).write(to: spec)
        let html = reportDirectory.appendingPathComponent("index.html")
        try runBrowserCheck(html, spec)

        // Identical builds: the same scenes built afresh elsewhere, one job and two.
        var again = try plan(project, "again", baseline: "out", failOnChange: true)
        again.jobs = 1
        let same = try project.build(again)
        XCTAssertEqual(same.status, .success, same.reviewText)
        XCTAssertEqual(counts(try summary(project.url("again/.scenec-review"))),
                       ["changed": 0, "new": 0, "removed": 0, "same": 30])
        var twoJobs = try plan(project, "two-jobs", baseline: "again", failOnChange: true)
        twoJobs.jobs = 2
        let parallel = try project.build(twoJobs)
        XCTAssertEqual(parallel.status, .success, parallel.reviewText)
        XCTAssertTrue(parallel.reviewText.contains("0 changed, 0 new, 0 removed, 30 same"), parallel.reviewText)
        // The report itself is deterministic: the same folders give the same bytes.
        let before = try Data(contentsOf: html)
        let rerun = try project.build(try plan(project, "out", baseline: "base"))
        XCTAssertEqual(rerun.status, .success, rerun.reviewText)
        XCTAssertEqual(before, try Data(contentsOf: reportDirectory.appendingPathComponent("index.html")))
    }

    /// A PDF with another creation date and an SVG with a comment added draw the same: same.
    /// A real change in them is seen through the rasterisers.
    func testVectorOutputsWhoseBytesDifferButPixelsDoNotAreTheSame() throws {
        let project = try Project(self)
        try project.write(square(x: 4), "scenes/v.scene.yaml")
        try project.write(square(x: 20), "scenes/w.scene.yaml")
        let base = project.url("base"), out = project.url("out")
        var first = try plan(project, "base")
        first.formats = [.svg, .pdf]
        first.sourceDateEpoch = 0
        XCTAssertEqual(try project.build(first).status, .success)
        let svg = base.appendingPathComponent("v.svg")
        var text = try String(contentsOf: svg, encoding: .utf8)
        let declarationEnd = try XCTUnwrap(text.range(of: "?>"))
        text.insert(contentsOf: "\n<!-- written by another producer -->", at: declarationEnd.upperBound)
        try text.write(to: svg, atomically: true, encoding: .utf8)
        try project.write(square(x: 20, color: "#00ff00"), "scenes/w.scene.yaml")

        var second = try plan(project, "out", baseline: "base")
        second.formats = [.svg, .pdf]
        second.sourceDateEpoch = 1_700_000_000
        let review = try project.build(second)
        XCTAssertEqual(review.status, .success, review.reviewText)
        XCTAssertNotEqual(try Data(contentsOf: base.appendingPathComponent("v.pdf")),
                          try Data(contentsOf: out.appendingPathComponent("v.pdf")))
        XCTAssertNotEqual(try Data(contentsOf: svg), try Data(contentsOf: out.appendingPathComponent("v.svg")))
        let report = try summary(out.appendingPathComponent(".scenec-review"))
        XCTAssertEqual(counts(report), ["changed": 2, "new": 0, "removed": 0, "same": 2])
        let same = outputs(report, "same")
        XCTAssertEqual(same.map { $0["path"] as? String }, ["v.pdf", "v.svg"])
        XCTAssertEqual(same.map { $0["changedPixels"] as? Int }, [0, 0], "compared by pixels, not bytes")
        XCTAssertEqual(same.map { $0["comparedAs"] as? String }, ["pdf via pdftoppm", "svg via rsvg-convert"])
        let changed = outputs(report, "changed")
        XCTAssertEqual(changed.map { $0["path"] as? String }, ["w.pdf", "w.svg"])
        XCTAssertEqual(changed.map { $0["changedPixels"] as? Int }, [100, 100])
    }

    /// A PNG from another producer with other bytes but the same pixels is the same: here one
    /// written by Python's zlib whose transparent pixels hold red (invisible, premultiplied away)
    /// where scenec's hold black.
    func testAPNGWithOtherBytesButThePicturesPixelsIsTheSame() throws {
        let project = try Project(self)
        try project.write(square(x: 4).replacingOccurrences(of: ", background: white", with: ""), "scenes/clear.scene.yaml")
        XCTAssertEqual(try project.build(try plan(project, "base")).status, .success)
        let png = project.url("base/clear.png")
        let writer = """
            import struct, sys, zlib
            rows = b"".join(b"\\0" + b"".join(b"\\0\\0\\xff\\xff" if 4 <= x < 14 and 5 <= y < 15 else b"\\xff\\0\\0\\0"
                                              for x in range(60)) for y in range(40))
            chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
            open(sys.argv[1], "wb").write(b"\\x89PNG\\r\\n\\x1a\\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 60, 40, 8, 6, 0, 0, 0))
                                          + chunk(b"IDAT", zlib.compress(rows, 1)) + chunk(b"IEND", b""))
            """
        let before = try Data(contentsOf: png)
        let made = try runProgram(URL(fileURLWithPath: "/usr/bin/python3"), ["-c", writer, png.path])
        XCTAssertEqual(made.status, 0, made.stderr)
        XCTAssertNotEqual(try Data(contentsOf: png), before)
        let result = try project.build(try plan(project, "out", baseline: "base", failOnChange: true))
        XCTAssertEqual(result.status, .success, result.reviewText)
        let same = outputs(try summary(project.url("out/.scenec-review")), "same")
        XCTAssertEqual(same.map { $0["path"] as? String }, ["clear.png"])
        XCTAssertEqual(same.first?["changedPixels"] as? Int, 0, "compared by pixels")
        XCTAssertEqual(same.first?["maxChannelDifference"] as? Int, 0)
    }

    /// A pixel changes past N of 255; an output past S% of its pixels. (A threshold that does not
    /// read is a usage error: ScenecCLITests.BuildReviewTests.)
    func testTheThresholdDecidesWhatCounts() throws {
        let project = try Project(self)
        try project.write(square(x: 4), "scenes/faint.scene.yaml")  // blue 255 → 250: a difference of 5
        try project.write(square(x: 4), "scenes/big.scene.yaml")    // 100 of 2400 pixels: 4.1667%
        XCTAssertEqual(try project.build(try plan(project, "base")).status, .success)
        try project.write(square(x: 4, color: "#0000fa"), "scenes/faint.scene.yaml")
        try project.write(square(x: 4, color: "#ff0000"), "scenes/big.scene.yaml")
        func verdicts(_ threshold: String?) throws -> [String: String] {
            let parsed = try threshold.map { try XCTUnwrap(ReviewThreshold($0), $0) } ?? ReviewThreshold()
            let result = try project.build(try plan(project, "out", baseline: "base", threshold: parsed))
            XCTAssertEqual(result.status, .success, result.reviewText)
            let report = try summary(project.url("out/.scenec-review"))
            return Dictionary(uniqueKeysWithValues: (report["outputs"] as? [[String: Any]] ?? []).map {
                ($0["path"] as? String ?? "", $0["verdict"] as? String ?? "")
            })
        }
        XCTAssertEqual(try verdicts(nil), ["faint.png": "changed", "big.png": "changed"])
        XCTAssertEqual(try verdicts("4"), ["faint.png": "changed", "big.png": "changed"])
        XCTAssertEqual(try verdicts("5"), ["faint.png": "same", "big.png": "changed"])
        XCTAssertEqual(try verdicts("5,4%"), ["faint.png": "same", "big.png": "changed"])
        XCTAssertEqual(try verdicts("5,4.2%"), ["faint.png": "same", "big.png": "same"])
        let faint = (try summary(project.url("out/.scenec-review"))["outputs"] as? [[String: Any]])?
            .first { $0["path"] as? String == "faint.png" }
        XCTAssertEqual(faint?["maxChannelDifference"] as? Int, 5)
        XCTAssertEqual(faint?["changedPixels"] as? Int, 0)
        for bad in ["256", "-1", "5,101%", "x", "5,", "5,2,3"] {
            XCTAssertNil(ReviewThreshold(bad), bad)
        }
    }

    /// Animated files (here a GIF and an animated PNG that ffmpeg made, in a baseline folder
    /// without a manifest) are embedded whole, so they play in the report; an animated PNG is
    /// not taken for its first frame.
    func testAnimatedOutputsAreEmbeddedWholeAndPlay() throws {
        let project = try Project(self)
        try project.write(square(x: 4), "scenes/still.scene.yaml")
        XCTAssertEqual(try project.build(try plan(project, "base")).status, .success)
        let base = project.url("base")
        for (name, format) in [("spin.gif", ["-f", "gif"]), ("spin.png", ["-plays", "0", "-f", "apng"])] {
            let made = try runProgram(URL(fileURLWithPath: "/usr/bin/ffmpeg"),
                                      ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=40x30:rate=4:duration=1"] + format
                                      + [base.appendingPathComponent(name).path])
            XCTAssertEqual(made.status, 0, made.stderr)
        }
        // A scenec build folder's outputs are what its manifest lists: the files ffmpeg added are not.
        let asBuilt = try project.build(try plan(project, "out", baseline: "base"))
        XCTAssertEqual(asBuilt.status, .success, asBuilt.reviewText)
        XCTAssertEqual(counts(try summary(project.url("out/.scenec-review"))),
                       ["changed": 0, "new": 0, "removed": 0, "same": 1])
        // Without its manifest (artefacts uploaded without hidden files), every file is an output.
        try project.remove("base/.scenec-manifest.json")
        let result = try project.build(try plan(project, "out", baseline: "base"))
        XCTAssertEqual(result.status, .success, result.reviewText)
        let report = try summary(project.url("out/.scenec-review"))
        XCTAssertEqual(counts(report), ["changed": 0, "new": 0, "removed": 2, "same": 1])
        XCTAssertEqual(outputs(report, "removed").map { $0["comparedAs"] as? String },
                       ["bytes (image/gif, animated)", "apng frames"])
        let spec = project.url("expected.json")
        try JSONSerialization.data(withJSONObject: ["animated": ["spin.gif": 4, "spin.png": 4]]).write(to: spec)
        try runBrowserCheck(project.url("out/.scenec-review/index.html"), spec)
    }

    /// Names with markup in them are text in the report; nothing in it reaches the network.
    func testHostileNamesAreEscapedAndNothingIsFetched() throws {
        let project = try Project(self)
        let hostile = "<img src=x onerror=alert(1)>&\"q'"
        try project.write(square(x: 4), "scenes/plain.scene.yaml")
        XCTAssertEqual(try project.build(try plan(project, "base")).status, .success)
        try project.write(square(x: 8), "scenes/\(hostile).scene.yaml")
        let out = project.url("out <&>"), reports = project.url("review & <report>")
        let result = try project.build(try plan(project, "out <&>", baseline: "base", report: "review & <report>"))
        XCTAssertEqual(result.status, .success, result.reviewText)
        let html = try reportPages(reports)
        XCTAssertFalse(html.contains(hostile), "the name is in the page unescaped")
        XCTAssertFalse(html.contains("<img src=x"))
        XCTAssertTrue(html.contains("&lt;img src=x onerror=alert(1)&gt;&amp;&quot;q&apos;.png"), html)
        XCTAssertTrue(html.contains("<code>\(XMLEscaped(out.path))</code>"), html)
        for reference in ["http://", "https://", "//cdn", "src=\"/"] {
            XCTAssertFalse(html.contains(reference), "the report refers to \(reference)")
        }
        // Its only links are between its own pages: the scenes' pages by hash, and back up.
        let links = Set(html.components(separatedBy: "href=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) })
        XCTAssertTrue(links.allSatisfy { $0 == "../index.html" || $0 == "same.html" || $0.range(of: "^scenes/[0-9a-f]{16}\\.html$", options: .regularExpression) != nil }, "\(links)")
        // Every picture is inside the file.
        let sources = html.components(separatedBy: " src=\"").dropFirst().map { $0.prefix(22) }
        XCTAssertFalse(sources.isEmpty)
        XCTAssertTrue(sources.allSatisfy { $0 == "data:image/png;base64," }, "\(sources)")
        let report = try summary(reports)
        XCTAssertEqual(outputs(report, "new").map { $0["path"] as? String }, ["\(hostile).png"])
    }

    /// `&`, `<` and `>` as the report escapes them, written out here rather than with the
    /// report's own escaping, which is what is tested.
    func XMLEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// A baseline file that does not decode cannot be said to be the same: it is reported
    /// changed, with the reason, and the exit status says the review is incomplete.
    func testABaselineFileThatIsNotAPictureIsAChangeAndAnError() throws {
        let project = try Project(self)
        try project.write(square(x: 4), "scenes/s.scene.yaml")
        try project.write(square(x: 9), "scenes/t.scene.yaml")
        XCTAssertEqual(try project.build(try plan(project, "base")).status, .success)
        try Data("not a picture".utf8).write(to: project.url("base/s.png"))
        let result = try project.build(try plan(project, "out", baseline: "base", failOnChange: true))
        XCTAssertEqual(result.status, .io, "\(result.errors)")
        XCTAssertTrue(result.errors.contains { $0.contains("cannot compare 's.png' with the baseline: '\(project.path("base"))/s.png' is not a PNG file") },
                      "\(result.errors)")
        let report = try summary(project.url("out/.scenec-review"))
        XCTAssertEqual(counts(report), ["changed": 1, "new": 0, "removed": 0, "same": 1])
        XCTAssertEqual((outputs(report, "changed").first?["note"] as? String)?.contains("is not a PNG file"), true)
    }
}

extension InProcessBuild {
    /// The review's lines as the command line prints them after `scenec build: `: a line per
    /// output that is not the same, then `against BASELINE: COUNTS; report: …`.
    var reviewText: String {
        events.compactMap { event -> String? in
            switch event {
            case .reviewed(let verdict, let path, let how): return "\(verdict.rawValue): \(path)\(how)\n"
            case .reviewDone(let baseline, let counts, let report): return "against \(baseline): \(counts); report: \(report)\n"
            default: return nil
            }
        }.joined()
    }
}
