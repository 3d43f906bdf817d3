import SceneCheck
import SceneSyntax
import XCTest

/// A timeline's mistakes, each located where the checker finds it, all in one run (what
/// `scenec frames` prints before it writes nothing: ScenecCLITests/FramesCommandTests).
final class TimelineCheckTests: XCTestCase {
    func testTimelineErrorsAreLocated() throws {
        let source = SourceFile(name: "a.scene.yaml", text: """
            canvas: {width: 64, height: 64}
            views:
              - {id: r, type: ring, frame: {x: 0, y: 0, width: 64, height: 64}}
            timeline:
              fps: 500
              animations:
                - {target: rr.progress, to: 1}
                - {target: r.clockwise, to: false}
                - {target: r.progress, to: 2, easing: easeInOut}
                - {target: r.progress, to: 1, repeat: forever}
                - target: r.progress
                  keyframes: [{at: 1s, value: 0}, {at: 0.5s, value: 1}]
            """)
        let (scene, diagnostics) = SceneChecker().check(source)
        XCTAssertNil(scene)
        let printed = diagnostics.map { $0.rendered(in: source) }.joined()
        for expected in ["a.scene.yaml:5:8: error: fps must be between 1 and 240",
                         "a.scene.yaml:7:16: error: animation target 'rr.progress' names no view: there is no view with id 'rr'; did you mean 'r'?",
                         "a.scene.yaml:8:16: error: 'clockwise' of ring cannot be animated",
                         "a.scene.yaml:9:32: error: progress must be between 0 and 1, not 2",
                         "a.scene.yaml:9:43: error: unknown easing 'easeInOut'; did you mean 'easeInEaseOut'?",
                         "a.scene.yaml:10:43: error: repeat: forever needs the timeline's 'duration'",
                         "a.scene.yaml:12:44: error: keyframes must be in time order"] {
            XCTAssertTrue(printed.contains(expected), "missing: \(expected)\n\(printed)")
        }
    }
}

/// Targets and bindings name a plain view by its id before the dot, whatever follows
/// (`r.frame.x` is ring `r`'s mistake), while an instance's views keep their dotted ids.
final class TargetSplitTests: XCTestCase {
    func testAPlainViewsWrongAttributeNamesTheView() throws {
        let source = SourceFile(name: "t.scene.yaml", text: """
            canvas: {width: 100, height: 100}
            timeline:
              animations:
                - {target: r.frame.x, from: 0, to: 1, duration: 1s}
                - {target: r.progress.x, from: 0, to: 1, duration: 1s}
            views:
              - {id: r, type: ring, progress: 0.2, frame: {x: 0, y: 0, width: 50, height: 50}}
              - {id: l, type: label, text: "{r.frame.x}", frame: {x: 0, y: 50, width: 50, height: 50}}
            """)
        let messages = SceneChecker().check(source).diagnostics.map(\.message)
        XCTAssertEqual(messages, ["ring 'r' has no attribute 'frame.x'", "ring 'r' has no attribute 'progress.x'; did you mean 'progress'?",
                                  "ring 'r' has no attribute 'frame.x'"])
    }

    func testTheSplitKeepsAnInstancesDottedIDs() {
        let views = ["r": 0, "cpu": 0, "cpu.ring": 0]
        XCTAssertEqual(SceneAddress.splitViewAttribute("cpu.ring.progress", views: views).map { [$0.id, $0.attribute] }, ["cpu.ring", "progress"])
        XCTAssertEqual(SceneAddress.splitViewAttribute("cpu.ring.frame.x", views: views).map { [$0.id, $0.attribute] }, ["cpu.ring", "frame.x"])
        XCTAssertEqual(SceneAddress.splitViewAttribute("cpu.rng.progress", views: views).map { [$0.id, $0.attribute] }, ["cpu.rng", "progress"])
        XCTAssertEqual(SceneAddress.splitViewAttribute("r.progress.x", views: views).map { [$0.id, $0.attribute] }, ["r", "progress.x"])
        XCTAssertNil(SceneAddress.splitViewAttribute(".x", views: views))
    }
}
