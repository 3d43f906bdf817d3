import XCTest
import SceneRender

/// The attributes every view has, drawn as a CALayer does: background clipped to the corner
/// radius, content, border inside the bounds; opacity and rotation over a view and its children.
final class LayerRenderTests: XCTestCase {
    static let red = RGBA(255, 0, 0)
    static let green = RGBA(0, 255, 0)
    static let blue = RGBA(0, 0, 255)
    static let white = RGBA(255, 255, 255)
    static let clear = RGBA(0, 0, 0, 0)

    func testCornerRadiusFiftyPercentClipsTheBackgroundToACircle() throws {
        let image = try renderImage("""
            canvas: {width: 100, height: 100}
            views:
              - type: group
                frame: {x: 0, y: 0, width: 100, height: 100}
                backgroundColor: "#0000ff"
                cornerRadius: "50%"
            """)
        assertPixel(image, 50, 50, Self.blue, "centre")
        assertPixel(image, 50, 2, Self.blue, "top, radius 47–48")
        assertPixel(image, 2, 50, Self.blue, "left, radius 47–48")
        assertPixel(image, 2, 2, Self.clear, "corner, outside the circle")
        assertPixel(image, 97, 97, Self.clear, "corner, outside the circle")
        assertPixel(image, 12, 12, Self.clear, "corner, radius 52.3–53.7")
    }

    func testBorderCornersAreSquareWhateverJoinTheContentUses() throws {
        // A 40-point border at radius 0: its corner is a square's, not the lines' round join.
        let image = try renderImage("""
            canvas: {width: 100, height: 100}
            views:
              - type: lines
                frame: {x: 0, y: 0, width: 100, height: 100}
                points: [[50, 50], [60, 50], [60, 60]]
                lineJoin: round
                borderWidth: 40
                borderColor: "#0000ff"
            """)
        assertPixel(image, 1, 1, Self.blue, "the border's outer corner")
        assertPixel(image, 98, 98, Self.blue, "the border's outer corner")
    }

    func testCornerRadiusIsAPercentOfTheSmallerSideOrPoints() throws {
        // 200 × 100 with "50%": radius 50, a capsule.
        let capsule = try renderImage("""
            canvas: {width: 200, height: 100}
            views:
              - type: group
                frame: {x: 0, y: 0, width: 200, height: 100}
                backgroundColor: "#0000ff"
                cornerRadius: "50%"
            """)
        assertPixel(capsule, 100, 1, Self.blue, "straight top edge")
        assertPixel(capsule, 50, 1, Self.blue, "where the left arc meets the top")
        assertPixel(capsule, 2, 2, Self.clear, "corner")
        assertPixel(capsule, 197, 97, Self.clear, "corner")
        assertPixel(capsule, 1, 50, Self.blue, "the arc's leftmost point")
        // 20 points: the corner arc is centred at (20, 20).
        let rounded = try renderImage("""
            canvas: {width: 100, height: 100}
            views:
              - type: group
                frame: {x: 0, y: 0, width: 100, height: 100}
                backgroundColor: "#0000ff"
                cornerRadius: 20
            """)
        assertPixel(rounded, 1, 1, Self.clear, "corner, 27 from the arc's centre")
        assertPixel(rounded, 3, 3, Self.clear, "corner, 24 from the arc's centre")
        assertPixel(rounded, 8, 8, Self.blue, "16 from the arc's centre")
        assertPixel(rounded, 0, 50, Self.blue, "straight left edge")
        assertPixel(rounded, 50, 99, Self.blue, "straight bottom edge")
    }

    func testBorderIsDrawnInsideTheBounds() throws {
        let image = try renderImage("""
            canvas: {width: 100, height: 100}
            views:
              - type: group
                frame: {x: 10, y: 10, width: 80, height: 80}
                backgroundColor: white
                borderWidth: 4
                borderColor: "#0000ff"
            """)
        // The bounds run from 10 to 90; the border covers 10–14 and 86–90.
        assertPixel(image, 9, 50, Self.clear, "left of the bounds")
        assertPixel(image, 10, 50, Self.blue, "left border")
        assertPixel(image, 13, 50, Self.blue, "left border")
        assertPixel(image, 14, 50, Self.white, "inside the border")
        assertPixel(image, 85, 50, Self.white, "inside the border")
        assertPixel(image, 86, 50, Self.blue, "right border")
        assertPixel(image, 89, 50, Self.blue, "right border")
        assertPixel(image, 90, 50, Self.clear, "right of the bounds")
        assertPixel(image, 50, 10, Self.blue, "top border")
        assertPixel(image, 50, 89, Self.blue, "bottom border")
        assertPixel(image, 10, 10, Self.blue, "the border's square corner")
    }

    func testBorderIsBlackByDefaultAndFollowsTheCornerRadius() throws {
        let image = try renderImage("""
            canvas: {width: 100, height: 100}
            views:
              - type: group
                frame: {x: 0, y: 0, width: 100, height: 100}
                borderWidth: 4
                cornerRadius: "50%"
            """)
        // A ring between radii 46 and 50.
        assertPixel(image, 1, 50, RGBA(0, 0, 0), "left, radius 48–49")
        assertPixel(image, 50, 98, RGBA(0, 0, 0), "bottom, radius 48–49")
        assertPixel(image, 1, 1, Self.clear, "the bounds' corner")
        assertPixel(image, 50, 50, Self.clear, "inside")
    }

