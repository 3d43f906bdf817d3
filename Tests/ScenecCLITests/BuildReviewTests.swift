import Foundation
import XCTest

/// `scenec build --baseline DIR`: every output set against the baseline's file of the same path,
/// by pixels for PNG, SVG and PDF; the JSON summary read back with Foundation's JSON reader and
/// the HTML report opened in headless Chromium (Tests/Browser/review_test.py).
final class BuildReviewTests: XCTestCase {
    /// A 60 × 40 white picture with one 10 × 10 square at (x, 5): which pixels change is fixed
    /// by the geometry.
    func square(x: Int, color: String = "#0000ff") -> String {
        """
        canvas: {width: 60, height: 40, background: white}
        views:
          - {type: group, frame: {x: \(x), y: 5, width: 10, height: 10}, backgroundColor: "\(color)"}

        """
    }

    func write(_ text: String, _ relative: String, in root: URL) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// The scene of square i: a/s00…a/s14, b/s15…b/s29, the square at x = i.
    func scenePath(_ i: Int) -> String { "\(i < 15 ? "a" : "b")/s\(i < 10 ? "0" : "")\(i).scene.yaml" }

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

    func testThirtyScenesTwoEditedOneAddedOneRemovedThenIdenticalBuildsAndTwoJobs() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes")
        for i in 0..<30 { try write(square(x: i), scenePath(i), in: scenes) }
        let base = dir.appendingPathComponent("base")
        let first = try scenec(["build", scenes.path, "-o", base.path, "--jobs", "1"], timeout: 60)
        XCTAssertEqual(first.status, 0, first.stderr)

        // Two edits whose changed pixels the geometry gives: a/s03 turns orange (its 100 pixels),
        // b/s17 moves 30 to the right (100 pixels it leaves, 100 it covers).
        try write(square(x: 3, color: "#ff9900"), scenePath(3), in: scenes)
        try write(square(x: 47), scenePath(17), in: scenes)
        try FileManager.default.removeItem(at: scenes.appendingPathComponent(scenePath(5)))
        try write(square(x: 30), "b/s30.scene.yaml", in: scenes)

