import SceneCodecs
import XCTest
import SceneRender

/// Seed 000, "Drawing": polylines and polygons, points in percent of the bounds, trimmed by
/// strokeStart/strokeEnd with dashes laid from the first point, as a CAShapeLayer does.
final class LinesRenderTests: XCTestCase {
    static let red = RGBA(255, 0, 0)
    static let clear = RGBA(0, 0, 0, 0)

    /// The seed's rectangle in a 200 × 200 view at the canvas origin: corners (10, 10), (190, 10),
    /// (190, 190), (10, 190); the path is 4 × 180 = 720 long.
    static func rectangle(_ extra: String = "") -> String {
        """
        canvas: {width: 200, height: 200}
        views:
          - type: lines
            frame: {x: 0, y: 0, width: 200, height: 200}
            points: [[10, 10], ["100% - 10", 10], ["100% - 10", "100% - 10"], [10, "100% - 10"]]
        \(indented(extra, by: 4))
        """
    }

    /// Whether each side of the rectangle is stroked, probed at its middle with a 2-pt line
    /// (which covers the two pixel rows or columns either side of the side's line).
    func assertSides(_ image: RasterImage, top: Bool, right: Bool, bottom: Bool, left: Bool,
                     file: StaticString = #filePath, line: UInt = #line) {
        let sides = [("top", top, [(100, 9), (100, 10)]), ("right", right, [(189, 100), (190, 100)]),
                     ("bottom", bottom, [(100, 189), (100, 190)]), ("left", left, [(9, 100), (10, 100)])]
        for (name, drawn, pixels) in sides {
            for (x, y) in pixels {
                assertPixel(image, x, y, drawn ? Self.red : Self.clear, "\(name) side", file: file, line: line)
            }
        }
    }

    func testSeedRectangleIsRedOnEachSideAndClearInside() throws {
        // The default 1-pt line straddles the pixel boundary at 10: half of each of two pixels.
        let image = try renderImage(Self.rectangle("closed: true"))
        let halfRed = RGBA(255, 0, 0, 128)
        for (x, y) in [(100, 9), (100, 10), (190, 100), (189, 100), (100, 190), (100, 189), (9, 100), (10, 100)] {
            assertPixel(image, x, y, halfRed, "half-covered by the 1-pt side")
        }
        assertPixel(image, 100, 11, Self.clear, "inside, next to the top side")
        assertPixel(image, 100, 8, Self.clear, "outside, next to the top side")
        assertPixel(image, 100, 100, Self.clear, "inside")
        assertPixel(image, 5, 5, Self.clear, "outside")
    }

    func testLineWidthWidensTheStrokeAboutThePath() throws {
        // 4 pt: from 8 to 12 across each side.
        let image = try renderImage(Self.rectangle("closed: true\nlineWidth: 4"))
        for y in 8...11 { assertPixel(image, 100, y, Self.red, "top side") }
        assertPixel(image, 100, 7, Self.clear, "above the top side")
        assertPixel(image, 100, 12, Self.clear, "below the top side")
        for x in 188...191 { assertPixel(image, x, 100, Self.red, "right side") }
        assertPixel(image, 192, 100, Self.clear, "right of the right side")
        // Miter joins fill the corners square.
        assertPixel(image, 8, 8, Self.red, "top-left corner")
        assertPixel(image, 191, 191, Self.red, "bottom-right corner")
    }

    func testOpenPathLeavesTheClosingSideOut() throws {
        let image = try renderImage(Self.rectangle("lineWidth: 2"))
        assertSides(image, top: true, right: true, bottom: true, left: false)
    }

    func testClosedPathDrawsAllFourSides() throws {
        let image = try renderImage(Self.rectangle("closed: true\nlineWidth: 2"))
        assertSides(image, top: true, right: true, bottom: true, left: true)
    }

    func testFillColorFillsTheInside() throws {
        let image = try renderImage(Self.rectangle("closed: true\nlineWidth: 2\nfillColor: \"#0000ff\""))
        assertPixel(image, 100, 100, RGBA(0, 0, 255), "inside")
        assertPixel(image, 12, 12, RGBA(0, 0, 255), "inside, by the corner")
        assertPixel(image, 100, 10, Self.red, "the stroke over the fill")
        assertPixel(image, 5, 5, Self.clear, "outside")
        assertPixel(image, 195, 100, Self.clear, "outside")
    }

    func testStrokeEndHalfDrawsTheTopAndRightSides() throws {
        // Half of 720 = the top side and the right side.
        let image = try renderImage(Self.rectangle("closed: true\nlineWidth: 2\nstrokeEnd: 0.5"))
        assertSides(image, top: true, right: true, bottom: false, left: false)
        assertPixel(image, 190, 187, Self.red, "right side, just short of its end")
        assertPixel(image, 187, 190, Self.clear, "bottom side, just after the trim")
    }

    func testStrokeStartAndEndTrimBothEnds() throws {
        // From 180 to 540: the right and the bottom side.
        let image = try renderImage(Self.rectangle("closed: true\nlineWidth: 2\nstrokeStart: 0.25\nstrokeEnd: 0.75"))
        assertSides(image, top: false, right: true, bottom: true, left: false)
        // Within a side: from 90 to 270 is the top side's second half and the right's first.
        let partial = try renderImage(Self.rectangle("closed: true\nlineWidth: 2\nstrokeStart: 0.125\nstrokeEnd: 0.375"))
        assertPixel(partial, 50, 10, Self.clear, "top side, before 90")
        assertPixel(partial, 150, 10, Self.red, "top side, after 90")
        assertPixel(partial, 190, 50, Self.red, "right side, before 270")
        assertPixel(partial, 190, 150, Self.clear, "right side, after 270")
        let none = try renderImage(Self.rectangle("closed: true\nlineWidth: 2\nstrokeStart: 0.5\nstrokeEnd: 0.5"))
        assertSides(none, top: false, right: false, bottom: false, left: false)
    }

