import SceneCodecs
import XCTest
import SceneRender

/// Containers, seen in the picture: coloured boxes (views with a background) land where the
/// layout rules of docs/language.md §3 put them.
final class LayoutRenderTests: XCTestCase {
    static let red = RGBA(255, 0, 0)
    static let green = RGBA(0, 255, 0)
    static let blue = RGBA(0, 0, 255)
    static let clear = RGBA(0, 0, 0, 0)

    /// Asserts a box covers exactly [x0, x1) × [y0, y1): its four corner pixels are `colour` and
    /// the pixels just outside each side are `outside`.
    func assertBox(_ image: RasterImage, x0: Int, y0: Int, x1: Int, y1: Int, _ colour: RGBA,
                   outside: RGBA = clear, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in [(x0, y0), (x1 - 1, y0), (x0, y1 - 1), (x1 - 1, y1 - 1), ((x0 + x1) / 2, (y0 + y1) / 2)] {
            assertPixel(image, x, y, colour, "\(name) inside", file: file, line: line)
        }
        let midX = (x0 + x1) / 2, midY = (y0 + y1) / 2
        for (x, y) in [(x0 - 1, midY), (x1, midY), (midX, y0 - 1), (midX, y1)] {
            assertPixel(image, x, y, outside, "\(name) outside", file: file, line: line)
        }
    }

    /// A 200 × 100 horizontal stack with padding 10 and spacing 10: content x 10–190, y 10–90.
    /// Children: red 40 × 20, a flexible green one, blue 30 × 30.
    static func horizontalStack(_ extra: String) -> String {
        """
        canvas: {width: 200, height: 100}
        views:
          - type: stack
            frame: {x: 0, y: 0, width: 200, height: 100}
            axis: horizontal
            padding: 10
            spacing: 10
        \(indented(extra, by: 4))
            children:
              - {type: group, size: {width: 40, height: 20}, backgroundColor: "#ff0000"}
              - {type: group, backgroundColor: "#00ff00"}
              - {type: group, size: 30, backgroundColor: "#0000ff"}
        """
    }

    func testHorizontalStackCentresSizedChildrenAndGivesTheRestToTheFlexibleOne() throws {
        let image = try renderImage(Self.horizontalStack("alignment: center"))
        // Along x: 40 + 10 + flexible + 10 + 30 = 180, so the flexible child is 90 wide.
        assertBox(image, x0: 10, y0: 40, x1: 50, y1: 60, Self.red, "red, centred across (10 + (80 − 20)/2)")
        assertBox(image, x0: 60, y0: 10, x1: 150, y1: 90, Self.green, "green, filling the cross axis")
        assertBox(image, x0: 160, y0: 35, x1: 190, y1: 65, Self.blue, "blue, centred across")
    }

    func testHorizontalStackAlignsSizedChildrenToStartOrEnd() throws {
        let start = try renderImage(Self.horizontalStack("alignment: start"))
        assertBox(start, x0: 10, y0: 10, x1: 50, y1: 30, Self.red, "red at the top")
        assertBox(start, x0: 160, y0: 10, x1: 190, y1: 40, Self.blue, "blue at the top")
        assertBox(start, x0: 60, y0: 10, x1: 150, y1: 90, Self.green, "green still fills")
        let end = try renderImage(Self.horizontalStack("alignment: end"))
        assertBox(end, x0: 10, y0: 70, x1: 50, y1: 90, Self.red, "red at the bottom")
        assertBox(end, x0: 160, y0: 60, x1: 190, y1: 90, Self.blue, "blue at the bottom")
        let stretch = try renderImage(Self.horizontalStack("alignment: stretch"))
        assertBox(stretch, x0: 10, y0: 10, x1: 50, y1: 90, Self.red, "red stretched across")
    }

    func testVerticalStackIsTheDefaultAxis() throws {
        let image = try renderImage("""
            canvas: {width: 100, height: 200}
            views:
              - type: stack
                frame: {x: 0, y: 0, width: 100, height: 200}
                padding: {top: 10, leading: 20, bottom: 30, trailing: 0}
                spacing: 5
                alignment: end
                children:
                  - {type: group, size: {width: 40, height: 30}, backgroundColor: "#ff0000"}
                  - {type: group, backgroundColor: "#00ff00"}
                  - {type: group, backgroundColor: "#0000ff"}
            """)
        // Content x 20–100, y 10–170; two flexible children share 160 − 30 − 10 = 120.
        assertBox(image, x0: 60, y0: 10, x1: 100, y1: 40, Self.red, "red at the trailing edge")
        assertBox(image, x0: 20, y0: 45, x1: 100, y1: 105, Self.green, "green")
        assertBox(image, x0: 20, y0: 110, x1: 100, y1: 170, Self.blue, "blue")
    }

