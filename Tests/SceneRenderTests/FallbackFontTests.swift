import Foundation
import SceneCodecs
import SceneFonts
@testable import SceneRender
import XCTest

/// Issue 26, acceptance 1: text in scripts DejaVu lacks, and colour emoji, drawn with the default
/// fonts' fallbacks in every format — the right font for each word, at the size asked for, the
/// emoji in their colours, and PNG, SVG (librsvg) and PDF (poppler) putting the ink in one place.
final class FallbackFontTests: XCTestCase {
    static let words = ["你好", "مرحبا", "नमस्ते", "Привет", "🙂👍"]
    static let scene = """
        canvas: {width: 420, height: 60, background: white, scale: 2}
        views:
          - {type: label, frame: {x: 10, y: 10, width: 400, height: 40}, fontSize: 24, textColor: black,
             text: "\(words.joined(separator: " "))"}
        """

    /// Each word is set in the font that has it, and none is a box with a code point in it.
    func testEachScriptIsSetInTheDefaultFontThatHasIt() throws {
        let engine = TextEngine(library: .standard)
        var style = TextStyle()
        style.size = 24
        let expected = ["Droid Sans Fallback", "DejaVu Sans", "Noto Sans Devanagari", "DejaVu Sans", "Noto Color Emoji"]
        for (word, family) in zip(Self.words, expected) {
            let block = try XCTUnwrap(engine.block(word, style: style, width: nil))
            XCTAssertEqual(block.unknownGlyphs, 0, word)
            XCTAssertEqual(Set(block.runs.map(\.family)), [family], word)
            XCTAssertEqual(block.runs.contains(where: \.isColor), family == "Noto Color Emoji", word)
        }
        // Latin text keeps DejaVu Sans alone, in one run.
        let latin = try XCTUnwrap(engine.block("Typography 72%", style: style, width: nil))
        XCTAssertEqual(latin.runs.map(\.family), ["DejaVu Sans"])
    }

    /// The emoji's 109 px bitmaps are scaled to the size asked for: "A🙂👍" at 20 pt is about
    /// 64 pt wide and one line of DejaVu high (it was 290 × 128 without fontconfig's rule).
    func testColourEmojiAreLaidOutAtTheFontSize() throws {
        var style = TextStyle()
        style.size = 20
        let block = try XCTUnwrap(TextEngine(library: .standard).block("A🙂👍", style: style, width: nil))
        XCTAssertLessThan(block.size.width, 84, "\(block.size)")
        XCTAssertGreaterThan(block.size.width, 50, "\(block.size)")
        XCTAssertLessThan(block.size.height, 26, "\(block.size)")
    }

    /// The words' ink, left to right, as runs of columns with ink parted by gaps of at least
    /// `gap` pixels (a space at 24 pt is some 15 px at scale 2; letters lie closer).
    static func wordBoxes(_ image: RasterImage, gap: Int = 12) -> [(x0: Int, y0: Int, x1: Int, y1: Int)] {
        let background = image.rgba(0, 0)
        var columns: [Int] = []
        for x in 0..<image.width where (0..<image.height).contains(where: { !image.rgba(x, $0).isClose(to: background, tolerance: 8) }) {
            columns.append(x)
        }
        var spans: [(Int, Int)] = []
        for x in columns {
            if let last = spans.last, x - last.1 <= gap { spans[spans.count - 1].1 = x } else { spans.append((x, x)) }
        }
        return spans.compactMap { LabelRenderTests.inkBox(image, within: ($0.0, 0, $0.1 + 1 - $0.0, image.height)) }
    }

    /// Pixels of the emoji's yellow (🙂's face, 👍's hand) in `box`.
    static func yellow(_ image: RasterImage, in box: (x0: Int, y0: Int, x1: Int, y1: Int)) -> Int {
        var count = 0
        for y in box.y0..<box.y1 {
            for x in box.x0..<box.x1 {
                let p = image.rgba(x, y)
                if p.r > 200, p.g > 140, p.b < 100 { count += 1 }
            }
        }
        return count
    }

