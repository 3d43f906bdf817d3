import XCTest
import ScenecBuild
import TestSupport

/// `--animated webp|apng|gif|mp4|webm`, in-process (moved from ScenecCLITests.BuildAnimatedTests,
/// which keeps ffmpeg missing from PATH and the usage error): one animated file per scene with a
/// timeline, built incrementally like every output, and reviewed against a baseline frame by
/// frame. The files are read back by ffprobe and by the browser (Tests/Browser/review_test.py);
/// the frame-by-frame comparison is checked against files ffmpeg encoded from the same frames.
/// (BaselineReviewTests' own, for its plans, summaries and browser check.)
extension BaselineReviewTests {
    func modified(_ url: URL) throws -> Date {
        try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
    }

    /// `plan` with `--animated format`.
    func animated(_ format: String, _ plan: BuildPlan) throws -> BuildPlan {
        var plan = plan
        plan.animated = try XCTUnwrap(BuildPlan.Animated(rawValue: format), format)
        return plan
    }

    func testAnimatedWebPAndAPNGAreBuiltOnceAndAChangedAnimationIsReviewedFrameByFrame() throws {
        for format in ["webp", "apng"] {
            let project = try Project(self)
            try project.write(fadeScene(to: "#0000ff"), "scenes/fade.scene.yaml")
            try project.write(square(x: 4), "scenes/still.scene.yaml")
            let base = project.url("base")
            let first = try project.build(try animated(format, plan(project, "base")))
            XCTAssertEqual(first.status, .success, first.diagnosticsText)
            let file = base.appendingPathComponent("fade.\(format)")
            XCTAssertEqual(try Set(FileManager.default.contentsOfDirectory(atPath: base.path)),
                           [".scenec-manifest.json", ".scenec-build.lock", "fade.png", "fade.\(format)", "still.png"],
                           "a scene without a timeline has no animated file")
            // Up to date: nothing is written again.
            let written = try modified(file), bytes = try Data(contentsOf: file)
            let again = try project.build(try animated(format, plan(project, "base")))
            XCTAssertTrue(again.summary.contains("0 built, 2 up to date, 0 failed"), again.summary)
            XCTAssertEqual(try modified(file), written, "\(format) rewritten")
            // The same animation built again into another folder is the same file.
            let unchanged = project.url("unchanged")
            let same = try project.build(try animated(format, plan(project, "unchanged", baseline: "base")))
            XCTAssertEqual(same.status, .success, same.reviewText)
            XCTAssertEqual(try Data(contentsOf: unchanged.appendingPathComponent("fade.\(format)")), bytes)
            XCTAssertEqual(counts(try summary(unchanged.appendingPathComponent(".scenec-review"))),
                           ["changed": 0, "new": 0, "removed": 0, "same": 3])

            // The animation changes: frames 1–4 differ at the square's 100 pixels, frame 0 not at all.
            try project.write(fadeScene(to: "#ff0000"), "scenes/fade.scene.yaml")
            let out = project.url("out")
            let changed = try project.build(try animated(format, plan(project, "out", baseline: "base")))
            XCTAssertEqual(changed.status, .success, changed.reviewText)
            XCTAssertTrue(changed.reviewText.contains("changed: \(out.path)/fade.\(format) (3.3333% of pixels"), changed.reviewText)
            let reportDirectory = out.appendingPathComponent(".scenec-review")
            let summary = try summary(reportDirectory)
            XCTAssertEqual(counts(summary), ["changed": 1, "new": 0, "removed": 0, "same": 2])
            let output = try XCTUnwrap(outputs(summary, "changed").first)
            XCTAssertEqual(output["path"] as? String, "fade.\(format)")
            XCTAssertEqual(output["comparedAs"] as? String, "\(format) frames")
            XCTAssertEqual(output["frames"] as? Int, 5)
            XCTAssertEqual(output["pixels"] as? Int, 5 * 60 * 40)
            XCTAssertEqual(output["changedPixels"] as? Int, 4 * 100)
            XCTAssertEqual(output["sameTiming"] as? Bool, true)

            // Both sides are embedded whole, of their media type, so they play; the diff is of frame 2.
            let html = try reportPages(reportDirectory)
            let type = format == "webp" ? "image/webp" : "image/apng"
            let after = try Data(contentsOf: out.appendingPathComponent("fade.\(format)"))
            XCTAssertNotEqual(after, bytes)
            XCTAssertTrue(html.contains("class=\"before\" src=\"data:\(type);base64,\(bytes.base64EncodedString())\""))
            XCTAssertTrue(html.contains("class=\"after\" src=\"data:\(type);base64,\(after.base64EncodedString())\""))
            XCTAssertTrue(html.contains("5 frames; the diff is of frame 2, which changed most"), html)
            let spec = project.url("expected.json")
            try JSONSerialization.data(withJSONObject: ["diffs": ["fade.\(format)": ["changed": [[20, 5, 30, 15]]]],
                                                        "animated": ["fade.\(format)": 5]]).write(to: spec)
            try runBrowserCheck(reportDirectory.appendingPathComponent("index.html"), spec)
        }
    }