    func testStackDistributesLeftoverSpace() throws {
        let scene = { (distribution: String) in
            """
            canvas: {width: 220, height: 50}
            views:
              - type: stack
                frame: {x: 0, y: 0, width: 220, height: 50}
                axis: horizontal
                spacing: 20
                distribution: \(distribution)
                children:
                  - {type: group, size: 40, backgroundColor: "#ff0000"}
                  - {type: group, size: 40, backgroundColor: "#0000ff"}
            """
        }
        // 220 − 40 − 20 − 40 = 120 left over.
        let start = try renderImage(scene("start"))
        assertBox(start, x0: 0, y0: 5, x1: 40, y1: 45, Self.red, "red")
        assertBox(start, x0: 60, y0: 5, x1: 100, y1: 45, Self.blue, "blue")
        let center = try renderImage(scene("center"))
        assertBox(center, x0: 60, y0: 5, x1: 100, y1: 45, Self.red, "red")
        assertBox(center, x0: 120, y0: 5, x1: 160, y1: 45, Self.blue, "blue")
        let end = try renderImage(scene("end"))
        assertBox(end, x0: 120, y0: 5, x1: 160, y1: 45, Self.red, "red")
        assertBox(end, x0: 180, y0: 5, x1: 220, y1: 45, Self.blue, "blue")
        let between = try renderImage(scene("spaceBetween"))
        assertBox(between, x0: 0, y0: 5, x1: 40, y1: 45, Self.red, "red")
        assertBox(between, x0: 180, y0: 5, x1: 220, y1: 45, Self.blue, "blue")
        // Three equal shares of 40: before, between (with the spacing) and after.
        let evenly = try renderImage(scene("spaceEvenly"))
        assertBox(evenly, x0: 40, y0: 5, x1: 80, y1: 45, Self.red, "red")
        assertBox(evenly, x0: 140, y0: 5, x1: 180, y1: 45, Self.blue, "blue")
    }

    func testGridFillsEqualCellsRowByRow() throws {
        let image = try renderImage("""
            canvas: {width: 200, height: 200}
            views:
              - type: grid
                frame: {x: 0, y: 0, width: 200, height: 200}
                columns: 3
                spacing: 10
                children:
                  - {type: group, backgroundColor: "#ff0000"}
                  - {type: group, backgroundColor: "#00ff00"}
                  - {type: group, backgroundColor: "#0000ff"}
                  - {type: group, backgroundColor: "#0000ff"}
                  - {type: group, size: 20, backgroundColor: "#ff0000"}
            """)
        // Cells (200 − 2 × 10)/3 = 60 wide and, by default, as tall: columns at 0, 70, 140,
        // rows at 0, 70.
        assertBox(image, x0: 0, y0: 0, x1: 60, y1: 60, Self.red, "cell 0")
        assertBox(image, x0: 70, y0: 0, x1: 130, y1: 60, Self.green, "cell 1")
        assertBox(image, x0: 140, y0: 0, x1: 200, y1: 60, Self.blue, "cell 2")
        assertBox(image, x0: 0, y0: 70, x1: 60, y1: 130, Self.blue, "cell 3, second row")
        // A sized child is centred in its cell (70–130).
        assertBox(image, x0: 90, y0: 90, x1: 110, y1: 110, Self.red, "sized child in cell 4")
        assertPixel(image, 170, 100, Self.clear, "no sixth child")
    }

    func testGridRowHeightSpacingAndPadding() throws {
        let image = try renderImage("""
            canvas: {width: 200, height: 200}
            views:
              - type: grid
                frame: {x: 0, y: 0, width: 200, height: 200}
                columns: 2
                padding: 20
                spacing: {row: 4, column: 10}
                rowHeight: 30
                children:
                  - {type: group, backgroundColor: "#ff0000"}
                  - {type: group, backgroundColor: "#00ff00"}
                  - {type: group, backgroundColor: "#0000ff"}
            """)
        // Content 20–180; cells (160 − 10)/2 = 75 wide, 30 tall: columns at 20 and 105, rows at
        // 20 and 54.
        assertBox(image, x0: 20, y0: 20, x1: 95, y1: 50, Self.red, "cell 0")
        assertBox(image, x0: 105, y0: 20, x1: 180, y1: 50, Self.green, "cell 1")
        assertBox(image, x0: 20, y0: 54, x1: 95, y1: 84, Self.blue, "cell 2")
    }

