import Foundation
import SceneCodecs
import XCTest
import SceneAnimation
import SceneFonts
import SceneModel
import SceneRender

/// Where text's ink falls: inside its frame for every alignment, wrapped and ellipsized by
/// lineLimit, and the same at any scale.
final class LabelRenderTests: XCTestCase {
    /// The bounding box of the pixels that differ from the background (top-left pixel), in
    /// pixels: x0, y0 inclusive, x1, y1 exclusive. nil when nothing is drawn.
    static func inkBox(_ image: RasterImage, within area: (x: Int, y: Int, w: Int, h: Int)? = nil)
        -> (x0: Int, y0: Int, x1: Int, y1: Int)? {
        let background = image.rgba(0, 0)
        let a = area ?? (0, 0, image.width, image.height)
        var box: (x0: Int, y0: Int, x1: Int, y1: Int)?
        for y in a.y..<(a.y + a.h) {
            for x in a.x..<(a.x + a.w) where !image.rgba(x, y).isClose(to: background, tolerance: 8) {
                box = (Swift.min(box?.x0 ?? x, x), Swift.min(box?.y0 ?? y, y),
                       Swift.max(box?.x1 ?? x + 1, x + 1), Swift.max(box?.y1 ?? y + 1, y + 1))
            }
        }
        return box
    }

    static func labelScene(_ attributes: String, frame: String = "{x: 40, y: 30, width: 220, height: 140}",
                           canvas: String = "{width: 300, height: 200, background: white}") -> String {
        """
        canvas: \(canvas)
        views:
          - type: label
            frame: \(frame)
        \(indented(attributes, by: 4))
        """
    }

    func testInkLiesInsideTheFrameForEveryAlignment() throws {
        var boxes: [String: (x0: Int, y0: Int, x1: Int, y1: Int)] = [:]
        for horizontal in ["leading", "center", "trailing"] {
            for vertical in ["top", "center", "bottom"] {
                let image = try renderImage(Self.labelScene("""
                    text: "Typography jq"
                    fontSize: 24
                    alignment: \(horizontal)
                    verticalAlignment: \(vertical)
                    """))
                let box = try XCTUnwrap(Self.inkBox(image), "\(horizontal) \(vertical): no ink")
                XCTAssertTrue(box.x0 >= 40 && box.x1 <= 260 && box.y0 >= 30 && box.y1 <= 170,
                              "\(horizontal) \(vertical): ink \(box) outside the frame (40, 30)–(260, 170)")
                boxes["\(horizontal) \(vertical)"] = box
            }
        }
        // Each alignment moves the ink where it says: leading hugs the left edge, trailing the
        // right; top the top, bottom the bottom.
        let leading = try XCTUnwrap(boxes["leading top"]), trailing = try XCTUnwrap(boxes["trailing bottom"])
        let centre = try XCTUnwrap(boxes["center center"])
        XCTAssertLessThan(leading.x0, 45)
        XCTAssertGreaterThan(trailing.x1, 254)
        XCTAssertLessThan(leading.y0, 40)
        XCTAssertGreaterThan(trailing.y1, 160)
        XCTAssertLessThan(abs((centre.x0 + centre.x1) / 2 - 150), 3, "centred across")
        XCTAssertLessThan(abs((centre.y0 + centre.y1) / 2 - 100), 6, "centred down")
    }

    static let longText = "The quick brown fox jumps over the lazy dog and keeps running far beyond the frame"

    func testLineLimitOneEndsInAnEllipsisInsideTheFrame() throws {
        let scene = Self.labelScene("""
            text: "\(Self.longText)"
            fontSize: 20
            lineLimit: 1
            verticalAlignment: top
            """, frame: "{x: 20, y: 20, width: 200, height: 100}")
        let image = try renderImage(scene)
        let box = try XCTUnwrap(Self.inkBox(image))
        XCTAssertTrue(box.x0 >= 20 && box.x1 <= 220 && box.y0 >= 20 && box.y1 <= 120, "ink \(box) outside the frame")
        // One line: ink no taller than a line of 20 pt text.
        XCTAssertLessThan(box.y1 - box.y0, 26)
        // It ends in an ellipsis: the last glyph's ink is low and flat, as "…" is on the baseline.
        let dots = Self.inkBox(image, within: (box.x1 - 14, box.y0, 14, box.y1 - box.y0))
        let dotsBox = try XCTUnwrap(dots)
        XCTAssertLessThan(dotsBox.y1 - dotsBox.y0, 5, "the last glyph is low and flat, as dots are: \(dotsBox)")
        XCTAssertGreaterThan(dotsBox.y0, box.y0 + 10)
    }

