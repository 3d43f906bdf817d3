import Foundation
import SceneCodecs
import XCTest

/// `render --time 1 --set r.progress=1` on a ring animated from 0 to 0.5 (issue 23,
/// acceptance 2), as a process: a full ring, the warning naming the animation's line on
/// standard error, exit 0. (Every address and message is ScenecKitTests/AnimatedOverrideTests.)
final class AnimatedSetTests: XCTestCase {
    /// Ring `r` at 0.25 at 1 s as written; `timeline.animations[0]` is on line 6.
    let scene = animatedRingScene()

    func testASetOnAnAnimatedAttributeDrawsTheConstantAndWarns() throws {
        let dir = try temporaryDirectory(self)
        let path = try write(scene, "ring.yaml", in: dir)
        let out = dir.appendingPathComponent("ring.png").path
        let result = try scenec(["render", path, "--time", "1", "--set", "r.progress=1", "-o", out])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("--set r.progress=1: warning: replaces the animation of r.progress at \(path):6 (timeline.animations[0])"),
                      result.stderr)
        let image = try RasterImage(png: [UInt8](Data(contentsOf: URL(fileURLWithPath: out))))
        XCTAssertEqual(rgb(image, 15, 50), [255, 0, 0], "9 o'clock: a full ring")
        // The timeline as written draws a quarter there: the track.
        let plain = try scenec(["render", path, "--time", "1", "-o", out])
        XCTAssertEqual(plain.stderr, "")
        XCTAssertEqual(rgb(try RasterImage(png: [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))), 15, 50), [0, 255, 0])
        // inspect lists the addresses `--set` takes.
        let inspect = try scenec(["inspect", path, "--json"])
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        XCTAssertTrue(inspect.stdoutText.contains("\"address\" : \"timeline.animations[0].to\""), inspect.stdoutText)
    }

    /// `scenec edit --set 'timeline.animations[0].keyframes[at: 1].value=0.9'`: the from/to
    /// animation is written as keyframes with one at 1 s; the edited file draws the new value
    /// there and the same pictures as before at its begin and end.
    func testEditWritesTheValueAtATimeAsAKeyframe() throws {
        let dir = try temporaryDirectory(self)
        let path = try write(scene, "ring.yaml", in: dir)
        let before = try write(scene, "before.yaml", in: dir)
        let result = try scenec(["edit", path, "--set", "timeline.animations[0].keyframes[at: 1].value=0.9"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let edited = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(edited, scene.replacingOccurrences(of: "from: 0, to: 0.5, duration: 2",
                                                          with: "keyframes: [{at: 0, value: 0}, {at: 1, value: 0.9}, {at: 2, value: 0.5}]"))
        func pixels(_ file: String, at time: String) throws -> [UInt8] {
            let out = dir.appendingPathComponent("frame.png").path
            let run = try scenec(["render", file, "--time", time, "-o", out])
            XCTAssertEqual(run.status, 0, run.stderr)
            return try RasterImage(png: [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))).data
        }
        XCTAssertNotEqual(try pixels(path, at: "1"), try pixels(before, at: "1"))
        for time in ["0", "2"] {
            XCTAssertEqual(try pixels(path, at: time), try pixels(before, at: time), "the picture at \(time) s, a keyframe's time")
        }
        let out = dir.appendingPathComponent("edited.png").path
        XCTAssertEqual(try scenec(["render", path, "--time", "1", "-o", out]).status, 0)
        XCTAssertEqual(rgb(try RasterImage(png: [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))), 15, 50),
                       [255, 0, 0], "9 o'clock at 1 s: 0.9 of a ring")
    }
}
