import XCTest
import SceneRender

/// Seed 004: a circle of radius width/2 centred in the bounds, filled with the on or off colour
/// and stroked on its edge (lineWidth 5% of the width) in that colour × 0.75.
final class IndicatorRenderTests: XCTestCase {
    static let red = RGBA(255, 0, 0)
    /// 0.75 × 255 = 191.25.
    static let darkRed = RGBA(191, 0, 0)
    /// #34c759.
    static let green = RGBA(0x34, 0xc7, 0x59)
    /// 0.75 × (52, 199, 89) = (39, 149.25, 66.75).
    static let darkGreen = RGBA(39, 149, 67)
    static let clear = RGBA(0, 0, 0, 0)

    /// An 80 × 80 indicator at (10, 10): centre (50, 50), radius 40; the default 4-pt edge
    /// (5% of 80) covers radii 38–42, half of it outside the bounds.
    static func scene(_ extra: String = "") -> String {
        """
        canvas: {width: 100, height: 100}
        views:
          - type: indicator
            frame: {x: 10, y: 10, width: 80, height: 80}
        \(indented(extra, by: 4))
        """
    }

    // Probes keep off the circles' outer edges: Cairo flattens arcs to within 0.1 px, so a
    // pixel that only touches the true edge may lose a few percent of coverage.

    func testOffIsRedWithADarkerRedEdgeFivePercentOfTheWidth() throws {
        let image = try renderImage(Self.scene())
        assertPixel(image, 50, 50, Self.red, "centre")
        assertPixel(image, 87, 50, Self.red, "radius 37–38, inside the edge")
        assertPixel(image, 88, 50, Self.darkRed, "radius 38–39, the edge's inner half")
        assertPixel(image, 89, 50, Self.darkRed, "radius 39–40, the circle's edge")
        assertPixel(image, 90, 50, Self.darkRed, "radius 40–41, the edge's outer half, outside the bounds")
        assertPixel(image, 92, 50, Self.clear, "radius 42–43, outside")
        assertPixel(image, 50, 10, Self.darkRed, "top edge")
        assertPixel(image, 10, 50, Self.darkRed, "left edge")
        assertPixel(image, 50, 89, Self.darkRed, "bottom edge")
        assertPixel(image, 12, 12, Self.clear, "bounds' corner, outside the circle")
    }

    func testOnIsGreenWithADarkerGreenEdge() throws {
        let image = try renderImage(Self.scene("on: true"))
        assertPixel(image, 50, 50, Self.green, "centre")
        assertPixel(image, 89, 50, Self.darkGreen, "edge")
        assertPixel(image, 10, 50, Self.darkGreen, "edge")
    }

    func testOnAndOffColoursAreAttributesAndTheEdgeFollowsThem() throws {
        let image = try renderImage(Self.scene("offColor: \"#0000ff\""))
        assertPixel(image, 50, 50, RGBA(0, 0, 255), "centre")
        assertPixel(image, 89, 50, RGBA(0, 0, 191), "edge, 0.75 × the fill")
        let on = try renderImage(Self.scene("on: true\nonColor: white"))
        assertPixel(on, 50, 50, RGBA(255, 255, 255), "centre")
        assertPixel(on, 89, 50, RGBA(191, 191, 191), "edge, 0.75 × the fill")
    }

    func testStrokeColorOverridesTheEdge() throws {
        let image = try renderImage(Self.scene("strokeColor: \"#0000ff\""))
        assertPixel(image, 50, 50, Self.red, "centre")
        assertPixel(image, 89, 50, RGBA(0, 0, 255), "edge")
        assertPixel(image, 90, 50, RGBA(0, 0, 255), "edge, outside the bounds")
    }

    func testLineWidthSetsTheEdgeWidth() throws {
        // 10 pt: radii 35–45.
        let image = try renderImage(Self.scene("lineWidth: 10"))
        assertPixel(image, 84, 50, Self.red, "radius 34–35")
        assertPixel(image, 85, 50, Self.darkRed, "radius 35–36")
        assertPixel(image, 93, 50, Self.darkRed, "radius 43–44")
        assertPixel(image, 95, 50, Self.clear, "radius 45–46")
    }

    func testLineWidthZeroDrawsNoEdge() throws {
        let image = try renderImage(Self.scene("lineWidth: 0"))
        assertPixel(image, 88, 50, Self.red, "radius 38–39, filled")
        assertPixel(image, 90, 50, Self.clear, "radius 40–41, outside")
    }

    func testDefaultEdgeScalesWithTheWidth() throws {
        // 40 wide at (30, 30): centre (50, 50), radius 20, edge 2 pt: radii 19–21.
        let image = try renderImage("""
            canvas: {width: 100, height: 100}
            views:
              - type: indicator
                frame: {x: 30, y: 30, width: 40, height: 40}
            """)
        assertPixel(image, 68, 50, Self.red, "radius 18–19")
        assertPixel(image, 69, 50, Self.darkRed, "radius 19–20")
        assertPixel(image, 71, 50, Self.clear, "radius 21–22")
    }
}
