import CCairo
import XCTest
@testable import SceneCodecs

/// scenec's PNG encoder read by readers that are not ours — Pillow (in the project's .venv, which
/// `make test` installs) and Debian's pngcheck — must give exactly the pixels of Cairo's own
/// `cairo_surface_write_to_png`, for every kind of alpha, odd sizes and every compression setting
/// (the command line's and the preview's `passing`).
final class PNGEncoderTests: XCTestCase {
    enum Alpha: String, CaseIterable { case opaque, translucent, transparent }

    static let sizes = [(1, 1), (3, 7), (16_384, 1), (5, 9), (64, 64)]

    func testFilesDecodeWithPillowAndPngcheckToCairosOwnPixels() throws {
        let dir = try temporaryDirectory(self)
        var images: [(String, RasterImage)] = []
        for (width, height) in Self.sizes {
            for alpha in Alpha.allCases {
                images.append(("\(width)x\(height)-\(alpha.rawValue)", try Self.image(width: width, height: height, alpha: alpha)))
            }
        }
        // Drawn pictures too: anti-aliased edges over clear and under a translucent group.
        images.append(("drawn-translucent", try Self.drawn(width: 99, height: 63, opaque: false)))
        images.append(("drawn-opaque", try Self.drawn(width: 33, height: 21, opaque: true)))
        var pairs: [(ours: String, cairo: String)] = []
        for (name, image) in images {
            let cairo = dir.appendingPathComponent("\(name)-cairo.png").path
            try Data(try Self.cairoPNG(image)).write(to: URL(fileURLWithPath: cairo))
            for compression in PNGCompression.allCases + [.passing] {
                let ours = dir.appendingPathComponent("\(name)-\(compression.rawValue).png").path
                try Data(try image.pngBytes(compression: compression)).write(to: URL(fileURLWithPath: ours))
                pairs.append((ours, cairo))
            }
        }
        // One process per reader, for every file at once.
        let check = try runTool("pngcheck", ["-q"] + pairs.map(\.ours))
        XCTAssertEqual(check.trimmingCharacters(in: .whitespacesAndNewlines), "", "pngcheck complains")
        let report = try runTool(try python(), ["-c", Self.compareScript] + pairs.flatMap { [$0.ours, $0.cairo] })
        let lines = report.split(separator: "\n")
        XCTAssertEqual(lines.count, pairs.count, report)
        for line in lines { XCTAssertTrue(line.hasPrefix("same "), String(line)) }
    }

    func testOpaqueIsRGBAndAnythingElseRGBA() throws {
        for alpha in Alpha.allCases {
            let png = try Self.image(width: 3, height: 7, alpha: alpha).pngBytes()
            XCTAssertEqual(png[25], alpha == .opaque ? 2 : 6, alpha.rawValue)
        }
    }

