import Glibc
import SceneAnimation
import SceneCodecs
import SceneModel
import SceneRender
import XCTest

/// The gauge on a 200 × 200 canvas: arcs on the circle of radius 100 − lineWidth/2 = 95 about
/// (100, 100), angles in degrees with 0 at 3 o'clock growing clockwise; the default dial runs
/// from −225° (bottom left) to 45° (bottom right), open at the bottom.
final class GaugeRenderTests: XCTestCase {
    let track = RGBA(235, 237, 236)
    let red = RGBA(255, 0, 0)
    let blue = RGBA(0, 0, 255)
    let clear = RGBA(0, 0, 0, 0)

    func gauge(_ extra: String) -> String {
        """
        canvas: {width: 200, height: 200}
        views:
          - id: g
            type: gauge
            frame: {x: 0, y: 0, width: 200, height: 200}
            valueColor: red
        \(extra.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
        """
    }

    /// The pixel at `distance` from the centre in the direction `degrees`.
    func point(_ degrees: Double, _ distance: Double) -> (Int, Int) {
        let a = degrees * Double.pi / 180
        return (Int((100 + distance * cos(a)).rounded(.down)), Int((100 + distance * sin(a)).rounded(.down)))
    }

    func assertColour(_ image: RasterImage, _ degrees: Double, _ distance: Double, _ expected: RGBA, _ message: String,
                      file: StaticString = #filePath, line: UInt = #line) {
        let (x, y) = point(degrees, distance)
        assertPixel(image, x, y, expected, message, file: file, line: line)
    }

    func testHalfValueFillsToTwelveOClockWithTheNeedleThere() throws {
        let image = try renderImage(gauge("value: 0.5\nneedleColor: blue"))
        // Half of the 270° dial from −225° is −90°, 12 o'clock.
        assertColour(image, -215, 95, red, "value colour just past startAngle")
        assertColour(image, -100, 95, red, "value colour just before the value's angle")
        assertColour(image, -80, 95, track, "track colour just past the value's angle")
        assertColour(image, 35, 95, track, "track colour near endAngle")
        assertPixel(image, 100, 60, blue, "needle along the value's angle near the centre")
        assertPixel(image, 100, 20, blue, "needle reaching the track's inner edge (95 − 5 = 90)")
        assertPixel(image, 140, 100, clear, "no needle at 3 o'clock")
        assertPixel(image, 100, 195, clear, "the dial's opening at the bottom")
        assertColour(image, 70, 95, clear, "the opening, just clear of the round cap at 45°")
        assertPixel(image, 2, 2, clear, "outside the arc")
        assertColour(image, -90, 101, clear, "beyond the stroke's outer edge (95 + 5 = 100)")
    }

    func testTheNeedleTakesTheValueColourAndStartsAtStartAngleAtZero() throws {
        let image = try renderImage(gauge("value: 0"))
        assertColour(image, -215, 95, track, "no value arc at 0, even with round caps")
        assertColour(image, -225, 40, red, "the needle, in the value colour, points at startAngle")
        assertColour(image, 0, 40, clear, "nowhere else")
    }

    func testTheDialFollowsItsAngles() throws {
        // A quarter dial from 12 o'clock to 3 o'clock, full.
        let image = try renderImage(gauge("startAngle: -90\nendAngle: 0\nvalue: 1\nlineCap: butt"))
        assertColour(image, -45, 95, red, "inside the quarter")
        assertColour(image, 10, 95, clear, "past endAngle with butt caps")
        assertColour(image, 180, 95, clear, "9 o'clock is outside the dial")
        assertColour(image, 0, 40, red, "the needle at 3 o'clock")
    }

    func testEndAngleNotPastStartAngleDrawsOnlyTheNeedle() throws {
        let image = try renderImage(gauge("startAngle: 90\nendAngle: 90\nvalue: 0.5"))
        for degrees in stride(from: -180.0, to: 180, by: 30) {
            assertColour(image, degrees, 95, clear, "no dial at \(degrees)°")
        }
        assertColour(image, 90, 40, red, "the needle at startAngle")
    }

    func testAnimatedValueMovesTheArcAndTheNeedle() throws {
        let yaml = gauge("needleColor: blue") + """

            timeline:
              fps: 10
              animations:
                - {target: g.value, from: 0, to: 1, duration: 2s}
            """
        let (scene, placed) = try compileScene(yaml)
        let sampler = Sampler(scene: scene)
        // Linear: at 1 s the value is 0.5 (12 o'clock); at 1.5 s 0.75 (−225 + 202.5 = −22.5°).
        let middle = try Renderer(canvas: scene.canvas).image(sampler.sample(placed, at: 1))
        assertPixel(middle, 100, 60, blue, "needle at 12 o'clock at 1 s")
        assertColour(middle, -100, 95, red, "arc up to 12 o'clock at 1 s")
        assertColour(middle, -60, 95, track, "not past it at 1 s")
        let later = try Renderer(canvas: scene.canvas).image(sampler.sample(placed, at: 1.5))
        assertColour(later, -60, 95, red, "arc past 12 o'clock at 1.5 s")
        assertColour(later, -22.5, 50, blue, "needle at −22.5° at 1.5 s")
        assertPixel(later, 100, 60, clear, "the needle has left 12 o'clock")
    }
}
