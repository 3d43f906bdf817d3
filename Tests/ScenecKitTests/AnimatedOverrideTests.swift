import SceneCodecs
import ScenecKit
import TestSupport
import XCTest

/// Overrides of animated attributes and timeline addresses (issue 23, acceptance 2), rendered
/// in process as `render --time T --set …` renders: a `--set` on an animated attribute replaces
/// its animation (and warns naming its line), and `timeline.animations[…]` changes it. (The
/// warning on the command line and the exit code are ScenecCLITests/AnimatedSetTests.)
final class AnimatedOverrideTests: XCTestCase {
    /// `animatedRingScene`: progress goes 0 → 0.5 over 2 s (line 6), so at 1 s it is 0.25 and
    /// reaches 3 o'clock; here the track goes green → blue over 1 s (line 7), so it is blue from
    /// 1 s on.
    let scene = animatedRingScene(more: """
            - {target: r.trackColor, keyframes: [{at: 0, value: "#00ff00"}, {at: 1, value: "#0000ff"}]}

        """)
    let red = [255, 0, 0], blue = [0, 0, 255], black = [0, 0, 0]

    func render(at time: Double, _ sets: [String] = []) throws -> RasterImage {
        try RasterImage(png: SceneFile(source: scene, name: "ring.yaml").render(.png, at: time, overrides: sets))
    }

    /// 9 o'clock on the stroke: only a ring more than 3/4 full covers it with progress.
    func nine(_ image: RasterImage) -> [Int] { rgb(image, 15, 50) }
    /// Half past one on the stroke: covered by any progress over 1/8.
    func early(_ image: RasterImage) -> [Int] { rgb(image, 75, 25) }

    func testTheSceneAsWrittenIsWhatTheProbesExpect() throws {
        let image = try render(at: 1)
        XCTAssertEqual(early(image), red)
        XCTAssertEqual(nine(image), blue, "the track, its keyframe's colour at 1 s")
        XCTAssertEqual(nine(try render(at: 2)), blue, "a half ring at the end")
    }

    func testASetOnAnAnimatedAttributeReplacesItsAnimationAndWarns() throws {
        XCTAssertEqual(nine(try render(at: 1, ["r.progress=1"])), red, "a full ring")
        XCTAssertEqual(nine(try render(at: 1, ["views[0].progress=1"])), red, "by index path too")
        let file = try SceneFile(source: scene, name: "ring.yaml").with(overrides: ["r.progress=1"])
        XCTAssertEqual(file.diagnostics.map(\.message),
                       ["replaces the animation of r.progress at ring.yaml:6 (timeline.animations[0]) with the constant 1"])
        XCTAssertEqual(file.diagnostics.first?.origin, "--set r.progress=1")
        XCTAssertEqual(file.diagnostics.first?.severity, .warning)
        // The other animation still runs.
        XCTAssertEqual(rgb(try render(at: 0, ["r.progress=0.5"]), 15, 50), [0, 255, 0])
    }

    func testTimelineAddressesChangeThePictureAtTheirTimes() throws {
        XCTAssertEqual(nine(try render(at: 2, ["timeline.animations[0].to=1"])), red, "a full ring at the end")
        XCTAssertEqual(nine(try render(at: 1, ["timeline.animations[1].keyframes[1].value=#000000"])), black)
        // A keyframe's time moved from 1 s to 2 s: at 1 s the track is half way to blue.
        let moved = nine(try render(at: 1, ["timeline.animations[1].keyframes[1].time=2"]))
        XCTAssertEqual(moved, nine(try render(at: 1, ["timeline.animations[1].keyframes[1].at=2"])), "time and at are one key")
        XCTAssertNotEqual(moved, blue)
        XCTAssertTrue(moved[1] > 100 && moved[2] > 100, "\(moved)")
    }

    func testInspectListsTheTimelineAndWhatDrivesEachAttribute() throws {
        let file = try SceneFile(source: scene, name: "ring.yaml")
        let report = InspectReport(scene: file.animated.scene, placed: file.animated.views(at: 1),
                                   sampler: file.animated.sampler, time: 1)
        let values: [InspectReport.TimelineValue] = report.timeline
        XCTAssertEqual(values.map(\.address), [
            "timeline.animations[0].from", "timeline.animations[0].to", "timeline.animations[0].duration",
            "timeline.animations[0].begin", "timeline.animations[0].easing",
            "timeline.animations[1].begin", "timeline.animations[1].keyframes[0].at",
            "timeline.animations[1].keyframes[0].value", "timeline.animations[1].keyframes[1].at",
            "timeline.animations[1].keyframes[1].value",
        ])
        XCTAssertEqual(report.timeline.map(\.value.text)[..<5], ["0", "0.5", "2", "0", "linear"])
        XCTAssertEqual(Set(report.timeline.map(\.line)), [6, 7])
        let ring = try XCTUnwrap(report.views.first)
        let progress = try XCTUnwrap(ring.attributes.first { $0.name == "progress" })
        XCTAssertEqual(progress.source, "timeline")
        let driving: InspectReport.AnimationInfo? = progress.animation
        XCTAssertEqual(driving?.address, "timeline.animations[0]")
        XCTAssertEqual(progress.animation?.line, 6)
        XCTAssertTrue(report.text.contains("timeline: timeline.animations[1], line 7"), report.text)
        // What the preview's control edits: the value at a keyframe the time stands on.
        func valueAddress(_ name: String, at time: Double) throws -> String? {
            let report = InspectReport(scene: file.animated.scene, placed: file.animated.views(at: time),
                                       sampler: file.animated.sampler, time: time)
            return try XCTUnwrap(report.views.first?.attributes.first { $0.name == name }?.animation).valueAddress
        }
        XCTAssertEqual(try valueAddress("trackColor", at: 1), "timeline.animations[1].keyframes[1].value")
        XCTAssertNil(try valueAddress("progress", at: 1), "between from and to")
        XCTAssertEqual(try valueAddress("progress", at: 0), "timeline.animations[0].from")
        XCTAssertEqual(try valueAddress("progress", at: 2), "timeline.animations[0].to")
        XCTAssertTrue(report.text.contains("timeline.animations[1].keyframes[1].value  #0000ff"), report.text)
    }
}