    func testGroupPlacesAChildByPercentOfItsSize() throws {
        let image = try renderImage("""
            canvas: {width: 200, height: 200}
            views:
              - type: group
                frame: {x: 50, y: 40, width: 100, height: 120}
                children:
                  - type: group
                    frame: {x: "50%", y: "25%", width: "50%", height: "100% - 90"}
                    backgroundColor: "#ff0000"
                  - type: indicator
                    frame: {x: 0, y: "100% - 20", width: 20, height: 20}
                    lineWidth: 0
                    offColor: "#0000ff"
            """)
        // x 50 + 50 = 100 to 150; y 40 + 30 = 70 to 100.
        assertBox(image, x0: 100, y0: 70, x1: 150, y1: 100, Self.red, "child in percent frame")
        // The indicator's circle: centre (60, 150), radius 10.
        assertPixel(image, 60, 150, Self.blue, "indicator at the group's bottom-left")
        assertPixel(image, 60, 161, Self.clear, "below the indicator")
    }

    func testCentreFramePlacesTheViewsCentre() throws {
        let image = try renderImage("""
            canvas: {width: 200, height: 100}
            views:
              - type: group
                frame: {centerX: "50%", centerY: "50%", width: 60, height: 40}
                backgroundColor: "#00ff00"
              - type: group
                frame: {centerX: "100% - 20", centerY: 20, width: 20, height: 10}
                backgroundColor: "#0000ff"
            """)
        assertBox(image, x0: 70, y0: 30, x1: 130, y1: 70, Self.green, "centred at (100, 50)")
        assertBox(image, x0: 170, y0: 15, x1: 190, y1: 25, Self.blue, "centred at (180, 20)")
    }

    func testNestedContainersOffsetTheirChildren() throws {
        let image = try renderImage("""
            canvas: {width: 200, height: 200}
            views:
              - type: group
                frame: {x: 20, y: 30, width: 160, height: 160}
                children:
                  - type: stack
                    frame: {x: 10, y: 10, width: 100, height: 50}
                    axis: horizontal
                    spacing: 10
                    children:
                      - {type: group, backgroundColor: "#ff0000"}
                      - {type: group, backgroundColor: "#0000ff"}
            """)
        // The stack spans x 30–130, y 40–90 on the canvas; its children are (100 − 10)/2 = 45 wide.
        assertBox(image, x0: 30, y0: 40, x1: 75, y1: 90, Self.red, "left child")
        assertBox(image, x0: 85, y0: 40, x1: 130, y1: 90, Self.blue, "right child")
    }

    func testLaterViewsDrawOnTopAndChildrenAreNotClipped() throws {
        let image = try renderImage("""
            canvas: {width: 100, height: 120}
            views:
              - type: group
                frame: {x: 50, y: 50, width: 40, height: 40}
                backgroundColor: "#ff0000"
                cornerRadius: "50%"
                children:
                  - type: group
                    frame: {x: -40, y: "100% - 10", width: 30, height: 30}
                    backgroundColor: "#0000ff"
              - type: group
                frame: {x: 60, y: 60, width: 20, height: 20}
                backgroundColor: "#00ff00"
            """)
        assertBox(image, x0: 60, y0: 60, x1: 80, y1: 80, Self.green, outside: Self.red, "later view on top")
        // The child lies outside its parent's bounds (and its rounded corner), drawn whole.
        assertBox(image, x0: 10, y0: 80, x1: 40, y1: 110, Self.blue, "child outside its parent")
    }

    func testAPieWithoutASizeKeepsItsThirtySevenPointsInAStack() throws {
        let image = try renderImage("""
            canvas: {width: 200, height: 60, background: black}
            views:
              - type: stack
                frame: {x: 0, y: 0, width: 200, height: 60}
                axis: horizontal
                children:
                  - {type: pie, progress: 0}
                  - {type: group, backgroundColor: "#0000ff"}
            """)
        // The pie: x 0–37, centred across: y 11.5–48.5, centre (18.5, 30); the flexible group
        // takes the remaining 163 from x = 37.
        assertPixel(image, 18, 30, PieRenderTests.disc, "the pie's disc")
        assertPixel(image, 18, 10, RGBA(0, 0, 0), "above the pie")
        assertPixel(image, 18, 49, RGBA(0, 0, 0), "below the pie")
        assertPixel(image, 35, 30, RGBA(255, 255, 255), "the pie's border, radius 16.5–17.5")
        for (x, y) in [(37, 0), (37, 30), (37, 59), (199, 0), (199, 59)] {
            assertPixel(image, x, y, Self.blue, "the flexible group")
        }
    }

    func testCanvasScaleDrawsThatManyPixelsPerPoint() throws {
        let image = try renderImage("""
            canvas: {width: 100, height: 50, scale: 2}
            views:
              - type: group
                frame: {x: 10, y: 5, width: 30, height: 20}
                backgroundColor: "#ff0000"
            """)
        XCTAssertEqual(image.width, 200)
        XCTAssertEqual(image.height, 100)
        assertBox(image, x0: 20, y0: 10, x1: 80, y1: 50, Self.red, "the box at twice the size")
    }
}