    func testLineLimitTwoWrapsToTwoLines() throws {
        func inkHeight(_ limit: Int) throws -> Int {
            let image = try renderImage(Self.labelScene("""
                text: "\(Self.longText)"
                fontSize: 20
                lineLimit: \(limit)
                verticalAlignment: top
                """, frame: "{x: 20, y: 20, width: 200, height: 160}"))
            let box = try XCTUnwrap(Self.inkBox(image))
            XCTAssertTrue(box.x1 <= 220 && box.y1 <= 180, "ink \(box) outside the frame")
            return box.y1 - box.y0
        }
        let one = try inkHeight(1), two = try inkHeight(2), three = try inkHeight(3)
        // A line of 20 pt DejaVu is about 23 pt high: two lines add one line, three add two.
        XCTAssertEqual(Double(two - one), 23.3, accuracy: 3, "two lines")
        XCTAssertEqual(Double(three - one), 46.6, accuracy: 3, "three lines")
    }

    func testALabelWithoutAWidthSizesToItsTextInFramesStacksAndGrids() throws {
        let (_, placed) = try compileScene("""
            canvas: {width: 400, height: 300}
            views:
              - {type: label, frame: {x: 10, y: 10}, text: "Hello", fontSize: 20}
              - {type: label, frame: {x: 10, y: 50, width: 80}, text: "Hello world", fontSize: 20}
              - type: stack
                axis: horizontal
                frame: {x: 0, y: 100, width: 400, height: 50}
                children:
                  - {type: label, text: "Hello", fontSize: 20}
                  - {type: group}
              - type: grid
                columns: 2
                frame: {x: 0, y: 200, width: 400, height: 100}
                children:
                  - {type: label, text: "Hello", fontSize: 20}
            """)
        let alone = placed[0].frame
        // "Hello" in 20 pt DejaVu Sans: about 51 × 23 pt.
        XCTAssertEqual(alone.width, 51.6, accuracy: 3)
        XCTAssertEqual(alone.height, 23.3, accuracy: 1)
        XCTAssertEqual(placed[1].frame.height, 2 * alone.height, accuracy: 0.5, "wrapped to its width: two lines")
        XCTAssertEqual(placed[2].children[0].frame.width, alone.width, accuracy: 0.01)
        XCTAssertEqual(placed[2].children[1].frame.width, 400 - alone.width, accuracy: 0.01, "the rest shares what is left")
        let cell = placed[3].children[0].frame
        XCTAssertEqual(cell.width, alone.width, accuracy: 0.01)
        XCTAssertEqual(cell.midX, 100, accuracy: 0.01, "centred in its cell")
    }

    /// Hinting off and unhinted metrics: at scale 2 the text is the text at scale 1, larger.
    func testScaleTwoIsScaleOneDrawnLarger() throws {
        func box(_ scale: Int) throws -> (x0: Int, y0: Int, x1: Int, y1: Int) {
            try XCTUnwrap(Self.inkBox(try renderImage(Self.labelScene("""
                text: "Hamburgefonstiv 0123"
                fontSize: 13
                """, canvas: "{width: 300, height: 200, background: white, scale: \(scale)}"))))
        }
        let one = try box(1), two = try box(2)
        for (a, b) in [(one.x0, two.x0), (one.y0, two.y0), (one.x1, two.x1), (one.y1, two.y1)] {
            XCTAssertLessThanOrEqual(abs(2 * a - b), 2, "scale 1 \(one) × 2 vs scale 2 \(two)")
        }
    }

    func testBoldAndItalicChangeTheGlyphs() throws {
        func image(_ extra: String) throws -> [UInt32] {
            ReadbackTests.packed(try renderImage(Self.labelScene("text: \"Style\"\nfontSize: 30\n" + extra)))
        }
        let regular = try image(""), bold = try image("fontWeight: bold"), italic = try image("italic: true")
        let heavy = try image("fontWeight: 800")
        XCTAssertNotEqual(regular, bold)
        XCTAssertNotEqual(regular, italic)
        XCTAssertNotEqual(bold, italic)
        XCTAssertEqual(bold, heavy, "DejaVu Sans has one bold: 700 and 800 both draw it")
    }

    // MARK: ring labels

    static func ringScene(_ ring: String) -> String {
        """
        canvas: {width: 160, height: 160, background: white}
        views:
          - id: download
            type: ring
            frame: {x: 10, y: 10, width: 140, height: 140}
            trackColor: clear
            progressColor: clear
            labelColor: "#ff2d55"
        \(indented(ring, by: 4))
        """
    }

