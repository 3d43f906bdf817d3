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
