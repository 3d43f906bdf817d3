import XCTest
import SceneRender

/// Seed 001: a wedge from the centre (radius min(w, h)/2, from 12 o'clock, clockwise) filled
/// with the border colour, over a 15% white disc and under a 2-pt white border.
final class PieRenderTests: XCTestCase {
    static let white = RGBA(255, 255, 255)
    static let black = RGBA(0, 0, 0)
    /// White at alpha 0.15 over black: 0.15 × 255 = 38.25.
    static let disc = RGBA(38, 38, 38)

    /// A 100 × 100 pie at the canvas origin over black: centre (50, 50), radius 50; the border
    /// covers radii 48–50.
    static func scene(progress: Double = 0.25, _ extra: String = "") -> String {
        """
        canvas: {width: 100, height: 100, background: black}
        views:
          - type: pie
            frame: {x: 0, y: 0, width: 100, height: 100}
            progress: \(progress)
        \(indented(extra, by: 4))
        """
    }

    func testQuarterWedgeIsWhiteInTheUpperRightOverTheTranslucentDisc() throws {
        let image = try renderImage(Self.scene())
        assertPixel(image, 70, 30, Self.white, "wedge, upper right")
        assertPixel(image, 60, 10, Self.white, "wedge near 12 o'clock")
        assertPixel(image, 30, 70, Self.disc, "disc, lower left")
        assertPixel(image, 30, 30, Self.disc, "disc, upper left (the wedge starts at 12 o'clock)")
        assertPixel(image, 70, 70, Self.disc, "disc, lower right (the wedge ends at 3 o'clock)")
        assertPixel(image, 2, 2, Self.black, "outside the circle, the canvas shows")
        assertPixel(image, 97, 97, Self.black, "outside the circle, the canvas shows")
    }

    func testTwoPointWhiteBorderRunsAroundTheEdge() throws {
        let image = try renderImage(Self.scene())
        // Pixels whose every point lies between radius 48 and 49.5, clear of the outer edge's
        // antialiasing.
        assertPixel(image, 50, 1, Self.white, "top")
        assertPixel(image, 98, 50, Self.white, "right")
        assertPixel(image, 50, 98, Self.white, "bottom, outside the wedge")
        assertPixel(image, 1, 50, Self.white, "left, outside the wedge")
        // Radii 46–47: inside the border, on the disc.
        assertPixel(image, 3, 50, Self.disc, "just inside the border")
        assertPixel(image, 50, 96, Self.disc, "just inside the border")
    }

    func testFillColorOverridesTheWedgeButNotTheBorder() throws {
        let image = try renderImage(Self.scene("fillColor: \"#00ff00\""))
        assertPixel(image, 70, 30, RGBA(0, 255, 0), "wedge")
        assertPixel(image, 98, 50, Self.white, "border")
        assertPixel(image, 30, 70, Self.disc, "disc")
    }

    func testBorderColorAlsoColoursTheWedgeByDefault() throws {
        let image = try renderImage(Self.scene("borderColor: \"#0000ff\""))
        assertPixel(image, 70, 30, RGBA(0, 0, 255), "wedge")
        assertPixel(image, 1, 50, RGBA(0, 0, 255), "border")
    }

    func testCounterClockwiseMirrorsTheWedge() throws {
        let image = try renderImage(Self.scene("clockwise: false"))
        assertPixel(image, 30, 30, Self.white, "wedge, upper left")
        assertPixel(image, 70, 30, Self.disc, "upper right is now disc")
        assertPixel(image, 70, 70, Self.disc, "lower right")
    }

    func testStartAngleAndProgressPlaceTheWedge() throws {
        // From 3 o'clock, half the disc clockwise: the lower half.
        let image = try renderImage(Self.scene(progress: 0.5, "startAngle: 0"))
        assertPixel(image, 30, 70, Self.white, "lower left")
        assertPixel(image, 70, 70, Self.white, "lower right")
        assertPixel(image, 30, 30, Self.disc, "upper left")
        assertPixel(image, 70, 30, Self.disc, "upper right")
    }

    func testProgressZeroDrawsNoWedge() throws {
        let image = try renderImage(Self.scene(progress: 0))
        assertPixel(image, 70, 30, Self.disc)
        assertPixel(image, 52, 20, Self.disc)
    }

    func testFrameWithOnlyAnOriginGivesTheSeeds37By37() throws {
        let image = try renderImage("""
            canvas: {width: 100, height: 100, background: black}
            views:
              - type: pie
                frame: {x: 10, y: 10}
            """)
        // Bounds 10…47 on both axes: centre 28.5, radius 18.5, border between radii 16.5 and 18.5.
        assertPixel(image, 28, 28, Self.disc, "centre")
        assertPixel(image, 10, 28, Self.white, "left border")
        assertPixel(image, 9, 28, Self.black, "left of the bounds")
        assertPixel(image, 46, 28, Self.white, "right border")
        assertPixel(image, 47, 28, Self.black, "right of the bounds")
        assertPixel(image, 28, 10, Self.white, "top border")
        assertPixel(image, 28, 9, Self.black, "above the bounds")
        assertPixel(image, 28, 46, Self.white, "bottom border")
        assertPixel(image, 28, 47, Self.black, "below the bounds")
    }
}
