import CCairo
import XCTest
@testable import SceneRender

/// scenec's PNG encoder read by readers that are not ours — Pillow (in the project's .venv, which
/// `make test` installs) and Debian's pngcheck — must give exactly the pixels of Cairo's own
/// `cairo_surface_write_to_png`, for every kind of alpha, odd sizes and every compression setting.
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
        images.append(("drawn-translucent", try renderImage("""
            canvas: {width: 33, height: 21, scale: 3}
            views:
              - {type: ring, frame: {x: 1, y: 1, width: 19, height: 19}, progress: 0.6, lineCap: round}
              - {type: pie, frame: {x: 12, y: 2, width: 18, height: 18}, progress: 0.3, opacity: 0.4}
            """)))
        images.append(("drawn-opaque", try renderImage("""
            canvas: {width: 33, height: 21, background: "#1c1c1e"}
            views:
              - {type: clock, frame: {x: 6, y: 0, width: 21, height: 21}, time: "10:09:30"}
            """)))
        var pairs: [(ours: String, cairo: String)] = []
        for (name, image) in images {
            let cairo = dir.appendingPathComponent("\(name)-cairo.png").path
            try Data(try Self.cairoPNG(image)).write(to: URL(fileURLWithPath: cairo))
            for compression in PNGCompression.allCases {
                let ours = dir.appendingPathComponent("\(name)-\(compression.rawValue).png").path
                try Data(try image.pngBytes(compression: compression)).write(to: URL(fileURLWithPath: ours))
                pairs.append((ours, cairo))
            }
        }
        // One process per reader, for every file at once.
        let check = try runTool("pngcheck", ["-q"] + pairs.map(\.ours))
        XCTAssertEqual(check.trimmingCharacters(in: .whitespacesAndNewlines), "", "pngcheck complains")
        let report = try runTool(try Self.python(), ["-c", Self.compareScript] + pairs.flatMap { [$0.ours, $0.cairo] })
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
        for compression in PNGCompression.allCases {
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

    /// The .venv's Python, where `make test` installs Pillow.
    static func python() throws -> String {
        var root = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { root.deleteLastPathComponent() }
        let path = root.appendingPathComponent(".venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw XCTSkip("no \(path): run make test, which installs Pillow into .venv")
        }
        return path
    }

    /// Premultiplied pixels from a fixed pseudo-random sequence: every alpha from 0 to 255 with
    /// channels up to it (translucent), alpha 255 (opaque) or all zero (transparent). Every third
    /// row repeats the one above it, as flat art does.
    static func image(width: Int, height: Int, alpha: Alpha) throws -> RasterImage {
        let surface = try Surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)),
                                  what: "test")
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
        return RasterImage(surface: surface)
    }

    /// The same pixels through `cairo_surface_write_to_png_stream`.
    static func cairoPNG(_ image: RasterImage) throws -> [UInt8] {
        var data = image.data
        let sink = ByteSink()
        try data.withUnsafeMutableBufferPointer { buffer in
            let surface = try Surface(cairo_image_surface_create_for_data(buffer.baseAddress, CAIRO_FORMAT_ARGB32,
                                                                          Int32(image.width), Int32(image.height),
                                                                          Int32(image.stride)), what: "test")
            let status = sink.withClosure { cairo_surface_write_to_png_stream(surface.pointer, ByteSink.write, $0) }
            XCTAssertEqual(status, CAIRO_STATUS_SUCCESS)
        }
        return sink.bytes
    }
}