    func testChunksAreHeaderSRGBDataEnd() throws {
        let png = try Self.image(width: 64, height: 64, alpha: .translucent).pngBytes()
        var types: [String] = []
        var offset = 8
        while offset + 8 <= png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            types.append(String(decoding: png[offset + 4..<offset + 8], as: UTF8.self))
            offset += 12 + length
        }
        XCTAssertEqual(types, ["IHDR", "sRGB", "IDAT", "IEND"])
        XCTAssertEqual(offset, png.count)
    }

    func testEveryCompressionGivesTheSameBytesTwice() throws {
        let image = try Self.image(width: 64, height: 64, alpha: .translucent)
        for compression in PNGCompression.allCases + [.passing] {
            XCTAssertEqual(try image.pngBytes(compression: compression), try image.pngBytes(compression: compression))
        }
    }

    /// Pillow decodes both files of each pair; prints `same A` or what differs.
    static let compareScript = """
        import sys
        from PIL import Image
        args = sys.argv[1:]
        for ours, cairo in zip(args[0::2], args[1::2]):
            a, b = Image.open(ours), Image.open(cairo)
            a.load(); b.load()
            if (a.mode, a.size) != (b.mode, b.size):
                print('differ', ours, a.mode, a.size, 'against', b.mode, b.size)
            elif a.tobytes() != b.tobytes():
                print('differ', ours, 'pixels')
            else:
                print('same', ours)
        """

    /// Premultiplied pixels from a fixed pseudo-random sequence: every alpha from 0 to 255 with
    /// channels up to it (translucent), alpha 255 (opaque) or all zero (transparent). Every third
    /// row repeats the one above it, as flat art does.
    static func image(width: Int, height: Int, alpha: Alpha) throws -> RasterImage {
        let surface = try TestSurface(width: width, height: height)
        cairo_surface_flush(surface.pointer)
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        guard let data = cairo_image_surface_get_data(surface.pointer) else { throw XCTSkip("no pixels") }
        var seed: UInt32 = 12_345
        func next() -> UInt32 {
            seed = seed &* 1_103_515_245 &+ 12_345
            return seed >> 8
        }
        for y in 0..<height {
            for x in 0..<width {
                let p = UnsafeMutableRawPointer(data + y * stride + x * 4)
                if y % 3 == 2 {
                    p.storeBytes(of: p.load(fromByteOffset: -stride, as: UInt32.self), as: UInt32.self)
                    continue
                }
                let a: UInt32 = alpha == .opaque ? 255 : alpha == .transparent ? 0 : next() % 256
                func channel() -> UInt32 { a == 0 ? 0 : next() % (a + 1) }
                p.storeBytes(of: a << 24 | channel() << 16 | channel() << 8 | channel(), as: UInt32.self)
            }
        }
        cairo_surface_mark_dirty(surface.pointer)
        return surface.image()
    }

    /// Anti-aliased Cairo drawing, as scenec's drawers make it: a ring with round caps and a pie
    /// painted through a group at 40% opacity over clear (`opaque` false), or a clock-like face
    /// and hands over an opaque dark background.
    static func drawn(width: Int, height: Int, opaque: Bool) throws -> RasterImage {
        let surface = try TestSurface(width: width, height: height)
        guard let cr = cairo_create(surface.pointer) else { throw XCTSkip("no Cairo context") }
        defer { cairo_destroy(cr) }
        let side = Double(height)
        if opaque {
            cairo_set_source_rgb(cr, 0x1C / 255.0, 0x1C / 255.0, 0x1E / 255.0)
            cairo_paint(cr)
            cairo_set_source_rgb(cr, 0.9, 0.9, 0.92)
            cairo_arc(cr, Double(width) / 2, side / 2, side * 0.45, 0, 2 * .pi)
            cairo_fill(cr)
            cairo_set_source_rgb(cr, 1, 0.23, 0.19)
            cairo_set_line_width(cr, 1.3)
            cairo_move_to(cr, Double(width) / 2, side / 2)
            cairo_line_to(cr, Double(width) / 2 + side * 0.3, side * 0.2)
            cairo_stroke(cr)
        } else {
            cairo_set_source_rgb(cr, 0, 0.48, 1)
            cairo_set_line_width(cr, side * 0.12)
            cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
            cairo_arc(cr, side / 2, side / 2, side * 0.4, -.pi / 2, -.pi / 2 + 0.6 * 2 * .pi)
            cairo_stroke(cr)
            cairo_push_group(cr)
            cairo_set_source_rgb(cr, 0.2, 0.78, 0.35)
            cairo_move_to(cr, side * 1.1, side / 2)
            cairo_arc(cr, side * 1.1, side / 2, side * 0.45, -.pi / 2, -.pi / 2 + 0.3 * 2 * .pi)
            cairo_close_path(cr)
            cairo_fill(cr)
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, 0.4)
        }
        cairo_surface_flush(surface.pointer)
        return surface.image()
    }

    /// The same pixels through `cairo_surface_write_to_png_stream`.
    static func cairoPNG(_ image: RasterImage) throws -> [UInt8] {
        var data = image.data
        return try data.withUnsafeMutableBufferPointer { buffer in
            let surface = try TestSurface(cairo_image_surface_create_for_data(buffer.baseAddress, CAIRO_FORMAT_ARGB32,
                                                                              Int32(image.width), Int32(image.height),
                                                                              Int32(image.stride)))
            let (status, bytes) = surface.writePNG()
            XCTAssertEqual(status, CAIRO_STATUS_SUCCESS)
            return bytes
        }
    }
}
