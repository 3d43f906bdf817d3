import Foundation
import SceneCodecs
import XCTest
import SceneRender

/// Text in every format: the PNG, the SVG read by librsvg and the PDF read by poppler put the
/// same ink in the same place, and the PDF embeds a subset of the font.
final class TextReadbackTests: XCTestCase {
    static let scene = """
        canvas: {width: 240, height: 160, background: white, scale: 2}
        views:
          - {id: download, type: ring, frame: {x: 10, y: 10, width: 100, height: 100}, progress: 0.72, label: percent,
             trackColor: clear, progressColor: "#0000ff"}
          - {type: label, frame: {x: 120, y: 10, width: 110, height: 60}, text: "Typography, wrapped in two lines",
             lineLimit: 2, fontSize: 14, alignment: trailing}
          - {type: label, frame: {x: 10, y: 120}, text: "Bold italic {download.progress:number(2)}", fontWeight: bold,
             italic: true, fontSize: 18, textColor: "#ff2d55"}
        """

    func testPNGSVGAndPDFPutTheTextsInkInTheSamePlaceAtScaleTwo() throws {
        let dir = try temporaryDirectory(self)
        let (svg, pdf) = try readBackAtScaleTwo(Self.scene, base: dir.appendingPathComponent("text").path)
        let png = try renderImage(Self.scene)
        // Each text on its own: the ring's label (its arc is blue, left out by the area), the
        // wrapped label, the bold italic one.
        let areas = [("ring label", (30, 60, 160, 100)), ("wrapped", (240, 20, 220, 120)), ("bold italic", (20, 230, 440, 90))]
        for (name, area) in areas {
            let reference = try XCTUnwrap(LabelRenderTests.inkBox(png, within: area), "\(name): no ink in the PNG")
            for (reader, image) in [("rsvg-convert", svg), ("pdftoppm", pdf)] {
                XCTAssertEqual(image.width, png.width, reader)
                let box = try XCTUnwrap(LabelRenderTests.inkBox(image, within: area), "\(name): no ink from \(reader)")
                for (a, b) in [(box.x0, reference.x0), (box.y0, reference.y0), (box.x1, reference.x1), (box.y1, reference.y1)] {
                    XCTAssertLessThanOrEqual(abs(a - b), 1, "\(name) from \(reader): \(box), the PNG's \(reference)")
                }
            }
        }
    }

    func testThePDFEmbedsASubsetOfTheFontAndTheSVGDrawsGlyphsAsPaths() throws {
        let dir = try temporaryDirectory(self)
        let pdf = dir.appendingPathComponent("text.pdf")
        try Data(try renderBytes(Self.scene, as: .pdf)).write(to: pdf)
        let fonts = try runTool("pdffonts", [pdf.path])
        let rows = fonts.split(separator: "\n").dropFirst(2)
        XCTAssertFalse(rows.isEmpty, fonts)
        for row in rows {
            let columns = row.split(separator: " ")
            // A subset's name has a six-letter tag: ABCDEF+DejaVuSans; emb and sub are "yes".
            XCTAssertTrue(columns.first?.contains("+DejaVuSans") == true, "\(row)")
            XCTAssertEqual(columns.suffix(5).prefix(2), ["yes", "yes"], "embedded subset: \(row)")
        }
        let svg = String(decoding: try renderBytes(Self.scene, as: .svg), as: UTF8.self)
        XCTAssertTrue(svg.contains("<symbol"), "glyphs as symbols")
        XCTAssertFalse(svg.contains("<text"), "no text elements: every reader shows the same glyphs")
        XCTAssertFalse(svg.contains("font-family"), "no font lookups in the reader")
    }
}
