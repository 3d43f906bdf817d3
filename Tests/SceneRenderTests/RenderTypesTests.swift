import SceneCodecs
import SceneFonts
import SceneModel
import SceneRender
import XCTest

/// The renderer's public pieces: a frame renderer that keeps its buffers between pictures, the
/// surroundings a render reads (the time for `now`, the deadline), and Cairo's errors.
final class RenderTypesTests: XCTestCase {
    let clock = """
        canvas: {width: 60, height: 60}
        views:
          - {type: clock, frame: {x: 0, y: 0, width: 60, height: 60}, time: now}
        """

    func testAFrameRendererGivesTheRenderersBytesWhateverCameBefore() throws {
        let (scene, placed) = try compileScene(clock)
        let renderer = Renderer(canvas: scene.canvas, fonts: FontLibrary.of(scene))
        let frames = FrameRenderer(renderer, format: .png)
        let (_, other) = try compileScene("canvas: {width: 60, height: 60, background: \"#ff0000\"}\nviews: []\n")
        let first = try frames.render(placed)
        _ = try frames.render(other)
        XCTAssertEqual(try frames.render(placed), first, "the reused buffer is cleared")
        XCTAssertEqual(first, try renderer.render(placed, as: .png))
        XCTAssertEqual(try FrameRenderer(renderer, format: .svg).render(placed), try renderer.render(placed, as: .svg))
    }

    func testTheEnvironmentsTimeIsTheTimeNowShows() throws {
        let (scene, placed) = try compileScene(clock)
        func png(_ seconds: Double) throws -> [UInt8] {
            try Renderer(canvas: scene.canvas, environment: RenderEnvironment(nowSecondsSinceMidnight: seconds),
                         fonts: FontLibrary.of(scene)).render(placed, as: .png)
        }
        XCTAssertEqual(try png(3600), try png(3600))
        XCTAssertNotEqual(try png(3600), try png(7200), "the hands move with the environment's time")
    }

    func testAPassedDeadlineStopsTheDrawing() throws {
        let (scene, placed) = try compileScene(clock)
        let late = Renderer(canvas: scene.canvas, environment: RenderEnvironment(deadline: SceneDeadline(seconds: 0)),
                            fonts: FontLibrary.of(scene))
        XCTAssertThrowsError(try late.render(placed, as: .png)) { error in
            XCTAssertTrue(error is SceneTimeout, "\(error)")
        }
    }

    func testASurfaceCairoCannotMakeIsARenderError() {
        let huge = Renderer(canvas: Canvas(width: 100_000, height: 10), fonts: .standard)
        XCTAssertThrowsError(try huge.render([], as: .png)) { error in
            let failure = error as? RenderError
            XCTAssertNotNil(failure, "\(error)")
            XCTAssertTrue(failure?.description.contains("invalid value") ?? false, failure?.description ?? "")
        }
    }
}
