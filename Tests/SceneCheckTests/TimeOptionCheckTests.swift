import SceneCheck
import SceneSyntax
import XCTest

/// `--time T` (`CheckOptions.time`) in place of `canvas.poster`: the moment the scene's stills
/// draw, within its timeline, the error at the scene's `timeline:` key so a build of many scenes
/// says which one is too short (ScenecCLITests/BuildTimeTests runs it through the commands).
final class TimeOptionCheckTests: XCTestCase {
    let animated = SourceFile(name: "a.scene.yaml", text: """
        canvas: {width: 64, height: 64, poster: 1s}
        views:
          - {id: r, type: ring, frame: {x: 0, y: 0, width: 64, height: 64}}
        timeline:
          animations:
            - {target: r.progress, from: 0, to: 1, duration: 2.5s}
        """)

    func check(_ file: SourceFile, time: String?) -> (poster: Double?, printed: String) {
        var options = CheckOptions()
        options.time = time
        let (scene, diagnostics) = SceneChecker(options: options).check(file)
        return (scene?.canvas.poster, diagnostics.map { $0.rendered(in: file) }.joined())
    }

    func testTimeTakesThePostersPlace() {
        XCTAssertEqual(check(animated, time: nil).poster, 1)
        XCTAssertEqual(check(animated, time: "2.5s").poster, 2.5)
        XCTAssertEqual(check(animated, time: "15f").poster, 0.5, "frames at the timeline's fps, 30")
    }

    func testTimePastTheEndIsAnErrorAtTheTimelineNamingItsLength() {
        let (poster, printed) = check(animated, time: "99")
        XCTAssertNil(poster)
        XCTAssertTrue(printed.contains("a.scene.yaml:4:1: error: --time 99 s is past the end of the timeline, which lasts 2.5 s"), printed)
    }

    func testASceneWithoutATimelineIgnoresTheTimeButNotAMistypedOne() {
        let still = SourceFile(name: "s.scene.yaml", text: "canvas: {width: 8, height: 8}\nviews: []\n")
        XCTAssertEqual(check(still, time: "99").poster, 0)
        XCTAssertEqual(check(still, time: "99").printed, "")
        XCTAssertTrue(check(still, time: "soon").printed.contains("--time soon: error:"), check(still, time: "soon").printed)
    }
}