    /// A ring's percent label at each frame of an animation draws exactly what a label alone,
    /// centred in the ring's frame, draws with the same text and size.
    func testAnAnimatedRingsPercentLabelIsALabelWithThatText() throws {
        let yaml = Self.ringScene("label: percent\nlabelSize: 30") + """

            timeline:
              fps: 4
              animations:
                - {target: download.progress, from: 0, to: 1, duration: 1s}
            """
        let (scene, placed) = try compileScene(yaml)
        let sampler = Sampler(scene: scene)
        let renderer = Renderer(canvas: scene.canvas)
        let frames = scene.timeline?.frameCount(fps: 4) ?? 0
        XCTAssertEqual(frames, 5)
        for frame in 0..<frames {
            let text = ["0%", "25%", "50%", "75%", "100%"][frame]
            let ring = try renderer.image(sampler.sample(placed, at: Double(frame) / 4))
            let label = try renderImage("""
                canvas: {width: 160, height: 160, background: white}
                views:
                  - {type: label, frame: {x: 10, y: 10, width: 140, height: 140}, text: "\(text)", fontSize: 30,
                     alignment: center, textColor: "#ff2d55"}
                """)
            XCTAssertEqual(ReadbackTests.packed(ring), ReadbackTests.packed(label), "frame \(frame): \(text)")
            XCTAssertNotNil(Self.inkBox(ring), "frame \(frame) draws its label")
        }
    }

    func testTheDefaultLabelSizeFitsInsideTheRing() throws {
        for text in ["label: percent\nprogress: 1", "label: \"Downloading\""] {
            let image = try renderImage(Self.ringScene(text + "\nlineWidth: 10"))
            let box = try XCTUnwrap(Self.inkBox(image))
            // Inner circle: centre (80, 80), radius 70 − 10 = 60. Every ink corner inside it.
            for (x, y) in [(box.x0, box.y0), (box.x1, box.y0), (box.x0, box.y1), (box.x1, box.y1)] {
                let d = (Double(x - 80) * Double(x - 80) + Double(y - 80) * Double(y - 80)).squareRoot()
                XCTAssertLessThanOrEqual(d, 61, "\(text): corner (\(x), \(y)) outside the inner circle")
            }
            // And it is not timid: the text spans most of the inner circle's width.
            XCTAssertGreaterThan(box.x1 - box.x0, 70, text)
        }
    }

    func testABoundLabelFollowsTheRingFrameByFrame() throws {
        let yaml = """
            canvas: {width: 200, height: 60, background: white}
            views:
              - {id: download, type: ring, frame: {x: 0, y: 0, width: 60, height: 60}, trackColor: clear, progressColor: clear}
              - {id: caption, type: label, frame: {x: 70, y: 0, width: 130, height: 60}, text: "{download.progress:percent(1)} done"}
            timeline:
              fps: 2
              animations:
                - {target: download.progress, from: 0, to: 0.5, duration: 1s}
            """
        let (scene, placed) = try compileScene(yaml)
        let sampler = Sampler(scene: scene)
        for (t, text) in [(0.0, "0.0% done"), (0.5, "25.0% done"), (1.0, "50.0% done")] {
            let bound = try Renderer(canvas: scene.canvas).image(sampler.sample(placed, at: t))
            let plain = try renderImage("""
                canvas: {width: 200, height: 60, background: white}
                views:
                  - {type: label, frame: {x: 70, y: 0, width: 130, height: 60}, text: "\(text)"}
                """)
            XCTAssertEqual(ReadbackTests.packed(bound), ReadbackTests.packed(plain), "t = \(t): \(text)")
        }
    }

    func testClockNumeralsSitOnACircleInsideTheTicks() throws {
        let image = try renderImage("""
            canvas: {width: 200, height: 200, background: white}
            views:
              - {type: clock, frame: {x: 0, y: 0, width: 200, height: 200}, numerals: quarters, numeralColor: "#0000ff",
                 handColor: clear, tickColor: clear}
            """)
        // Each quarter's numeral is ink inside its own patch of the face, nothing at the centre.
        let patches: [(String, (Int, Int, Int, Int))] = [("12", (75, 5, 50, 40)), ("3", (150, 75, 45, 50)),
                                                        ("6", (75, 150, 50, 45)), ("9", (5, 75, 45, 50))]
        for (name, patch) in patches {
            let box = try XCTUnwrap(Self.inkBox(image, within: patch), "no numeral \(name)")
            // Inside the ticks' inner end, 0.85 r = 85 from the centre.
            for (x, y) in [(box.x0, box.y0), (box.x1, box.y1), (box.x0, box.y1), (box.x1, box.y0)] {
                let d = (Double(x - 100) * Double(x - 100) + Double(y - 100) * Double(y - 100)).squareRoot()
                XCTAssertLessThanOrEqual(d, 86, "numeral \(name) corner (\(x), \(y))")
            }
        }
        XCTAssertNil(Self.inkBox(image, within: (60, 60, 80, 80)), "only numerals: none in the middle")
    }
}