    func testEveryGlyphIsDrawnInPNGSVGAndPDFAndTheEmojiInColour() throws {
        let dir = try temporaryDirectory(self)
        let base = dir.appendingPathComponent("world").path
        let (svg, pdf) = try readBackAtScaleTwo(Self.scene, base: base)
        let png = try renderImage(Self.scene)
        let frame = (x0: 20, y0: 20, x1: 820, y1: 100)  // the label's frame at scale 2
        let reference = Self.wordBoxes(png)
        XCTAssertEqual(reference.count, Self.words.count, "one ink box a word: \(reference)")
        guard reference.count == Self.words.count else { return }
        for (word, box) in zip(Self.words, reference) {
            // Every word is drawn at the label's size (a 24 pt line is 48 px at scale 2), inside
            // the label's frame; only the emoji are coloured.
            XCTAssertGreaterThan(box.y1 - box.y0, 16, "\(word): \(box)")
            XCTAssertLessThanOrEqual(box.y1 - box.y0, 60, "\(word): \(box)")
            XCTAssertTrue(box.x0 >= frame.x0 && box.x1 <= frame.x1 && box.y0 >= frame.y0 && box.y1 <= frame.y1, "\(word): \(box) in \(frame)")
            XCTAssertEqual(Self.yellow(png, in: box) > 200, word == "🙂👍", "\(word): \(Self.yellow(png, in: box)) yellow pixels")
        }
        // Two emoji of 24 pt: some 96 px at scale 2, not 2 × 109 px bitmaps at full size.
        let emoji = reference[4]
        XCTAssertLessThan(emoji.x1 - emoji.x0, 110, "\(emoji)")
        // A word drawn as boxes with code points would have ink at the box's corners; these have
        // the glyphs' ink: the Devanagari headline runs the word's width, the CJK glyphs and the
        // Cyrillic letters leave their boxes' corners blank.
        func inked(_ x: Int, _ y: Int) -> Bool { !png.rgba(x, y).isClose(to: png.rgba(0, 0), tolerance: 8) }
        for index in [0, 3] {
            let box = reference[index]
            XCTAssertFalse(inked(box.x0, box.y0) && inked(box.x0, box.y1 - 1), "\(Self.words[index]): corners inked, a box?")
        }
        for (reader, image) in [("rsvg-convert", svg), ("pdftoppm", pdf)] {
            XCTAssertEqual(image.width, png.width, reader)
            let boxes = Self.wordBoxes(image)
            XCTAssertEqual(boxes.count, reference.count, "\(reader): \(boxes)")
            for (index, (box, want)) in zip(boxes, reference).enumerated() {
                // Outlines to a pixel, as TextReadbackTests'; the emoji are pictures Cairo writes
                // at the page's resolution (a pixel a point), which the reader scales by 2 and
                // blurs by up to a point and a half more at their edges.
                let tolerance = index == 4 ? 3 : 1
                for (a, b) in [(box.x0, want.x0), (box.y0, want.y0), (box.x1, want.x1), (box.y1, want.y1)] {
                    XCTAssertLessThanOrEqual(abs(a - b), tolerance, "\(Self.words[index]) from \(reader): \(box), the PNG's \(want)")
                }
            }
            if boxes.count == reference.count {
                XCTAssertGreaterThan(Self.yellow(image, in: boxes[4]), 200, "\(reader): the emoji in colour")
                XCTAssertLessThan(Self.yellow(image, in: boxes[3]), 5, "\(reader): Привет in black")
            }
        }
        // The PDF embeds a subset of each outline font used; the emoji are pictures.
        let fonts = try runTool("pdffonts", [base + ".pdf"])
        for font in ["+DroidSansFallback", "+NotoSansDevanagari", "+DejaVuSans"] {
            XCTAssertTrue(fonts.contains(font), "\(font) in\n\(fonts)")
        }
    }

    /// A translucent text colour makes the emoji translucent too, in every format (a colour
    /// glyph ignores the source's alpha; the block is drawn as one group at the colour's alpha):
    /// blended half with the white page, no pixel keeps the emoji's saturated yellow.
    func testATranslucentTextColourFadesTheEmojiInEveryFormat() throws {
        let scene = Self.scene.replacingOccurrences(of: "textColor: black", with: "textColor: \"#00000080\"")
        let dir = try temporaryDirectory(self)
        let (svg, pdf) = try readBackAtScaleTwo(scene, base: dir.appendingPathComponent("faded").path)
        for (format, image) in [("png", try renderImage(scene)), ("svg", svg), ("pdf", pdf)] {
            let emoji = try XCTUnwrap(Self.wordBoxes(image).last, format)
            XCTAssertLessThan(Self.yellow(image, in: emoji), 5, "\(format): \(emoji)")
            let p = image.rgba(emoji.x0 + (emoji.x1 - emoji.x0) / 4, (emoji.y0 + emoji.y1) / 2)
            XCTAssertTrue(p.b > 100 && p.r > 200 && p.g > 180, "\(format): the face's yellow, faded: \(p)")
        }
    }

    /// A label sized to its text, and a fixed frame: the emoji's ink stays inside it — to the
    /// pixel its scaled bitmap's filtering blurs the edge into (Pango's ink box of the 109 px
    /// bitmaps scaled to 20 pt is the line's height).
    func testColourGlyphsStayInsideTheLabelsFrame() throws {
        for frame in ["{x: 30, y: 20}", "{x: 30, y: 20, width: 90, height: 30}"] {
            let scene = """
                canvas: {width: 200, height: 80, background: white}
                views:
                  - {type: label, frame: \(frame), fontSize: 20, text: "A🙂👍"}
                """
            let (_, placed) = try compileScene(scene)
            let f = try XCTUnwrap(placed.first).frame
            let image = try renderImage(scene)
            let box = try XCTUnwrap(LabelRenderTests.inkBox(image), frame)
            XCTAssertGreaterThanOrEqual(Double(box.x0), f.x - 1, "\(frame): \(box) in \(f)")
            XCTAssertGreaterThanOrEqual(Double(box.y0), f.y - 1, "\(frame): \(box) in \(f)")
            XCTAssertLessThanOrEqual(Double(box.x1), f.x + f.width + 1, "\(frame): \(box) in \(f)")
            XCTAssertLessThanOrEqual(Double(box.y1), f.y + f.height + 1, "\(frame): \(box) in \(f)")
            XCTAssertGreaterThan(Self.yellow(image, in: box), 50, "\(frame): the emoji drawn")
        }
    }