    /// A baseline whose animations another encoder (ffmpeg) made from the same frames, with other
    /// bytes — its APNG blends and disposes frames its own way, its WebP rounds milliseconds
    /// otherwise — plays back to the same pixels and timing: same. ffmpeg cannot read animated
    /// WebP here, so both come from scenec's APNG.
    func testAnimationsAnotherEncoderMadeFromTheSameFramesAreTheSame() throws {
        let project = try Project(self)
        try project.write(fadeScene(to: "#ff0000"), "scenes/fade.scene.yaml")
        XCTAssertEqual(try project.build(try animated("apng", plan(project, "built"))).status, .success)
        let base = project.url("base")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let source = project.path("built/fade.apng")
        for (name, options) in [("fade.apng", ["-plays", "1", "-pred", "mixed", "-f", "apng"]),
                                ("fade.webp", ["-c:v", "libwebp_anim", "-lossless", "1", "-loop", "1"])] {
            let made = try runProgram(URL(fileURLWithPath: "/usr/bin/ffmpeg"),
                                      ["-v", "error", "-i", source] + options + [base.appendingPathComponent(name).path])
            XCTAssertEqual(made.status, 0, made.stderr)
        }
        for format in ["apng", "webp"] {
            let out = project.url("out-\(format)")
            let result = try project.build(try animated(format, plan(project, "out-\(format)", baseline: "base")))
            XCTAssertEqual(result.status, .success, result.reviewText)
            XCTAssertNotEqual(try Data(contentsOf: out.appendingPathComponent("fade.\(format)")),
                              try Data(contentsOf: base.appendingPathComponent("fade.\(format)")))
            let summary = try summary(out.appendingPathComponent(".scenec-review"))
            let same = outputs(summary, "same").first { $0["path"] as? String == "fade.\(format)" }
            XCTAssertEqual(same?["changedPixels"] as? Int, 0, "\(format): \(summary)")
            XCTAssertEqual(same?["frames"] as? Int, 5, format)
            XCTAssertEqual(same?["sameTiming"] as? Bool, true, format)
        }
    }

    /// Video through ffmpeg, read back by ffprobe; another --animated leaves the old file stale.
    func testVideoThroughFFmpegAndAnotherModeLeavesTheOldFileStale() throws {
        let project = try Project(self)
        try project.write(fadeScene(to: "#ff0000"), "scenes/fade.scene.yaml")
        let out = project.url("out")
        let video = try project.build(try animated("mp4", plan(project, "out")))
        XCTAssertEqual(video.status, .success, video.diagnosticsText + "\(video.errors)")
        let probe = try runProgram(URL(fileURLWithPath: "/usr/bin/ffprobe"),
                                   ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                    "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0",
                                    out.appendingPathComponent("fade.mp4").path])
        XCTAssertEqual(probe.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines), "h264,60,40,5", probe.stderr)
        let again = try project.build(try animated("mp4", plan(project, "out")))
        XCTAssertTrue(again.summary.contains("0 built, 1 up to date"), again.summary)

        var gifPlan = try animated("gif", plan(project, "out"))
        let gif = try project.build(gifPlan)
        XCTAssertEqual(gif.status, .success, gif.diagnosticsText)
        XCTAssertEqual(gif.stale(removed: false)[out.path + "/fade.mp4"], "not asked for by --animated", "\(gif.stale(removed: false))")
        gifPlan.prune = true
        let pruned = try project.build(gifPlan)
        XCTAssertEqual(pruned.status, .success, pruned.diagnosticsText)
        XCTAssertEqual(try Set(FileManager.default.contentsOfDirectory(atPath: out.path)),
                       [".scenec-manifest.json", ".scenec-build.lock", "fade.png", "fade.gif"])
        XCTAssertTrue(try Data(contentsOf: out.appendingPathComponent("fade.gif")).starts(with: Array("GIF89a".utf8)))

        // A Ninja file makes the same file with scenec frames.
        var ninjaPlan = try animated("webp", plan(project, "out"))
        ninjaPlan.ninja = .init(path: project.path("b.ninja"), scenec: scenecBinary(), diagnostics: [],
                                project: try projectArguments(project), budgets: [])
        XCTAssertEqual(try project.build(ninjaPlan).status, .success)
        let text = try String(contentsOf: project.url("b.ninja"), encoding: .utf8)
        XCTAssertTrue(text.contains("build out/fade.png out/fade.webp: build scenes/fade.scene.yaml\n"), text)
        XCTAssertTrue(text.contains(" --animated webp "), text)
    }
}
