import SceneCodecs
import XCTest
import SceneAnimation
import SceneLayout
import SceneModel
import SceneRender

/// Frames of animated scenes show what the curves predict.
final class AnimatedRenderTests: XCTestCase {
    func frame(_ yaml: String, at t: Double) throws -> RasterImage {
        let (scene, placed) = try compileScene(yaml)
        return try Renderer(canvas: scene.canvas).image(Sampler(scene: scene).sample(placed, at: t))
    }

    /// Whether the ring's arc covers the point at `degrees` (0 = 3 o'clock, clockwise).
    func arcCovers(_ image: RasterImage, degrees: Double) -> Bool {
        let a = degrees * Double.pi / 180
        let x = Int((100 + 95 * cos(a)).rounded()), y = Int((100 + 95 * sin(a)).rounded())
        return image.rgba(x, y).isClose(to: RGBA(1, 111, 37), tolerance: 3)
    }

    func testRingFillsAlongTheEaseInEaseOutCurve() throws {
        let yaml = """
            canvas: {width: 200, height: 200}
            views:
              - {id: r, type: ring, frame: {x: 0, y: 0, width: 200, height: 200}}
            timeline:
              fps: 10
              animations:
                - {target: r.progress, from: 0, to: 1, duration: 1s, easing: easeInEaseOut}
            """
        // At t = 0.25 s the curve gives 0.1292, so the arc ends 46.5° past 12 o'clock.
        let early = try frame(yaml, at: 0.25)
        XCTAssertTrue(arcCovers(early, degrees: -90 + 40))
        XCTAssertFalse(arcCovers(early, degrees: -90 + 53))
        // At 0.5 s it is half way: 3 o'clock covered, 9 o'clock not.
        let middle = try frame(yaml, at: 0.5)
        XCTAssertTrue(arcCovers(middle, degrees: 0))
        XCTAssertTrue(arcCovers(middle, degrees: 80))
        XCTAssertFalse(arcCovers(middle, degrees: 100))
        // Linear would be at 0.25 → 90°; the ease-in curve is behind it.
        XCTAssertFalse(arcCovers(early, degrees: 0))
    }

    func testTickingClockSecondHandJumpsOnlyOnWholeSeconds() throws {
        let yaml = """
            canvas: {width: 200, height: 200}
            views:
              - {id: c, type: clock, frame: {x: 0, y: 0, width: 200, height: 200}, handColor: "#0000ff",
                 secondHandColor: "#ff0000", secondHandWidth: 4, showsSeconds: true}
            timeline:
              fps: 10
              animations:
                - target: c.time
                  keyframes: [{at: 0s, value: "03:00:00"}, {at: 5s, value: "03:00:05"}]
            """
        // The second hand (length r − 10 = 90) at s seconds points at s·6 − 90 degrees.
        func secondHandAt(_ image: RasterImage, seconds: Double) -> Bool {
            let a = (seconds * 6 - 90) * Double.pi / 180
            let x = Int((100 + 70 * cos(a)).rounded()), y = Int((100 + 70 * sin(a)).rounded())
            return image.rgba(x, y).isClose(to: RGBA(255, 0, 0), tolerance: 3)
        }
        for t in [0.0, 0.5, 0.9] {
            let image = try frame(yaml, at: t)
            XCTAssertTrue(secondHandAt(image, seconds: 0), "at \(t) s the hand is still at 12")
        }
        let afterOne = try frame(yaml, at: 1.0)
        XCTAssertTrue(secondHandAt(afterOne, seconds: 1))
        XCTAssertFalse(secondHandAt(afterOne, seconds: 0))
        let later = try frame(yaml, at: 3.7)
        XCTAssertTrue(secondHandAt(later, seconds: 3))
    }

    func testSweepingClockMovesContinuously() throws {
        let yaml = """
            canvas: {width: 200, height: 200}
            views:
              - {id: c, type: clock, motion: sweep, frame: {x: 0, y: 0, width: 200, height: 200},
                 secondHandColor: "#ff0000", secondHandWidth: 4}
            timeline:
              animations:
                - {target: c.time, from: "03:00:00", to: "03:00:10", duration: 10s}
            """
        let image = try frame(yaml, at: 7.5)
        let a = (7.5 * 6 - 90) * Double.pi / 180
        assertPixel(image, Int((100 + 70 * cos(a)).rounded()), Int((100 + 70 * sin(a)).rounded()), RGBA(255, 0, 0))
    }

    func testOvershootIsClampedWhenDrawn() throws {
        let yaml = """
            canvas: {width: 200, height: 200}
            views:
              - {id: r, type: ring, frame: {x: 0, y: 0, width: 200, height: 200}}
            timeline:
              animations:
                - {target: r.progress, from: 0, to: 1, duration: 1s, easing: "cubicBezier(0.5, 0, 0.5, 2)"}
            """
        // The curve passes 1 around the middle; progress is drawn as at most a full circle.
        let image = try frame(yaml, at: 0.6)
        for degrees in stride(from: -80.0, through: 260, by: 30) {
            XCTAssertTrue(arcCovers(image, degrees: degrees), "\(degrees)")
        }
    }
}
