import SceneCodecs
import ScenecKit
import TestSupport
import XCTest

/// `timeline.animations[I].keyframes[at: T].value` (docs/language.md §5): the value at a time
/// between keyframes, as `render --time T --set …` renders it. The picture changes at T and
/// stays the same at every other keyframe's time; a from/to animation becomes its keyframes
/// first, exactly, whatever its easing, repeat and autoreverse.
final class KeyframeAtTimeTests: XCTestCase {
    /// The ring's progress as its stroke shows it: in the middle of each tenth of the way round
    /// from 12 o'clock (clockwise), whether the progress colour (red) covers it. Two pictures
    /// with the same profile have the same progress to a tenth; a progress of a whole tenth
    /// ends 11 px from the probes either side, clear of the stroke's cap.
    func profile(_ image: RasterImage) -> [Bool] {
        (0..<10).map { step in
            let angle = (Double(step) + 0.5) / 10 * 2 * Double.pi - Double.pi / 2
            let x = Int((50 + 35 * cos(angle)).rounded()), y = Int((50 + 35 * sin(angle)).rounded())
            return rgb(image, x, y) == [255, 0, 0]
        }
    }

    func render(_ scene: String, at time: Double, _ sets: [String] = []) throws -> RasterImage {
        try RasterImage(png: SceneFile(source: scene, name: "ring.yaml").render(.png, at: time, overrides: sets))
    }

    /// Red where the ring is more than `fraction` full.
    func covered(_ fraction: Double) -> [Bool] {
        (0..<10).map { (Double($0) + 0.5) / 10 < fraction }
    }

    /// The ring's progress animation, with `animation`'s other keys.
    func ringScene(_ animation: String) -> String {
        """
        canvas: {width: 100, height: 100, background: white}
        views:
          - {id: r, type: ring, frame: {x: 10, y: 10, width: 80, height: 80}, lineWidth: 10, progressColor: "#ff0000", trackColor: "#00ff00"}
        timeline:
          duration: 4
          animations:
            - {target: r.progress, \(animation)}

        """
    }

    func testAFromToAnimationGetsAKeyframeAndKeepsItsEndsWhateverItsTiming() throws {
        // (the animation, a time between its keyframes, the times of its keyframes in the picture)
        let cases: [(String, Double, [Double])] = [
            ("from: 0, to: 0.5, duration: 2", 1, [0, 2, 3]),
            ("from: 0.1, to: 0.6, duration: 2, begin: 0.5, easing: easeIn", 1.5, [0.5, 2.5]),
            ("from: 0, to: 0.5, duration: 1, repeat: 2, autoreverse: true", 0.5, [0, 1, 2, 3, 4]),
            ("from: 0.2, to: 0.7, easing: {spring: {damping: 12}}", 0.2, [0, 1.1, 2]),
            ("from: 0, to: 0.5, duration: 1, easing: \"steps(4)\"", 0.3, [0, 1]),
        ]
        for (animation, time, keyframeTimes) in cases {
            let scene = ringScene(animation)
            let begin = animation.contains("begin: 0.5") ? 0.5 : 0
            let set = "timeline.animations[0].keyframes[at: \(time - begin)].value=0.9"
            XCTAssertEqual(profile(try render(scene, at: time, [set])), covered(0.9), "\(animation): the new value at \(time) s")
            XCTAssertNotEqual(profile(try render(scene, at: time)), covered(0.9), animation)
            for t in keyframeTimes {
                XCTAssertEqual(profile(try render(scene, at: t, [set])), profile(try render(scene, at: t)),
                               "\(animation): the picture at \(t) s, a keyframe's time, is unchanged")
            }
        }
    }

