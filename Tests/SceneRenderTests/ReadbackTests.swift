import Foundation
import SceneCodecs
import XCTest
import SceneRender

/// docs/language.md §6's output promises, checked with the readers users have: librsvg reads the SVG and
/// poppler the PDF back into pixels, which must agree with the PNG render; both files stay
/// vector and carry the canvas size.
final class ReadbackTests: XCTestCase {
    struct Sample {
        var name: String
        var yaml: String
        var width: Int
        var height: Int
        /// Points inside flat areas of the picture (away from antialiased edges).
        var probes: [(Int, Int)]
    }

    static let samples: [Sample] = [
        Sample(name: "ring", yaml: """
            canvas: {width: 120, height: 120, background: white}
            views:
              - type: ring
                frame: {x: 10, y: 10, width: 100, height: 100}
                progress: 0.3
            """, width: 120, height: 120, probes: [(105, 60), (15, 60), (60, 106), (60, 60), (2, 2)]),
        Sample(name: "pie", yaml: PieRenderTests.scene(), width: 100, height: 100,
               probes: [(70, 30), (30, 70), (30, 30), (2, 2), (50, 50)]),
        Sample(name: "clock", yaml: """
            canvas: {width: 200, height: 200, background: "#202124"}
            views:
              - type: clock
                frame: {x: 0, y: 0, width: 200, height: 200}
                time: "06:30:15"
                faceColor: "#2c2c2e"
                tickColor: "#8e8e93"
                secondHandColor: "#ff9500"
            """, width: 200, height: 200,
               // Minute hand down (x 97.5–102.5), second hand right (y 99–101), the face, the
               // 3 o'clock mark (x 185–195), outside the face.
               probes: [(100, 160), (160, 100), (50, 50), (190, 100), (3, 3)]),
        Sample(name: "indicator", yaml: IndicatorRenderTests.scene("on: true"), width: 100, height: 100,
               probes: [(50, 50), (89, 50), (10, 50), (3, 3)]),
        Sample(name: "lines", yaml: LinesRenderTests.rectangle("closed: true\nlineWidth: 4\nfillColor: \"#ffd60a\""),
               width: 200, height: 200, probes: [(100, 9), (190, 100), (100, 100), (4, 4)]),
        Sample(name: "layout", yaml: """
            canvas: {width: 220, height: 200, background: "#f2f2f7"}
            views:
              - type: stack
                frame: {x: 0, y: 0, width: 220, height: 100}
                axis: horizontal
                padding: 10
                spacing: 10
                children:
                  - {type: group, size: {width: 40, height: 20}, backgroundColor: "#ff0000"}
                  - {type: group, backgroundColor: "#00ff00", opacity: 0.5, cornerRadius: 10}
                  - {type: indicator, size: 40}
              - type: grid
                frame: {x: 0, y: 100, width: 220, height: 100}
                columns: 3
                spacing: 10
                rowHeight: 40
                padding: 10
                children:
                  - {type: group, backgroundColor: "#0000ff", borderWidth: 4, borderColor: "#ff9500"}
                  - {type: pie, progress: 0.6}
                  - type: lines
                    points: [[0, "50%"], ["100%", "50%"]]
                    lineWidth: 6
                    rotation: 90
                    opacity: 0.6
            """, width: 220, height: 200,
               // The red box, the half-transparent green one, the indicator (centre (190, 50)), the
               // blue cell and its border, the pie (centre (110, 130)), the line turned upright
               // about its cell's centre (180, 130), the background.
               probes: [(30, 50), (90, 50), (190, 50), (40, 130), (11, 130), (110, 125), (180, 155), (100, 170)]),
    ]

    /// The sample rendered to PNG, SVG and PDF, the last two read back into pixels.
    struct Readback {
        var sample: Sample
        var reference: RasterImage
        var svgPixels: RasterImage
        var pdfPixels: RasterImage
    }