    func testDashesAreLaidFromTheFirstPoint() throws {
        // [20, 20]: on from 0 to 20, off 20–40, …; along the top side x = 10 + s.
        let image = try renderImage(Self.rectangle("closed: true\nlineWidth: 2\ndash: [20, 20]"))
        assertPixel(image, 20, 10, Self.red, "s = 10, a dash")
        assertPixel(image, 40, 10, Self.clear, "s = 30, a gap")
        assertPixel(image, 60, 10, Self.red, "s = 50, a dash")
        assertPixel(image, 80, 10, Self.clear, "s = 70, a gap")
        // The right side starts at s = 180 = 4.5 periods: in a gap; y = 10 + (s − 180).
        assertPixel(image, 190, 20, Self.clear, "s = 190, a gap")
        assertPixel(image, 190, 40, Self.red, "s = 210, a dash")
    }

    func testTrimmingKeepsTheDashesWhereTheyLieOnTheWholePath() throws {
        // Trimmed to start at s = 180 (the right side's top), the pattern still counts from the
        // first point: 180–200 is a gap, 200–220 a dash.
        let image = try renderImage(Self.rectangle("closed: true\nlineWidth: 2\ndash: [20, 20]\nstrokeStart: 0.25"))
        assertPixel(image, 190, 20, Self.clear, "s = 190, a gap")
        assertPixel(image, 190, 40, Self.red, "s = 210, a dash")
        assertPixel(image, 60, 10, Self.clear, "top side, trimmed away")
    }

    func testPointsArePercentOfTheViewsBounds() throws {
        let image = try renderImage("""
            canvas: {width: 200, height: 100}
            views:
              - type: lines
                frame: {x: 100, y: 0, width: 100, height: 100}
                points: [["25%", "50%"], ["75%", "50%"]]
                lineWidth: 2
            """)
        // From (125, 50) to (175, 50) on the canvas.
        assertPixel(image, 126, 50, Self.red, "just after the start")
        assertPixel(image, 174, 49, Self.red, "just before the end")
        assertPixel(image, 124, 50, Self.clear, "before the start")
        assertPixel(image, 175, 50, Self.clear, "after the end")
        assertPixel(image, 150, 51, Self.clear, "below the line")
    }

    func testLineCapsExtendTheEnds() throws {
        let scene = { (cap: String) in
            """
            canvas: {width: 100, height: 100}
            views:
              - type: lines
                frame: {x: 0, y: 0, width: 100, height: 100}
                points: [[10, 50], [90, 50]]
                lineWidth: 10
                lineCap: \(cap)
            """
        }
        // The line covers y 45–55; a square cap adds a 5 × 10 box at each end, a round cap a
        // half disc of radius 5 about the end point.
        let butt = try renderImage(scene("butt"))
        assertPixel(butt, 10, 50, Self.red, "butt: the first pixel of the line")
        assertPixel(butt, 9, 50, Self.clear, "butt: nothing before the start")
        assertPixel(butt, 90, 50, Self.clear, "butt: nothing after the end")
        let square = try renderImage(scene("square"))
        assertPixel(square, 6, 50, Self.red, "square: before the start")
        assertPixel(square, 5, 45, Self.red, "square: the cap's corner")
        assertPixel(square, 93, 54, Self.red, "square: the cap's corner")
        assertPixel(square, 4, 50, Self.clear, "square: 5 beyond the start")
        assertPixel(square, 95, 50, Self.clear, "square: 5 beyond the end")
        let round = try renderImage(scene("round"))
        assertPixel(round, 6, 50, Self.red, "round: 3–4 before the start")
        assertPixel(round, 5, 45, Self.clear, "round: no corner")
        assertPixel(round, 4, 50, Self.clear, "round: 5 beyond the start")
    }

    func testLineJoinsShapeTheCorners() throws {
        // The rectangle's top-left corner (10, 10) with a 10-pt line: the outer edges meet at
        // (5, 5) with a miter; a bevel cuts from (5, 10) to (10, 5); a round join is a disc of
        // radius 5 about (10, 10).
        let miter = try renderImage(Self.rectangle("closed: true\nlineWidth: 10\nlineJoin: miter"))
        assertPixel(miter, 5, 5, Self.red, "miter: the sharp corner")
        let bevel = try renderImage(Self.rectangle("closed: true\nlineWidth: 10\nlineJoin: bevel"))
        assertPixel(bevel, 5, 5, Self.clear, "bevel: no corner")
        assertPixel(bevel, 6, 7, Self.clear, "bevel: outside the cut (x + y ≤ 15)")
        assertPixel(bevel, 8, 8, Self.red, "bevel: inside the cut")
        let round = try renderImage(Self.rectangle("closed: true\nlineWidth: 10\nlineJoin: round"))
        assertPixel(round, 5, 5, Self.clear, "round: no corner")
        assertPixel(round, 7, 7, Self.red, "round: within 5 of the corner point")
    }
}
