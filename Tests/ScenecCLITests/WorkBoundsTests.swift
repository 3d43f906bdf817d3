import Foundation
import XCTest

/// Bounded work per scene (issue 21): a pathological word, thousands of animations, a huge
/// canvas, a very long timeline and a scene that draws for too long each end quickly, the
/// limits with a located error. The timeouts here are hang guards, far above what the work
/// takes (seconds), and far below what it took before these bounds (minutes).
final class WorkBoundsTests: XCTestCase {
    /// The label's placed frame, as `inspect --json` gives it.
    func labelFrame(_ text: String, width: Double?, in dir: URL) throws -> (width: Double, height: Double) {
        let frame = width.map { "{x: 0, y: 0, width: \(formatted($0))}" } ?? "{x: 0, y: 0}"
        let path = try write("canvas: {width: 200, height: 200}\nviews:\n  - {id: t, type: label, text: \"\(text)\", frame: \(frame)}\n",
                             "measure.scene.yaml", in: dir)
        let run = try scenec(["inspect", "--json", path], timeout: 30)
        XCTAssertEqual(run.status, 0, run.stderr)
        let json = try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any]
        let views = json?["views"] as? [[String: Any]]
        let placed = views?.first?["frame"] as? [String: Double]
        return (placed?["width"] ?? 0, placed?["height"] ?? 0)
    }

    func formatted(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }

    func testAFiftyThousandCharacterWordIsSetInLinesThatFillTheLabelWithoutHanging() throws {
        let dir = try temporaryDirectory(self)
        let word = String(repeating: "x", count: 50_000)
        // One x's advance and one line's height, from labels sized to their text.
        let hundred = try labelFrame(String(repeating: "x", count: 100), width: nil, in: dir)
        let advance = hundred.width / 100, lineHeight = hundred.height
        XCTAssertGreaterThan(advance, 1)
        // Set in a 50 pt column (4 x's a line): Pango alone took minutes for this.
        let set = try labelFrame(word, width: 50, in: dir)
        let lines = set.height / lineHeight
        let fewest = (50_000 / (50 / advance).rounded(.down)).rounded(.up)
        XCTAssertGreaterThanOrEqual(lines, fewest - 1, "no line holds more than fits")
        XCTAssertLessThanOrEqual(lines, fewest * 1.25, "the lines are (nearly) full: \(lines) lines where \(fewest) would do")

        let path = try write("canvas: {width: 200, height: 200}\nviews:\n  - {type: label, text: \"\(word)\", frame: {x: 0, y: 0, width: 50, height: 200}}\n",
                             "word.scene.yaml", in: dir)
        let png = dir.appendingPathComponent("word.png")
        let render = try scenec(["render", path, "-o", png.path], timeout: 30)
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertGreaterThan((try? Data(contentsOf: png))?.count ?? 0, 100)
    }

    func testExportOfTwoThousandAnimationsInARowEndsQuickly() throws {
        let dir = try temporaryDirectory(self)
        var text = "canvas: {width: 100, height: 100}\nviews:\n  - {id: r, type: ring, frame: {x: 0, y: 0, width: 100, height: 100}}\n"
        text += "timeline:\n  fps: 30\n  animations:\n"
        for i in 0..<2000 {
            text += "    - {target: r.progress, from: 0, to: 1, begin: \(Double(i) / 10), duration: 0.1}\n"
        }
        let path = try write(text, "many.scene.yaml", in: dir)
        let json = dir.appendingPathComponent("many.json")
        // 400 such animations took 40 s before; 2,000 take well under a second now.
        let run = try scenec(["export", path, "-o", json.path], timeout: 60)
        XCTAssertEqual(run.status, 0, run.stderr)
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: json)) as? [String: Any]
        XCTAssertEqual(document?["op"] as? Int, 6001)
    }

    func testAHugeCanvasIsRefusedByDefaultAtTheCanvasAndAcceptedWithARaisedLimit() throws {
        let dir = try temporaryDirectory(self)
        // 125 bytes that would have made a 1 GB picture.
        let path = try write("canvas: {width: 16384, height: 16384}\nviews: []\n", "huge.scene.yaml", in: dir)
        let refused = try scenec(["check", path])
        XCTAssertEqual(refused.status, 1)
        XCTAssertTrue(refused.stderr.hasPrefix("\(path):1:9: error: the picture would be 268435456 pixels; the limit is 67108864"),
                      refused.stderr)
        XCTAssertTrue(refused.stderr.contains("raise it with --max-pixels"), refused.stderr)
        XCTAssertEqual(try scenec(["check", path, "--max-pixels", "268435456"]).status, 0)

        // The budget is per picture: with --scales, the largest picture is the one checked.
        let icon = try write("canvas: {width: 5000, height: 5000}\nviews: []\n", "icon.scene.yaml", in: dir)
        let scaled = try scenec(["render", icon, "--scales", "1,2", "-o", dir.appendingPathComponent("icon.png").path])
        XCTAssertEqual(scaled.status, 1)
        XCTAssertTrue(scaled.stderr.hasPrefix("\(icon):1:9: error: the picture would be 100000000 pixels at --scales 2; the limit is 67108864"),
                      scaled.stderr)
        XCTAssertFalse(fileNames(in: dir).contains { $0.hasPrefix("icon") && $0.hasSuffix(".png") }, "nothing is written")
    }

    func testATimelineOfNearlyAHundredThousandFramesIsRefusedByDefault() throws {
        let dir = try temporaryDirectory(self)
        let path = try write("""
            canvas: {width: 10, height: 10}
            views: [{id: r, type: ring, frame: {x: 0, y: 0, width: 10, height: 10}}]
            timeline:
              fps: 30
              duration: 3328s
              animations: [{target: r.progress, to: 1, duration: 3328s}]
            """, "long.scene.yaml", in: dir)
        let expected = "\(path):5:13: error: the timeline has 99841 frames at 30 fps; the limit is 10000"
        for command in [["check", path], ["frames", path, "-o", dir.appendingPathComponent("f%05d.png").path]] {
            let run = try scenec(command)
            XCTAssertEqual(run.status, 1, "\(command[0]): \(run.stderr)")
            XCTAssertTrue(run.stderr.hasPrefix(expected), "\(command[0]): \(run.stderr)")
        }
        XCTAssertEqual(fileNames(in: dir).count, 1, "nothing is written")
        XCTAssertEqual(try scenec(["check", path, "--max-frames", "100000"]).status, 0)
    }

    /// 2,000 rings: checking and laying them out alone outlasts a millisecond.
    var manyRings: String {
        var text = "canvas: {width: 200, height: 200}\nviews:\n"
        for i in 0..<2000 {
            text += "  - {id: r\(i), type: ring, progress: 0.5, lineWidth: 2, frame: {x: \(i % 20 * 10), y: \(i / 20 * 2), width: 10, height: 10}}\n"
        }
        return text + "timeline:\n  animations:\n    - {target: r0.progress, from: 0, to: 1, duration: 2s}\n"
    }

    func testASceneOverItsTimeoutIsALocatedErrorNamingTheViewOrFrameItReached() throws {
        let dir = try temporaryDirectory(self)
        let path = try write(manyRings, "rings.scene.yaml", in: dir)
        let stopped = "error: the scene took longer than 0.001 s (--scene-timeout) and was stopped at"
        let render = try scenec(["render", path, "-o", dir.appendingPathComponent("r.png").path, "--scene-timeout", "0.001"])
        XCTAssertEqual(render.status, 1)
        XCTAssertTrue(render.stderr.hasPrefix("\(path):3:5: \(stopped) ring 'r0'"), render.stderr)
        let frames = try scenec(["frames", path, "-o", dir.appendingPathComponent("f%03d.png").path, "--scene-timeout", "0.001"])
        XCTAssertEqual(frames.status, 1)
        XCTAssertTrue(frames.stderr.hasPrefix("\(path):"), frames.stderr)
        XCTAssertTrue(frames.stderr.contains("\(stopped) frame 0 of 61"), frames.stderr)
        let export = try scenec(["export", path, "-o", dir.appendingPathComponent("r.json").path, "--scene-timeout", "0.001",
                                 "--diagnostics", "json"])
        XCTAssertEqual(export.status, 1)
        let diagnostics = try JSONSerialization.jsonObject(with: export.stdout) as? [[String: Any]]
        XCTAssertEqual(diagnostics?.count, 1)
        XCTAssertEqual(diagnostics?.first?["line"] as? Int, 2002, "the last view, which Lottie's first layer is")
        XCTAssertTrue((diagnostics?.first?["message"] as? String)?.hasPrefix("the scene took longer than 0.001 s") == true)
        XCTAssertEqual(fileNames(in: dir), ["rings.scene.yaml"], "nothing is written")
        XCTAssertEqual(try scenec(["render", path, "-o", dir.appendingPathComponent("r.png").path]).status, 0,
                       "the default leaves a minute")
    }

    func testBuildKeepGoingReportsTheSlowSceneFailedAndBuildsTheNext() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        // 3,001 frames of 1024 × 1024: a minute or more of drawing and encoding.
        let slow = try write("""
            canvas: {width: 1024, height: 1024}
            views: [{id: r, type: ring, frame: {x: 0, y: 0, width: 1024, height: 1024}, lineWidth: 200}]
            timeline:
              animations: [{target: r.progress, from: 0, to: 1, duration: 100s}]
            """, "a-slow.scene.yaml", in: scenes)
        _ = try write("canvas: {width: 20, height: 20}\nviews: [{type: pie, progress: 0.5, frame: {x: 0, y: 0, width: 20, height: 20}}]\n", "b-quick.scene.yaml", in: scenes)
        let out = dir.appendingPathComponent("out")
        let build = try scenec(["build", scenes.path, "-o", out.path, "--animated", "frames", "--keep-going", "--jobs", "1",
                                "--scene-timeout", "2"], timeout: 60)
        XCTAssertEqual(build.status, 1)
        XCTAssertTrue(build.stderr.hasPrefix("\(slow):"), build.stderr)
        XCTAssertTrue(build.stderr.contains(": error: the scene took longer than 2 s (--scene-timeout) and was stopped at frame "),
                      build.stderr)
        XCTAssertTrue(build.stderr.contains("scenec build: 1 built, 0 up to date, 1 failed"), build.stderr)
        XCTAssertTrue(fileNames(in: out).contains("b-quick.png"), "\(fileNames(in: out))")
    }
}