    /// Korean is Nanum Gothic's, every syllable: Droid Sans Fallback has three of them, which it
    /// leaves to Nanum (a word never mixes the two designs), and none is a box.
    func testKoreanIsDrawnByNanumGothic() throws {
        let engine = TextEngine(library: .standard)
        var style = TextStyle()
        style.size = 24
        for word in ["안녕", "가", "안녕하세요 가"] {
            let block = try XCTUnwrap(engine.block(word, style: style, width: nil))
            XCTAssertEqual(block.unknownGlyphs, 0, word)
            XCTAssertEqual(Set(block.runs.map(\.family)), ["NanumGothic"], word)
        }
        // The pixels: two syllables' ink, not two boxes whose corners are inked.
        let image = try renderImage("""
            canvas: {width: 160, height: 70, background: white, scale: 2}
            views:
              - {type: label, frame: {x: 10, y: 10, width: 140, height: 50}, fontSize: 40, textColor: black, text: "안녕"}
            """)
        let boxes = Self.wordBoxes(image, gap: 4)
        XCTAssertEqual(boxes.count, 2, "\(boxes)")
        func inked(_ x: Int, _ y: Int) -> Bool { !image.rgba(x, y).isClose(to: image.rgba(0, 0), tolerance: 8) }
        for box in boxes {
            XCTAssertGreaterThan(box.y1 - box.y0, 40, "\(box): a 40 pt syllable at scale 2")
            XCTAssertFalse(inked(box.x0, box.y0) && inked(box.x1 - 1, box.y0) && inked(box.x0, box.y1 - 1), "\(box): corners inked, a box?")
        }
    }

    /// Emoji presentation sequences — a character DejaVu has, with U+FE0F, and keycaps — are the
    /// emoji font's, in colour (Pango asks for the family `emoji` for them); the same character
    /// with U+FE0E, or alone, stays text in the text colour.
    func testEmojiPresentationSequencesAreDrawnInColour() throws {
        let engine = TextEngine(library: .standard)
        var style = TextStyle()
        style.size = 40
        for sequence in ["\u{2764}\u{FE0F}", "\u{263A}\u{FE0F}", "\u{2600}\u{FE0F}", "\u{00A9}\u{FE0F}", "1\u{FE0F}\u{20E3}", "#\u{FE0F}\u{20E3}"] {
            let block = try XCTUnwrap(engine.block(sequence, style: style, width: nil))
            XCTAssertEqual(block.runs.map(\.family), ["Noto Color Emoji"], sequence.unicodeScalars.map { String($0.value, radix: 16) }.joined(separator: " "))
            XCTAssertTrue(block.runs.allSatisfy(\.isColor))
        }
        for text in ["\u{2764}\u{FE0E}", "\u{2764}", "1 # ©"] {
            let block = try XCTUnwrap(engine.block(text, style: style, width: nil))
            XCTAssertEqual(Set(block.runs.map(\.family)), ["DejaVu Sans"], text)
        }
        // The pixels: the heart red, the sun's yellow, the keycap's blue with no black digit,
        // and ❤︎ in the text colour.
        let image = try renderImage("""
            canvas: {width: 260, height: 60, background: white}
            views:
              - {type: label, frame: {x: 10, y: 5, width: 240, height: 50}, fontSize: 40, textColor: black,
                 text: "\\u2764\\uFE0F \\u2600\\uFE0F 1\\uFE0F\\u20E3 \\u2764\\uFE0E"}
            """)
        let boxes = Self.wordBoxes(image, gap: 6)
        XCTAssertEqual(boxes.count, 4, "\(boxes)")
        guard boxes.count == 4 else { return }
        func count(_ box: (x0: Int, y0: Int, x1: Int, y1: Int), _ test: (RGBA) -> Bool) -> Int {
            var n = 0
            for y in box.y0..<box.y1 { for x in box.x0..<box.x1 where test(image.rgba(x, y)) { n += 1 } }
            return n
        }
        func red(_ p: RGBA) -> Bool { p.r > 180 && p.g < 90 && p.b < 90 }
        func black(_ p: RGBA) -> Bool { p.r < 60 && p.g < 60 && p.b < 60 }
        XCTAssertGreaterThan(count(boxes[0], red), 200, "❤️ red")
        XCTAssertGreaterThan(Self.yellow(image, in: boxes[1]), 100, "☀️ yellow")
        XCTAssertGreaterThan(count(boxes[2]) { $0.b > 120 && Int($0.b) > Int($0.r) + 30 }, 200, "1️⃣ a blue keycap")
        XCTAssertLessThan(count(boxes[2], black), 10, "1️⃣ no black digit beside it")
        XCTAssertEqual(count(boxes[3], red), 0, "❤︎ in the text colour")
        XCTAssertGreaterThan(count(boxes[3], black), 100, "❤︎ in the text colour")
    }
}
