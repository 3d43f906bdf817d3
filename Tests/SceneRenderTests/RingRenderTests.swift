import XCTest
import SceneRender

/// Seeds 000 and 002: radius w/2 − lineWidth/2, the arc from 12 o'clock, clockwise.
final class RingRenderTests: XCTestCase {
    let track = RGBA(235, 237, 236)
    let progress = RGBA(1, 111, 37)

    func ring(_ extra: String) -> String {
        """
        canvas: {width: 200, height: 200}
        views:
          - type: ring
            frame: {x: 0, y: 0, width: 200, height: 200}
        \(extra.split(separator: "\n").map { "    " + $0 }.joined(separator: "\n"))
        """
    }

    func testProgressAtThreeOClockTrackAtSixAndNine() throws {
        let image = try renderImage(ring("progress: 0.3"))
        // The stroke's centre line is at radius 100 − 5 = 95.
        assertPixel(image, 195, 100, progress, "3 o'clock")
        assertPixel(image, 100, 195, track, "6 o'clock")
        assertPixel(image, 5, 100, track, "9 o'clock")
        assertPixel(image, 100, 100, RGBA(0, 0, 0, 0), "centre is clear")
        assertPixel(image, 100, 12, RGBA(0, 0, 0, 0), "inside the stroke")
    }

    func testCounterClockwiseMirrorsTheArc() throws {
        let image = try renderImage(ring("progress: 0.3\nclockwise: false"))
        assertPixel(image, 5, 100, progress, "9 o'clock")
        assertPixel(image, 195, 100, track, "3 o'clock")
    }
}