    func testBorderIsDrawnOverTheContentAndTheChildren() throws {
        let image = try renderImage("""
            canvas: {width: 100, height: 100}
            views:
              - type: lines
                frame: {x: 0, y: 0, width: 100, height: 50}
                points: [[0, 0], ["100%", 0], ["100%", "100%"], [0, "100%"]]
                lineWidth: 0
                fillColor: "#00ff00"
                borderWidth: 4
                borderColor: "#ff0000"
              - type: group
                frame: {x: 0, y: 50, width: 100, height: 50}
                borderWidth: 4
                borderColor: "#ff0000"
                children:
                  - type: group
                    frame: {x: 0, y: 0, width: "100%", height: "100%"}
                    backgroundColor: "#0000ff"
            """)
        assertPixel(image, 1, 25, Self.red, "border over the lines' fill")
        assertPixel(image, 10, 25, Self.green, "the fill inside the border")
        assertPixel(image, 1, 75, Self.red, "border over the child")
        assertPixel(image, 10, 75, Self.blue, "the child inside the border")
    }

    func testBackgroundIsUnderTheContent() throws {
        let image = try renderImage("""
            canvas: {width: 100, height: 100}
            views:
              - type: indicator
                frame: {x: 0, y: 0, width: 100, height: 100}
                backgroundColor: "#0000ff"
            """)
        assertPixel(image, 50, 50, Self.red, "the indicator's fill over the background")
        assertPixel(image, 2, 2, Self.blue, "the background in the corner, outside the circle")
    }

    func testOpacityBlendsTheViewAndItsChildrenAsOneGroup() throws {
        let image = try renderImage("""
            canvas: {width: 100, height: 100, background: white}
            views:
              - type: group
                frame: {x: 0, y: 0, width: 100, height: 100}
                backgroundColor: "#ff0000"
                opacity: 0.5
                children:
                  - type: group
                    frame: {x: 50, y: 0, width: 50, height: 100}
                    backgroundColor: "#0000ff"
            """)
        // Half red over white: (255, 127.5, 127.5); where the child covers the parent, half blue
        // over white (the red under it is not seen through the child).
        assertPixel(image, 25, 50, RGBA(255, 128, 128), tolerance: 2, "half red over white")
        assertPixel(image, 75, 50, RGBA(128, 128, 255), tolerance: 2, "half blue over white, no red")
    }

    func testOpacityOverAClearCanvasIsTranslucent() throws {
        let image = try renderImage("""
            canvas: {width: 100, height: 100}
            views:
              - type: group
                frame: {x: 0, y: 0, width: 100, height: 100}
                backgroundColor: "#0000ff"
                opacity: 0.25
            """)
        assertPixel(image, 50, 50, RGBA(0, 0, 255, 64), tolerance: 2, "blue at alpha 0.25")
        XCTAssertFalse(image.isOpaque)
    }

    func testRotationNinetyTurnsAHorizontalLineVerticalAboutTheCentre() throws {
        let scene = { (rotation: String) in
            """
            canvas: {width: 100, height: 100}
            views:
              - type: lines
                frame: {x: 0, y: 0, width: 100, height: 100}
                points: [[10, 30], [90, 30]]
                lineWidth: 4
                rotation: \(rotation)
            """
        }
        let unrotated = try renderImage(scene("0"))
        assertPixel(unrotated, 50, 29, Self.red, "the line at y = 30")
        assertPixel(unrotated, 69, 50, Self.clear, "nothing at x = 70")
        // About (50, 50), clockwise on screen: (x, y) → (50 − (y − 50), 50 + (x − 50)), so
        // (10, 30) → (70, 10) and (90, 30) → (70, 90): a vertical line at x = 70.
        for rotation in ["90", "\"90deg\"", "\"0.25turn\""] {
            let image = try renderImage(scene(rotation))
            for y in [12, 50, 88] {
                assertPixel(image, 68, y, Self.red, "the turned line (\(rotation))")
                assertPixel(image, 71, y, Self.red, "the turned line (\(rotation))")
            }
            assertPixel(image, 67, 50, Self.clear, "left of the turned line")
            assertPixel(image, 72, 50, Self.clear, "right of the turned line")
            assertPixel(image, 70, 8, Self.clear, "beyond the turned line's start")
            assertPixel(image, 50, 29, Self.clear, "where the line was")
            assertPixel(image, 30, 50, Self.clear, "not turned the other way")
        }
    }

    func testRotationTurnsChildrenWithTheirParent() throws {
        let image = try renderImage("""
            canvas: {width: 100, height: 100}
            views:
              - type: group
                frame: {x: 0, y: 0, width: 100, height: 100}
                rotation: 90
                children:
                  - type: group
                    frame: {x: 0, y: 0, width: 50, height: 50}
                    backgroundColor: "#0000ff"
            """)
        // The top-left quarter turns clockwise to the top-right.
        assertPixel(image, 75, 25, Self.blue, "top-right quarter")
        assertPixel(image, 25, 25, Self.clear, "top-left quarter")
        assertPixel(image, 25, 75, Self.clear, "bottom-left quarter")
    }

    func testHiddenDrawsNothingNotEvenTheChildren() throws {
        let image = try renderImage("""
            canvas: {width: 100, height: 100}
            views:
              - type: group
                frame: {x: 0, y: 0, width: 100, height: 100}
                backgroundColor: "#0000ff"
                borderWidth: 4
                hidden: true
                children:
                  - type: indicator
                    frame: {x: 0, y: 0, width: 100, height: 100}
              - type: indicator
                frame: {x: 0, y: 0, width: 20, height: 20}
                hidden: true
            """)
        for (x, y) in [(50, 50), (2, 50), (5, 5), (10, 10), (95, 95)] {
            assertPixel(image, x, y, Self.clear, "hidden")
        }
    }
}
