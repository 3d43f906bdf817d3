import Foundation
import XCTest

/// `scenec build --animated webp|apng|gif|mp4|webm`: one animated file per scene with a
/// timeline, built incrementally like every output, and reviewed against a baseline frame by
/// frame. The files are read back by ffprobe and by the browser (Tests/Browser/review_test.py);
/// the frame-by-frame comparison is checked against files ffmpeg encoded from the same frames.
/// (BuildReviewTests' own, for its scenes, summaries and browser check.)
extension BuildReviewTests {
    /// A 60 × 40 white picture with a 10 × 10 square at (20, 5) whose colour goes from blue to
    /// `to` in 1 s at 4 fps: 5 frames, of which the first is the same whatever `to` is, and the
    /// other 4 differ from blue at exactly the square's 100 pixels.
    func fade(to color: String) -> String {
        """
        canvas: {width: 60, height: 40, background: white}
        views:
          - {id: sq, type: group, frame: {x: 20, y: 5, width: 10, height: 10}, backgroundColor: "#0000ff"}
        timeline:
          fps: 4
          animations: [{target: sq.backgroundColor, from: "#0000ff", to: "\(color)", duration: 1s}]

        """
    }

    func modified(_ url: URL) throws -> Date {
        try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date)
    }

    func testAnimatedWebPAndAPNGAreBuiltOnceAndAChangedAnimationIsReviewedFrameByFrame() throws {
        for format in ["webp", "apng"] {
            let dir = try temporaryDirectory(self)
            let scenes = dir.appendingPathComponent("scenes"), base = dir.appendingPathComponent("base")
            try write(fade(to: "#0000ff"), "fade.scene.yaml", in: scenes)
            try write(square(x: 4), "still.scene.yaml", in: scenes)
            let first = try scenec(["build", scenes.path, "-o", base.path, "--animated", format])
            XCTAssertEqual(first.status, 0, first.stderr)
            let file = base.appendingPathComponent("fade.\(format)")
            XCTAssertEqual(try Set(FileManager.default.contentsOfDirectory(atPath: base.path)),
                           [".scenec-manifest.json", ".scenec-build.lock", "fade.png", "fade.\(format)", "still.png"],
                           "a scene without a timeline has no animated file")
            // Up to date: nothing is written again.
            let written = try modified(file), bytes = try Data(contentsOf: file)
            let again = try scenec(["build", scenes.path, "-o", base.path, "--animated", format])
            XCTAssertTrue(again.stderr.contains("0 built, 2 up to date, 0 failed"), again.stderr)
            XCTAssertEqual(try modified(file), written, "\(format) rewritten")
            // The same animation built again into another folder is the same file.
            let unchanged = dir.appendingPathComponent("unchanged")
            let same = try scenec(["build", scenes.path, "-o", unchanged.path, "--animated", format, "--baseline", base.path])
            XCTAssertEqual(same.status, 0, same.stderr)
            XCTAssertEqual(try Data(contentsOf: unchanged.appendingPathComponent("fade.\(format)")), bytes)
            XCTAssertEqual(counts(try summary(unchanged.appendingPathComponent(".scenec-review"))),
                           ["changed": 0, "new": 0, "removed": 0, "same": 3])

            // The animation changes: frames 1–4 differ at the square's 100 pixels, frame 0 not at all.
            try write(fade(to: "#ff0000"), "fade.scene.yaml", in: scenes)
            let out = dir.appendingPathComponent("out")
            let changed = try scenec(["build", scenes.path, "-o", out.path, "--animated", format, "--baseline", base.path])
            XCTAssertEqual(changed.status, 0, changed.stderr)
            XCTAssertTrue(changed.stderr.contains("changed: \(out.path)/fade.\(format) (3.3333% of pixels"), changed.stderr)
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
            let html = try String(contentsOf: reportDirectory.appendingPathComponent("index.html"), encoding: .utf8)
            let type = format == "webp" ? "image/webp" : "image/apng"
            let after = try Data(contentsOf: out.appendingPathComponent("fade.\(format)"))
            XCTAssertNotEqual(after, bytes)
            XCTAssertTrue(html.contains("class=\"before\" src=\"data:\(type);base64,\(bytes.base64EncodedString())\""))
            XCTAssertTrue(html.contains("class=\"after\" src=\"data:\(type);base64,\(after.base64EncodedString())\""))
            XCTAssertTrue(html.contains("5 frames; the diff is of frame 2, which changed most"), html)
            let spec = dir.appendingPathComponent("expected.json")
            try JSONSerialization.data(withJSONObject: ["diffs": ["fade.\(format)": ["red": [[20, 5, 30, 15]]]],
                                                        "animated": ["fade.\(format)": 5]]).write(to: spec)
            try runBrowserCheck(reportDirectory.appendingPathComponent("index.html"), spec)
        }
    }

    /// A baseline whose animations another encoder (ffmpeg) made from the same frames, with other
    /// bytes — its APNG blends and disposes frames its own way, its WebP rounds milliseconds
    /// otherwise — plays back to the same pixels and timing: same. ffmpeg cannot read animated
    /// WebP here, so both come from scenec's APNG.
    func testAnimationsAnotherEncoderMadeFromTheSameFramesAreTheSame() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes"), built = dir.appendingPathComponent("built")
        try write(fade(to: "#ff0000"), "fade.scene.yaml", in: scenes)
        XCTAssertEqual(try scenec(["build", scenes.path, "-o", built.path, "--animated", "apng"]).status, 0)
        let base = dir.appendingPathComponent("base")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let source = built.appendingPathComponent("fade.apng").path
        for (name, options) in [("fade.apng", ["-plays", "1", "-pred", "mixed", "-f", "apng"]),
                                ("fade.webp", ["-c:v", "libwebp_anim", "-lossless", "1", "-loop", "1"])] {
            let made = try runProgram(URL(fileURLWithPath: "/usr/bin/ffmpeg"),
                                      ["-v", "error", "-i", source] + options + [base.appendingPathComponent(name).path])
            XCTAssertEqual(made.status, 0, made.stderr)
        }
        for format in ["apng", "webp"] {
            let out = dir.appendingPathComponent("out-\(format)")
            let result = try scenec(["build", scenes.path, "-o", out.path, "--animated", format, "--baseline", base.path])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertNotEqual(try Data(contentsOf: out.appendingPathComponent("fade.\(format)")),
                              try Data(contentsOf: base.appendingPathComponent("fade.\(format)")))
            let summary = try summary(out.appendingPathComponent(".scenec-review"))
            let same = outputs(summary, "same").first { $0["path"] as? String == "fade.\(format)" }
            XCTAssertEqual(same?["changedPixels"] as? Int, 0, "\(format): \(summary)")
            XCTAssertEqual(same?["frames"] as? Int, 5, format)
            XCTAssertEqual(same?["sameTiming"] as? Bool, true, format)
        }
    }

    /// Video through ffmpeg, read back by ffprobe; ffmpeg missing stops the build before
    /// anything is written, naming the package; another --animated leaves the old file stale.
    func testVideoNeedsFFmpegAndAnotherModeLeavesTheOldFileStale() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes"), out = dir.appendingPathComponent("out")
        try write(fade(to: "#ff0000"), "fade.scene.yaml", in: scenes)
        let missing = try scenec(["build", scenes.path, "-o", out.path, "--animated", "mp4"],
                                 environment: ["PATH": dir.appendingPathComponent("empty").path])
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertEqual(missing.stderr,
                       "scenec: error: --animated mp4 is encoded by ffmpeg: ffmpeg is not installed (Debian package: ffmpeg)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing is built")

        let bad = try scenec(["build", scenes.path, "-o", out.path, "--animated", "mov"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--animated must be still, frames, flipbook, webp, apng, gif, mp4 or webm, not 'mov'"),
                      bad.stderr)

        let video = try scenec(["build", scenes.path, "-o", out.path, "--animated", "mp4"])
        XCTAssertEqual(video.status, 0, video.stderr)
        let probe = try runProgram(URL(fileURLWithPath: "/usr/bin/ffprobe"),
                                   ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                                    "stream=codec_name,width,height,nb_read_frames", "-of", "csv=p=0",
                                    out.appendingPathComponent("fade.mp4").path])
        XCTAssertEqual(probe.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines), "h264,60,40,5", probe.stderr)
        let again = try scenec(["build", scenes.path, "-o", out.path, "--animated", "mp4"])
        XCTAssertTrue(again.stderr.contains("0 built, 1 up to date"), again.stderr)

        let gif = try scenec(["build", scenes.path, "-o", out.path, "--animated", "gif"])
        XCTAssertEqual(gif.status, 0, gif.stderr)
        XCTAssertTrue(gif.stderr.contains("stale: \(out.path)/fade.mp4 (not asked for by --animated)"), gif.stderr)
        let pruned = try scenec(["build", scenes.path, "-o", out.path, "--animated", "gif", "--prune"])
        XCTAssertEqual(pruned.status, 0, pruned.stderr)
        XCTAssertEqual(try Set(FileManager.default.contentsOfDirectory(atPath: out.path)),
                       [".scenec-manifest.json", ".scenec-build.lock", "fade.png", "fade.gif"])
        XCTAssertTrue(try Data(contentsOf: out.appendingPathComponent("fade.gif")).starts(with: Array("GIF89a".utf8)))

        // A Ninja file makes the same file with scenec frames.
        let ninja = dir.appendingPathComponent("b.ninja")
        XCTAssertEqual(try scenec(["build", scenes.path, "-o", out.path, "--animated", "webp", "--emit-ninja", ninja.path]).status, 0)
        let text = try String(contentsOf: ninja, encoding: .utf8)
        XCTAssertTrue(text.contains("build \(out.path)/fade.webp: frames \(scenes.path)/fade.scene.yaml | $scenec"), text)
    }
}
