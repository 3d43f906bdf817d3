import XCTest
@testable import SceneCodecs

/// APNG files: our decoder and Pillow both play an encoded sequence back to the pixels of the
/// frames' own PNGs, with the delays FrameTiming gives.
final class APNGTests: XCTestCase {
    /// Translucent pixels too: each frame must replace its rectangle, never blend with the last.
    static func frames() -> [RasterImage] {
        func ring(_ turn: Int, alpha: UInt32) -> RasterImage {
            frame(24, 18) { x, y in
                let inside = (x - 12) * (x - 12) + (y - 9) * (y - 9) < 50 && x < 6 + turn * 4
                return inside ? alpha << 24 | 0x007A_FF : 0
            }
        }
        // frame() makes alpha 0 or 255 pixels; one translucent pixel, premultiplied by hand.
        var translucent = ring(2, alpha: 0xFF).data
        translucent.replaceSubrange(0..<4, with: [0x40, 0x20, 0x10, 0x80])
        return [ring(0, alpha: 0xFF), RasterImage(width: 24, height: 18, premultipliedARGB: translucent),
                ring(2, alpha: 0xFF), ring(2, alpha: 0xFF), ring(4, alpha: 0xFF)]
    }

    func apng(_ frames: [RasterImage], opaque: Bool = false) throws -> [UInt8] {
        let encoder = try APNGEncoder(width: frames[0].width, height: frames[0].height, frameCount: frames.count, plays: 0,
                                      opaque: opaque, timing: FrameTiming(fps: 30), compression: .default)
        for f in frames { try encoder.add(f) }
        return try encoder.finish()
    }

    func testOurDecoderGivesEachFramesPNGPixels() throws {
        let frames = Self.frames()
        let decoder = try APNGDecoder(try apng(frames), maxPixels: 10_000)
        XCTAssertEqual([decoder.width, decoder.height], [24, 18])
        for (i, original) in frames.enumerated() {
            let next = try decoder.next()
            XCTAssertEqual(next?.frame.data, try RasterImage(png: original.pngBytes()).data, "frame \(i)")
            XCTAssertEqual(next?.seconds ?? 0, 1 / 30, accuracy: 1e-12)
        }
        XCTAssertNil(try decoder.next())
    }

    func testPillowPlaysTheSameFrames() throws {
        let frames = Self.frames()
        let dir = try temporaryDirectory(self)
        let path = try write(try apng(frames), "a.png", in: dir)
        let pngs = try frames.enumerated().map { try write($0.element.pngBytes(), "f\($0.offset).png", in: dir) }
        let script = """
            import sys
            from PIL import Image, ImageSequence
            im = Image.open(sys.argv[1])
            print(im.n_frames, im.info.get('loop'))
            for f, png in zip(ImageSequence.Iterator(im), sys.argv[2:]):
                same = f.convert('RGBA').tobytes() == Image.open(png).convert('RGBA').tobytes()
                print(round(f.info['duration'], 3), 'same' if same else 'differ')
            """
        let lines = try runTool(try python(), ["-c", script, path] + pngs).split(separator: "\n")
        XCTAssertEqual(lines.first, "5 0")
        XCTAssertEqual(Array(lines.dropFirst()), Array(repeating: "33.333 same", count: 5))
    }

    func testOpaqueFramesAreRGBAndPngcheckAcceptsTheFile() throws {
        let opaque = (0..<3).map { turn in frame(10, 6) { x, _ in x == turn * 3 ? 0xFFFF_FFFF : 0xFF1C_1C1E } }
        let bytes = try apng(opaque, opaque: true)
        XCTAssertEqual(bytes[25], 2, "colour type RGB")
        let path = try write(bytes, "o.png", in: try temporaryDirectory(self))
        XCTAssertTrue(try runTool("pngcheck", ["-v", path]).contains("acTL"))
        let decoder = try APNGDecoder(bytes, maxPixels: 60)
        for f in opaque { XCTAssertEqual(try decoder.next()?.frame.data, f.data) }
    }

    func testRefusesWhatIsNotAPNGOrTooLarge() throws {
        XCTAssertThrowsError(try APNGDecoder([1, 2, 3], maxPixels: 100)) {
            XCTAssertEqual("\($0)", "not a PNG file (it does not begin with PNG's signature)")
        }
        XCTAssertThrowsError(try APNGDecoder(try apng(Self.frames()), maxPixels: 100)) {
            XCTAssertEqual("\($0)", "the animation is 24 × 18 pixels, not 1 to 100")
        }
        let encoder = try APNGEncoder(width: 2, height: 2, frameCount: 2, plays: 0, opaque: false,
                                      timing: FrameTiming(fps: 30), compression: .fast)
        try encoder.add(frame(2, 2) { _, _ in 0 })
        XCTAssertThrowsError(try encoder.finish()) { XCTAssertEqual("\($0)", "the APNG has 1 of its 2 frames") }
    }
}
