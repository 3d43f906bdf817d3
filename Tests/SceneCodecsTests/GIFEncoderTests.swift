import XCTest
@testable import SceneCodecs

/// GIF files read back by Pillow, a decoder that is not ours: palette, LZW (including the table
/// clears past 4,096 codes), changed rectangles, transparency, delays and looping.
final class GIFEncoderTests: XCTestCase {
    /// Pillow prints each frame's duration (ms), then its pixels as hex of `mode` bytes.
    static let readScript = """
        import sys
        from PIL import Image, ImageSequence
        im = Image.open(sys.argv[1])
        print(im.n_frames, im.info.get('loop', 'once'))
        for f in ImageSequence.Iterator(im):
            print(f.info['duration'], f.convert(sys.argv[2]).tobytes().hex())
        """

    func gif(_ frames: [RasterImage], loops: Bool = true, fps: Double = 30) throws -> [UInt8] {
        let counter = GIFColorCounter()
        for f in frames { counter.add(f) }
        let encoder = try GIFEncoder(width: frames[0].width, height: frames[0].height, palette: counter.palette(),
                                     loops: loops, timing: FrameTiming(fps: fps))
        for f in frames { try encoder.add(f) }
        return try encoder.finish()
    }

    func hex(_ image: RasterImage, alpha: Bool) -> String {
        var out = ""
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x, y)
                let bytes = alpha ? [p.r, p.g, p.b, p.a] : [p.r, p.g, p.b]
                for b in bytes { out += String(format: "%02x", b) }
            }
        }
        return out
    }

    func testFewColoursDecodeExactlyWithDelaysAndLoop() throws {
        // A moving bar over a gradient of 200 shades: exact (≤ 256 colours); frame 2 holds frame 1.
        func bar(_ at: Int) -> RasterImage {
            frame(40, 30) { x, y in x >= at && x < at + 5 ? 0xFFFF_3B30 : 0xFF00_0000 | UInt32((x * 5 + y) % 200) << 8 }
        }
        let frames = [bar(0), bar(10), bar(10), bar(33)]
        let path = try write(try gif(frames), "bar.gif", in: try temporaryDirectory(self))
        let lines = try runTool(try python(), ["-c", Self.readScript, path, "RGB"]).split(separator: "\n")
        XCTAssertEqual(lines.first, "4 0", "four frames, looping for ever")
        XCTAssertEqual(lines.dropFirst().map { $0.split(separator: " ")[0] }, ["30", "40", "30", "30"],
                       "hundredths accumulated: 3, 4, 3, 3")
        for (i, line) in lines.dropFirst().enumerated() {
            XCTAssertEqual(String(line.split(separator: " ")[1]), hex(frames[i], alpha: false), "frame \(i)")
        }
    }

    func testTransparentPixelsAndPlayingOnce() throws {
        func dot(_ at: Int) -> RasterImage { frame(12, 9) { x, y in abs(x - at) + abs(y - 4) < 3 ? 0xFF34_C759 : 0 } }
        let frames = [dot(3), dot(8)]
        let path = try write(try gif(frames, loops: false, fps: 10), "dot.gif", in: try temporaryDirectory(self))
        let lines = try runTool(try python(), ["-c", Self.readScript, path, "RGBA"]).split(separator: "\n")
        XCTAssertEqual(lines.first, "2 once", "no NETSCAPE2.0 block without loops")
        for (i, line) in lines.dropFirst().enumerated() {
            let decoded = String(line.split(separator: " ")[1])
            // Pillow gives transparent pixels the palette entry's colour; compare where visible and the alpha.
            let expected = hex(frames[i], alpha: true)
            XCTAssertEqual(decoded.count, expected.count)
            for (d, e) in zip(decoded.chunked(8), expected.chunked(8)) {
                XCTAssertEqual(d.suffix(2), e.suffix(2), "frame \(i): alpha")
                if e.hasSuffix("ff") { XCTAssertEqual(d, e, "frame \(i): colour") }
            }
        }
    }

    func testLZWPastFourThousandCodesDecodes() throws {
        // Noise over 250 colours fills LZW's table many times over: every clear must be read back.
        var seed: UInt32 = 7
        let noise = frame(256, 96) { _, _ in
            seed = seed &* 1_103_515_245 &+ 12_345
            return 0xFF00_0000 | (seed >> 8) % 250 * 0x10101 & 0xFF_FFFF
        }
        let path = try write(try gif([noise]), "noise.gif", in: try temporaryDirectory(self))
        let lines = try runTool(try python(), ["-c", Self.readScript, path, "RGB"]).split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines.last.map { String($0.split(separator: " ")[1]) }, hex(noise, alpha: false))
    }

    func testManyColoursAreCutTo256Entries() throws {
        // 64 × 64 distinct colours: the median cut's 256 entries, every pixel mapped to its nearest.
        let many = frame(64, 64) { x, y in 0xFF00_0000 | UInt32(x * 4) << 16 | UInt32(y * 4) << 8 | 0x80 }
        let counter = GIFColorCounter()
        counter.add(many)
        let palette = counter.palette()
        XCTAssertEqual(palette.colors.count, 256)
        XCTAssertNil(palette.transparentIndex)
        XCTAssertEqual(Set(palette.colors).count, 256, "no entry twice")
        // Each entry is a mean of its box, so every pixel lies within one box's half-width of it.
        for (x, y) in [(0, 0), (63, 63), (10, 50), (31, 32)] {
            let c = UInt32(x * 4) << 16 | UInt32(y * 4) << 8 | 0x80
            let e = palette.colors[Int(palette.entry(for: c))]
            XCTAssertLessThanOrEqual(abs(Int(e >> 16) - x * 4) + abs(Int(e >> 8 & 0xFF) - y * 4), 32, "(\(x), \(y))")
        }
        XCTAssertEqual(try gif([many]), try gif([many]), "the same frames give the same file")
    }

    func testTooLargeIsRefused() {
        XCTAssertThrowsError(try GIFEncoder(width: 70_000, height: 1, palette: GIFColorCounter().palette(), loops: true,
                                            timing: FrameTiming(fps: 30))) {
            XCTAssertEqual("\($0)", "a GIF is at most 65,535 pixels a side, not 70000 × 1")
        }
    }
}

extension String {
    /// The string in pieces of `size` characters.
    func chunked(_ size: Int) -> [Substring] {
        stride(from: 0, to: count, by: size).map {
            let start = index(startIndex, offsetBy: $0)
            return self[start..<(index(start, offsetBy: size, limitedBy: endIndex) ?? endIndex)]
        }
    }
}