    func testAKeyframedAnimationGetsAKeyframeInTimeOrder() throws {
        let scene = ringScene("keyframes: [{at: 0, value: 0}, {at: 1, value: 0.5}, {at: 2, value: 0.25}], easing: easeInEaseOut")
        for time in [0.5, 1.5] {
            let set = "timeline.animations[0].keyframes[at: \(time)].value=0.9"
            XCTAssertEqual(profile(try render(scene, at: time, [set])), covered(0.9))
            for t in [0.0, 1, 2] {
                XCTAssertEqual(profile(try render(scene, at: t, [set])), profile(try render(scene, at: t)), "at \(t) s with \(set)")
            }
        }
        // At a keyframe's own time, the keyframe's value: nothing is added.
        let at1 = "timeline.animations[0].keyframes[at: 1s].value=0.9"
        XCTAssertEqual(profile(try render(scene, at: 1, [at1])), covered(0.9))
        XCTAssertEqual(profile(try render(scene, at: 0.5, [at1])),
                       profile(try render(scene, at: 0.5, ["timeline.animations[0].keyframes[1].value=0.9"])))
        // Times in frames and milliseconds are the file's.
        XCTAssertEqual(profile(try render(scene, at: 0.5, ["timeline.animations[0].keyframes[at: 15f].value=0.9"])), covered(0.9))
        XCTAssertEqual(profile(try render(scene, at: 0.5, ["timeline.animations[0].keyframes[at: 500ms].value=0.9"])), covered(0.9))
    }

    func testWhatCannotBeWrittenAtATimeIsRefusedWithTheReason() throws {
        /// The error the scene with `set` fails with, as printed.
        func problem(_ animation: String, _ set: String) throws -> String {
            do {
                _ = try SceneFile(source: ringScene(animation), name: "ring.yaml").with(overrides: [set])
                return ""
            } catch {
                return "\(error)"
            }
        }
        XCTAssertTrue(try problem("to: 0.5, duration: 1", "timeline.animations[0].keyframes[at: 0.5].value=1")
            .contains("has no 'from'"))
        XCTAssertTrue(try problem("from: 0, to: 0.5, duration: 1, repeat: 2", "timeline.animations[0].keyframes[at: 1.5].value=1")
            .contains("would lengthen each pass"))
        XCTAssertTrue(try problem("keyframes: [{at: 0, value: 0}, {at: 1, value: 1}], autoreverse: true",
                                  "timeline.animations[0].keyframes[at: 2].value=1").contains("would lengthen each pass"))
        XCTAssertTrue(try problem("from: 0, to: 0.5", "timeline.animations[0].keyframes[at: 1x].value=1").contains("needs a time"))
        XCTAssertTrue(try problem("from: 0, to: 0.5", "timeline.animations[0].keyframes[at: 0.1].value=2").contains("keyframes[at: 0.1].value"), "a value out of progress's range")
        // Once it plays once, a keyframe after the last lengthens it: the value there is the new one.
        let scene = ringScene("from: 0, to: 0.5, duration: 1")
        XCTAssertEqual(profile(try render(scene, at: 2, ["timeline.animations[0].keyframes[at: 2].value=0.9"])), covered(0.9))
        XCTAssertEqual(profile(try render(scene, at: 1, ["timeline.animations[0].keyframes[at: 2].value=0.9"])), covered(0.5))
    }

    /// What the preview's "Edit the value at this time" sets: the address at the time shown,
    /// in the animation's pass, between keyframes only.
    func testInspectGivesTheAddressOfTheValueAtTheTimeShown() throws {
        func address(_ animation: String, at time: Double) throws -> String? {
            let file = try SceneFile(source: ringScene(animation), name: "ring.yaml")
            let report = InspectReport(scene: file.animated.scene, placed: file.animated.views(at: time),
                                       sampler: file.animated.sampler, time: time)
            return report.views.first?.attributes.first { $0.name == "progress" }?.animation?.atTimeAddress
        }
        XCTAssertEqual(try address("from: 0, to: 0.5, duration: 2", at: 0.7), "timeline.animations[0].keyframes[at: 0.7].value")
        XCTAssertEqual(try address("from: 0, to: 0.5, duration: 2, begin: 0.5", at: 0.7), "timeline.animations[0].keyframes[at: 0.2].value")
        XCTAssertEqual(try address("from: 0, to: 0.5, duration: 1, repeat: 3", at: 2.25), "timeline.animations[0].keyframes[at: 0.25].value")
        XCTAssertEqual(try address("from: 0, to: 0.5, duration: 1, repeat: 2, autoreverse: true", at: 1.25),
                       "timeline.animations[0].keyframes[at: 0.75].value", "on the way back")
        XCTAssertNil(try address("from: 0, to: 0.5, duration: 2", at: 2), "on a keyframe: its valueAddress")
        XCTAssertNil(try address("from: 0, to: 0.5, duration: 2", at: 3), "after the end")
        XCTAssertNil(try address("to: 0.5, duration: 2", at: 1), "no from")
    }
}