        let out = dir.appendingPathComponent("out")
        let review = try scenec(["build", scenes.path, "-o", out.path, "--baseline", base.path], timeout: 60)
        XCTAssertEqual(review.status, 0, "without --fail-on-change a change is not a failure: \(review.stderr)")
        XCTAssertTrue(review.stderr.contains("against \(base.path): 2 changed, 1 new, 1 removed, 27 same"), review.stderr)
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
            XCTAssertTrue(review.stderr.contains(line), review.stderr)
        }
        let failing = try scenec(["build", scenes.path, "-o", out.path, "--baseline", base.path, "--fail-on-change"],
                                 timeout: 60)
        XCTAssertEqual(failing.status, 1, failing.stderr)
        XCTAssertTrue(failing.stderr.contains("0 built, 30 up to date"), "the review needs no rebuild: \(failing.stderr)")

        // The report in a real browser: both diff pictures, red exactly where the geometry says.
        let spec = dir.appendingPathComponent("expected.json")
        try JSONSerialization.data(withJSONObject: ["diffs": [
            "a/s03.png": ["red": [[3, 5, 13, 15]], "wipe": ["point": [8, 10], "before": [0, 0, 255], "after": [255, 153, 0]]],
            "b/s17.png": ["red": [[17, 5, 27, 15], [47, 5, 57, 15]]],
        ]]).write(to: spec)
        let html = reportDirectory.appendingPathComponent("index.html")
        try runBrowserCheck(html, spec)

        // Identical builds: the same scenes built afresh elsewhere, one job and two.
        let again = dir.appendingPathComponent("again")
        let same = try scenec(["build", scenes.path, "-o", again.path, "--jobs", "1", "--baseline", out.path,
                               "--fail-on-change"], timeout: 60)
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertEqual(counts(try summary(again.appendingPathComponent(".scenec-review"))),
                       ["changed": 0, "new": 0, "removed": 0, "same": 30])
        let twoJobs = dir.appendingPathComponent("two-jobs")
        let parallel = try scenec(["build", scenes.path, "-o", twoJobs.path, "--jobs", "2", "--baseline", again.path,
                                   "--fail-on-change"], timeout: 60)
        XCTAssertEqual(parallel.status, 0, parallel.stderr)
        XCTAssertTrue(parallel.stderr.contains("0 changed, 0 new, 0 removed, 30 same"), parallel.stderr)
        // The report itself is deterministic: the same folders give the same bytes.
        let rerun = try scenec(["build", scenes.path, "-o", out.path, "--baseline", base.path], timeout: 60)
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        XCTAssertEqual(try Data(contentsOf: html), try Data(contentsOf: reportDirectory.appendingPathComponent("index.html")))
    }

    func runBrowserCheck(_ html: URL, _ spec: URL) throws {
        for needed in ["/usr/bin/python3", "/usr/bin/chromium", "/usr/bin/chromedriver"] {
            XCTAssertTrue(FileManager.default.isExecutableFile(atPath: needed),
                          "\(needed) is missing: run make deps (chromium chromium-driver python3-selenium)")
        }
        let script = repositoryRoot.appendingPathComponent("Tests/Browser/review_test.py").path
        let result = try runProgram(URL(fileURLWithPath: "/usr/bin/python3"), [script, html.path, spec.path], timeout: 120)
        XCTAssertEqual(result.status, 0, result.stdoutText + result.stderr)
        XCTAssertTrue(result.stdoutText.contains("all review checks passed"), result.stdoutText + result.stderr)
    }

    /// A PDF with another creation date and an SVG with a comment added draw the same: same.
    /// A real change in them is seen through the rasterisers.
    func testVectorOutputsWhoseBytesDifferButPixelsDoNotAreTheSame() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes")
        try write(square(x: 4), "v.scene.yaml", in: scenes)
        try write(square(x: 20), "w.scene.yaml", in: scenes)
        let base = dir.appendingPathComponent("base"), out = dir.appendingPathComponent("out")
        XCTAssertEqual(try scenec(["build", scenes.path, "-o", base.path, "--formats", "svg,pdf"],
                                  environment: ["SOURCE_DATE_EPOCH": "0"]).status, 0)
        let svg = base.appendingPathComponent("v.svg")
        var text = try String(contentsOf: svg, encoding: .utf8)
        let declarationEnd = try XCTUnwrap(text.range(of: "?>"))
        text.insert(contentsOf: "\n<!-- written by another producer -->", at: declarationEnd.upperBound)
        try text.write(to: svg, atomically: true, encoding: .utf8)
        try write(square(x: 20, color: "#00ff00"), "w.scene.yaml", in: scenes)

        let review = try scenec(["build", scenes.path, "-o", out.path, "--formats", "svg,pdf", "--baseline", base.path],
                                environment: ["SOURCE_DATE_EPOCH": "1700000000"], timeout: 60)
        XCTAssertEqual(review.status, 0, review.stderr)
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
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes"), base = dir.appendingPathComponent("base")
        try write(square(x: 4).replacingOccurrences(of: ", background: white", with: ""), "clear.scene.yaml", in: scenes)
        XCTAssertEqual(try scenec(["build", scenes.path, "-o", base.path]).status, 0)
        let png = base.appendingPathComponent("clear.png")
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
        let out = dir.appendingPathComponent("out")
        let result = try scenec(["build", scenes.path, "-o", out.path, "--baseline", base.path, "--fail-on-change"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let same = outputs(try summary(out.appendingPathComponent(".scenec-review")), "same")
        XCTAssertEqual(same.map { $0["path"] as? String }, ["clear.png"])
        XCTAssertEqual(same.first?["changedPixels"] as? Int, 0, "compared by pixels")
        XCTAssertEqual(same.first?["maxChannelDifference"] as? Int, 0)
    }

    /// A pixel changes past N of 255; an output past S% of its pixels.
    func testTheThresholdDecidesWhatCounts() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes")
        try write(square(x: 4), "faint.scene.yaml", in: scenes)  // blue 255 → 250: a difference of 5
        try write(square(x: 4), "big.scene.yaml", in: scenes)    // 100 of 2400 pixels: 4.1667%
        let base = dir.appendingPathComponent("base")
        XCTAssertEqual(try scenec(["build", scenes.path, "-o", base.path]).status, 0)
        try write(square(x: 4, color: "#0000fa"), "faint.scene.yaml", in: scenes)
        try write(square(x: 4, color: "#ff0000"), "big.scene.yaml", in: scenes)
        let out = dir.appendingPathComponent("out")
        func verdicts(_ threshold: String?) throws -> [String: String] {
            let result = try scenec(["build", scenes.path, "-o", out.path, "--baseline", base.path]
                                    + (threshold.map { ["--threshold", $0] } ?? []))
            XCTAssertEqual(result.status, 0, result.stderr)
            let report = try summary(out.appendingPathComponent(".scenec-review"))
            return Dictionary(uniqueKeysWithValues: (report["outputs"] as? [[String: Any]] ?? []).map {
                ($0["path"] as? String ?? "", $0["verdict"] as? String ?? "")
            })
        }
        XCTAssertEqual(try verdicts(nil), ["faint.png": "changed", "big.png": "changed"])
        XCTAssertEqual(try verdicts("4"), ["faint.png": "changed", "big.png": "changed"])
        XCTAssertEqual(try verdicts("5"), ["faint.png": "same", "big.png": "changed"])
        XCTAssertEqual(try verdicts("5,4%"), ["faint.png": "same", "big.png": "changed"])
        XCTAssertEqual(try verdicts("5,4.2%"), ["faint.png": "same", "big.png": "same"])
        let faint = (try summary(out.appendingPathComponent(".scenec-review"))["outputs"] as? [[String: Any]])?
            .first { $0["path"] as? String == "faint.png" }
        XCTAssertEqual(faint?["maxChannelDifference"] as? Int, 5)
        XCTAssertEqual(faint?["changedPixels"] as? Int, 0)
        for bad in ["256", "-1", "5,101%", "x", "5,", "5,2,3"] {
            let result = try scenec(["build", scenes.path, "-o", out.path, "--baseline", base.path, "--threshold", bad])
            XCTAssertEqual(result.status, 2, "\(bad): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--threshold takes N or N,S%"), result.stderr)
        }
    }

    /// Animated files (here a GIF and an animated PNG that ffmpeg made, in a baseline folder
    /// without a manifest) are embedded whole, so they play in the report; an animated PNG is
    /// not taken for its first frame.
    func testAnimatedOutputsAreEmbeddedWholeAndPlay() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes"), base = dir.appendingPathComponent("base")
        try write(square(x: 4), "still.scene.yaml", in: scenes)
        XCTAssertEqual(try scenec(["build", scenes.path, "-o", base.path]).status, 0)
        for (name, format) in [("spin.gif", ["-f", "gif"]), ("spin.png", ["-plays", "0", "-f", "apng"])] {
            let made = try runProgram(URL(fileURLWithPath: "/usr/bin/ffmpeg"),
                                      ["-v", "error", "-f", "lavfi", "-i", "testsrc=size=40x30:rate=4:duration=1"] + format
                                      + [base.appendingPathComponent(name).path])
            XCTAssertEqual(made.status, 0, made.stderr)
        }
        let out = dir.appendingPathComponent("out")
        // A scenec build folder's outputs are what its manifest lists: the files ffmpeg added are not.
        let asBuilt = try scenec(["build", scenes.path, "-o", out.path, "--baseline", base.path])
        XCTAssertEqual(asBuilt.status, 0, asBuilt.stderr)
        XCTAssertEqual(counts(try summary(out.appendingPathComponent(".scenec-review"))),
                       ["changed": 0, "new": 0, "removed": 0, "same": 1])
        // Without its manifest (artefacts uploaded without hidden files), every file is an output.
        try FileManager.default.removeItem(at: base.appendingPathComponent(".scenec-manifest.json"))
        let result = try scenec(["build", scenes.path, "-o", out.path, "--baseline", base.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try summary(out.appendingPathComponent(".scenec-review"))
        XCTAssertEqual(counts(report), ["changed": 0, "new": 0, "removed": 2, "same": 1])
        XCTAssertEqual(outputs(report, "removed").map { $0["comparedAs"] as? String },
                       ["bytes (image/gif, animated)", "apng frames"])
        let spec = dir.appendingPathComponent("expected.json")
        try JSONSerialization.data(withJSONObject: ["animated": ["spin.gif": 4, "spin.png": 4]]).write(to: spec)
        try runBrowserCheck(out.appendingPathComponent(".scenec-review/index.html"), spec)
    }

    /// Names with markup in them are text in the report; nothing in it reaches the network.
    func testHostileNamesAreEscapedAndNothingIsFetched() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes")
        let hostile = "<img src=x onerror=alert(1)>&\"q'"
        try write(square(x: 4), "plain.scene.yaml", in: scenes)
        let base = dir.appendingPathComponent("base")
        XCTAssertEqual(try scenec(["build", scenes.path, "-o", base.path]).status, 0)
        try write(square(x: 8), "\(hostile).scene.yaml", in: scenes)
        let out = dir.appendingPathComponent("out <&>"), reports = dir.appendingPathComponent("review & <report>")
        let result = try scenec(["build", scenes.path, "-o", out.path, "--baseline", base.path,
                                 "--review-report", reports.path])
        XCTAssertEqual(result.status, 0, result.stderr)
        let html = try String(contentsOf: reports.appendingPathComponent("index.html"), encoding: .utf8)
        XCTAssertFalse(html.contains(hostile), "the name is in the page unescaped")
        XCTAssertFalse(html.contains("<img src=x"))
        XCTAssertTrue(html.contains("&lt;img src=x onerror=alert(1)&gt;&amp;&quot;q&apos;.png"), html)
        XCTAssertTrue(html.contains("<code>\(XMLEscaped(out.path))</code>"), html)
        for reference in ["http://", "https://", "//cdn", "src=\"/", "href="] {
            XCTAssertFalse(html.contains(reference), "the report refers to \(reference)")
        }
        // Every picture is inside the file.
        let sources = html.components(separatedBy: " src=\"").dropFirst().map { $0.prefix(22) }
        XCTAssertFalse(sources.isEmpty)
        XCTAssertTrue(sources.allSatisfy { $0 == "data:image/png;base64," }, "\(sources)")
        let report = try summary(reports)
        XCTAssertEqual(outputs(report, "new").map { $0["path"] as? String }, ["\(hostile).png"])
    }

    func XMLEscaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// A baseline file that does not decode cannot be said to be the same: it is reported
    /// changed, with the reason, and the exit status says the review is incomplete.
    func testABaselineFileThatIsNotAPictureIsAChangeAndAnError() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes"), base = dir.appendingPathComponent("base")
        try write(square(x: 4), "s.scene.yaml", in: scenes)
        try write(square(x: 9), "t.scene.yaml", in: scenes)
        XCTAssertEqual(try scenec(["build", scenes.path, "-o", base.path]).status, 0)
        try Data("not a picture".utf8).write(to: base.appendingPathComponent("s.png"))
        let out = dir.appendingPathComponent("out")
        let result = try scenec(["build", scenes.path, "-o", out.path, "--baseline", base.path, "--fail-on-change"])
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot compare 's.png' with the baseline: '\(base.path)/s.png' is not a PNG file"),
                      result.stderr)
        let report = try summary(out.appendingPathComponent(".scenec-review"))
        XCTAssertEqual(counts(report), ["changed": 1, "new": 0, "removed": 0, "same": 1])
        XCTAssertEqual((outputs(report, "changed").first?["note"] as? String)?.contains("is not a PNG file"), true)
    }

    /// A baseline that is not there, and review options that make no sense, stop the command
    /// before anything is built.
    func testAMissingBaselineAndMisplacedOptionsAreRefusedBeforeBuilding() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes")
        try write(square(x: 4), "s.scene.yaml", in: scenes)
        let out = dir.appendingPathComponent("out")
        let missing = try scenec(["build", scenes.path, "-o", out.path, "--baseline", dir.appendingPathComponent("nope").path])
        XCTAssertEqual(missing.status, 3, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("the baseline '\(dir.path)/nope' is not a folder: No such file or directory"),
                      missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing is built")
        for args in [["--fail-on-change"], ["--threshold", "3"], ["--baseline", dir.path, "--shard", "1/2"],
                     ["--baseline", dir.path, "--emit-ninja", "b.ninja"], ["--baseline", dir.path, "--watch"]] {
            let result = try scenec(["build", scenes.path, "-o", out.path] + args)
            XCTAssertEqual(result.status, 2, "\(args): \(result.stderr)")
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing is built")
        XCTAssertTrue(try scenec(["build", "--help"]).stdoutText.contains("--baseline DIR"))
    }
}