    /// Renders every sample and reads its SVG back with librsvg and its PDF with poppler. The
    /// readers run from one shell, as starting a process from the test costs more than a reading.
    func readBack(_ samples: [Sample], in directory: URL) throws -> [Readback] {
        var commands: [String] = []
        for sample in samples {
            let base = directory.appendingPathComponent(sample.name).path
            try Data(try renderBytes(sample.yaml, as: .svg)).write(to: URL(fileURLWithPath: base + ".svg"))
            try Data(try renderBytes(sample.yaml, as: .pdf)).write(to: URL(fileURLWithPath: base + ".pdf"))
            // No size options: rsvg-convert renders at the SVG's own size. pdftocairo at 72 dpi
            // gives a pixel per point; -transp keeps the page clear rather than white paper.
            commands.append("rsvg-convert '\(base).svg' -o '\(base)-svg.png'")
            commands.append("pdftocairo -png -r 72 -singlefile -transp '\(base).pdf' '\(base)-pdf'")
        }
        try runTool("sh", ["-c", "set -e; " + commands.joined(separator: "; ")])
        return try samples.map { sample in
            let base = directory.appendingPathComponent(sample.name).path
            func decode(_ path: String) throws -> RasterImage {
                try RasterImage(png: Array(Data(contentsOf: URL(fileURLWithPath: path))))
            }
            return Readback(sample: sample, reference: try renderImage(sample.yaml),
                            svgPixels: try decode(base + "-svg.png"), pdfPixels: try decode(base + "-pdf.png"))
        }
    }

    /// Premultiplied channels, which compare fairly where alpha is small.
    static func premultiplied(_ c: RGBA) -> RGBA {
        RGBA((c.r * c.a + 127) / 255, (c.g * c.a + 127) / 255, (c.b * c.a + 127) / 255, c.a)
    }

    /// Every pixel of an image, row by row, premultiplied and packed as 0xRRGGBBAA.
    static func packed(_ image: RasterImage) -> [UInt32] {
        var result = [UInt32](repeating: 0, count: image.width * image.height)
        for y in 0..<image.height {
            for x in 0..<image.width {
                let c = premultiplied(image.rgba(x, y))
                result[y * image.width + x] = UInt32(c.r) << 24 | UInt32(c.g) << 16 | UInt32(c.b) << 8 | UInt32(c.a)
            }
        }
        return result
    }

    /// Whether each pixel's 5 × 5 neighbourhood is one colour: a flat area, where a reader's
    /// rasteriser has no edge to place differently.
    static func flatAreas(_ pixels: [UInt32], width w: Int, height h: Int) -> [Bool] {
        var flatX = [Bool](repeating: false, count: w * h)
        for y in 0..<h {
            for x in 2..<Swift.max(2, w - 2) {
                let i = y * w + x, c = pixels[i]
                flatX[i] = pixels[i - 2] == c && pixels[i - 1] == c && pixels[i + 1] == c && pixels[i + 2] == c
            }
        }
        var flat = [Bool](repeating: false, count: w * h)
        for y in 2..<Swift.max(2, h - 2) {
            for x in 0..<w {
                let i = y * w + x, c = pixels[i]
                flat[i] = flatX[i] && flatX[i - w] && flatX[i - 2 * w] && flatX[i + w] && flatX[i + 2 * w]
                    && pixels[i - w] == c && pixels[i - 2 * w] == c && pixels[i + w] == c && pixels[i + 2 * w] == c
            }
        }
        return flat
    }

    static func channelsClose(_ a: UInt32, _ b: UInt32, tolerance: Int) -> Bool {
        func close(_ shift: UInt32) -> Bool { abs(Int(a >> shift & 0xFF) - Int(b >> shift & 0xFF)) <= tolerance }
        return a == b || (close(24) && close(16) && close(8) && close(0))
    }

    static func describe(_ c: UInt32) -> String {
        "rgba(\(c >> 24), \(c >> 16 & 0xFF), \(c >> 8 & 0xFF), \(c & 0xFF))"
    }

    /// Asserts `actual` agrees with `reference` (premultiplied, within `tolerance`) at the
    /// sample's probes and at every pixel of the reference's flat areas.
    func assertAgrees(_ actual: RasterImage, with reference: RasterImage, _ what: String,
                      probes: [(Int, Int)], tolerance: Int = 4, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.width, reference.width, "\(what): width", file: file, line: line)
        XCTAssertEqual(actual.height, reference.height, "\(what): height", file: file, line: line)
        guard actual.width == reference.width, actual.height == reference.height else { return }
        let w = reference.width, h = reference.height
        let ref = Self.packed(reference), got = Self.packed(actual)
        for (x, y) in probes {
            let i = y * w + x
            XCTAssertTrue(Self.channelsClose(got[i], ref[i], tolerance: tolerance),
                          "\(what): pixel (\(x), \(y)) is \(Self.describe(got[i])), the PNG has "
                              + "\(Self.describe(ref[i])) (premultiplied)", file: file, line: line)
        }
        let flat = Self.flatAreas(ref, width: w, height: h)
        var checked = 0
        var mismatches: [String] = []
        for i in 0..<(w * h) where flat[i] {
            checked += 1
            if !Self.channelsClose(got[i], ref[i], tolerance: tolerance) {
                mismatches.append("(\(i % w), \(i / w)) is \(Self.describe(got[i])), expected \(Self.describe(ref[i]))")
            }
        }
        XCTAssertGreaterThan(checked, w * h / 4, "\(what): most of the picture is flat", file: file, line: line)
        XCTAssertTrue(mismatches.isEmpty,
                      "\(what): \(mismatches.count) of \(checked) flat pixels differ from the PNG, e.g. "
                          + mismatches.prefix(5).joined(separator: "; "), file: file, line: line)
    }

    func testSVGAndPDFReadBackAsThePNGAtCanvasSize() throws {
        let directory = try temporaryDirectory(self)
        for readback in try readBack(Self.samples, in: directory) {
            let sample = readback.sample
            XCTAssertEqual(readback.reference.width, sample.width, "\(sample.name): PNG width")
            XCTAssertEqual(readback.reference.height, sample.height, "\(sample.name): PNG height")
            XCTAssertEqual(readback.svgPixels.width, sample.width, "\(sample.name): SVG read back, width")
            XCTAssertEqual(readback.svgPixels.height, sample.height, "\(sample.name): SVG read back, height")
            XCTAssertEqual(readback.pdfPixels.width, sample.width, "\(sample.name): PDF read back, width")
            XCTAssertEqual(readback.pdfPixels.height, sample.height, "\(sample.name): PDF read back, height")
            assertAgrees(readback.svgPixels, with: readback.reference, "\(sample.name).svg via librsvg",
                         probes: sample.probes)
            assertAgrees(readback.pdfPixels, with: readback.reference, "\(sample.name).pdf via poppler",
                         probes: sample.probes)
        }
    }

    /// pdftoppm (poppler's Splash rasteriser) reads the PDFs the same way. It paints on white
    /// paper, so the PNG is composited over white before comparing; it snaps edges to whole
    /// pixels, so only the probes, chosen away from edges, are compared.
    func testPDFReadBackWithPdftoppmMatchesThePNGOverWhitePaper() throws {
        let directory = try temporaryDirectory(self)
        var commands: [String] = []
        for sample in Self.samples {
            let base = directory.appendingPathComponent(sample.name).path
            try Data(try renderBytes(sample.yaml, as: .pdf)).write(to: URL(fileURLWithPath: base + ".pdf"))
            commands.append("pdftoppm -png -r 72 -singlefile '\(base).pdf' '\(base)-ppm'")
        }
        try runTool("sh", ["-c", "set -e; " + commands.joined(separator: "; ")])
        for sample in Self.samples {
            let base = directory.appendingPathComponent(sample.name).path
            let paper = try RasterImage(png: Array(Data(contentsOf: URL(fileURLWithPath: base + "-ppm.png"))))
            let reference = try renderImage(sample.yaml)
            XCTAssertEqual(paper.width, sample.width, "\(sample.name): pdftoppm width")
            XCTAssertEqual(paper.height, sample.height, "\(sample.name): pdftoppm height")
            // Probes on a corner of a shape (the pie's centre) are edges to a pixel-snapping reader.
            let flatProbes = sample.probes.filter { x, y in
                (-1...1).allSatisfy { dx in (-1...1).allSatisfy { dy in reference.rgba(x + dx, y + dy) == reference.rgba(x, y) } }
            }
            XCTAssertGreaterThanOrEqual(flatProbes.count, 3, "\(sample.name): probes are in flat areas")
            for (x, y) in flatProbes {
                let c = Self.premultiplied(reference.rgba(x, y))
                let overWhite = RGBA(c.r + 255 - c.a, c.g + 255 - c.a, c.b + 255 - c.a)
                XCTAssertTrue(paper.rgba(x, y).isClose(to: overWhite, tolerance: 4),
                              "\(sample.name): pdftoppm pixel (\(x), \(y)) is \(paper.rgba(x, y)), the PNG over white is \(overWhite)")
            }
        }
    }

    func testSVGIsSizedInPixelsWithAViewBoxAndHoldsNoBitmap() throws {
        for sample in Self.samples {
            let svg = String(decoding: try renderBytes(sample.yaml, as: .svg), as: UTF8.self)
            guard let open = svg.range(of: "<svg"), let close = svg[open.upperBound...].range(of: ">") else {
                XCTFail("\(sample.name): no <svg> element")
                continue
            }
            let root = String(svg[open.lowerBound..<close.upperBound])
            XCTAssertTrue(root.contains("width=\"\(sample.width)px\""), "\(sample.name): \(root)")
            XCTAssertTrue(root.contains("height=\"\(sample.height)px\""), "\(sample.name): \(root)")
            XCTAssertTrue(root.contains("viewBox=\"0 0 \(sample.width) \(sample.height)\""), "\(sample.name): \(root)")
            XCTAssertFalse(svg.contains("<image"), "\(sample.name): the SVG holds a bitmap")
        }
    }

    func testPDFIsOneVectorPageOfCanvasSizeInPoints() throws {
        let directory = try temporaryDirectory(self)
        var paths: [String] = []
        for sample in Self.samples {
            let pdf = try renderBytes(sample.yaml, as: .pdf)
            XCTAssertEqual(Array(pdf.prefix(5)), Array("%PDF-".utf8), "\(sample.name): a PDF")
            XCTAssertNil(Self.find("/Subtype /Image", in: pdf), "\(sample.name): the PDF holds a bitmap")
            XCTAssertNil(Self.find("/Subtype/Image", in: pdf), "\(sample.name): the PDF holds a bitmap")
            let file = directory.appendingPathComponent("\(sample.name).pdf")
            try Data(pdf).write(to: file)
            paths.append(file.path)
        }
        let report = try runTool("sh", ["-c", "for f in \"$@\"; do echo '=== page'; pdfinfo \"$f\"; done", "sh"] + paths)
        let infos = report.components(separatedBy: "=== page\n").dropFirst()
        XCTAssertEqual(infos.count, Self.samples.count)
        for (sample, info) in zip(Self.samples, infos) {
            XCTAssertTrue(info.contains("Pages:           1\n"), "\(sample.name): \(info)")
            XCTAssertTrue(info.contains("Page size:       \(sample.width) x \(sample.height) pts\n"),
                          "\(sample.name): \(info)")
        }
    }

    func testPNGScaleMultipliesPixelsButNotTheSVGOrPDFSize() throws {
        let yaml = """
            canvas: {width: 50.5, height: 30, scale: 2, background: white}
            views:
              - type: indicator
                frame: {x: 5, y: 5, width: 20, height: 20}
            """
        let png = try renderImage(yaml)
        XCTAssertEqual(png.width, 101, "50.5 × 2")
        XCTAssertEqual(png.height, 60)
        let directory = try temporaryDirectory(self)
        let svgFile = directory.appendingPathComponent("scaled.svg")
        try Data(try renderBytes(yaml, as: .svg)).write(to: svgFile)
        let svgText = try String(contentsOf: svgFile, encoding: .utf8)
        XCTAssertTrue(svgText.contains("width=\"50.5px\""), svgText)
        XCTAssertTrue(svgText.contains("height=\"30px\""), svgText)
        let pdfFile = directory.appendingPathComponent("scaled.pdf")
        try Data(try renderBytes(yaml, as: .pdf)).write(to: pdfFile)
        let info = try runTool("pdfinfo", [pdfFile.path])
        XCTAssertTrue(info.contains("Page size:       50.5 x 30 pts"), info)
    }

    /// The offset of `needle` in `bytes`, if present.
    static func find(_ needle: String, in bytes: [UInt8]) -> Int? {
        let data = Data(bytes)
        return data.range(of: Data(needle.utf8)).map { $0.lowerBound }
    }
}
