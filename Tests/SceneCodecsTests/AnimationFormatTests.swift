import XCTest
@testable import SceneCodecs

/// Which animated file an output path names, which formats scenec plays back itself, and the
/// rectangle an animation stores of a changed frame.
final class AnimationFormatTests: XCTestCase {
    func testFormatFromPath() {
        XCTAssertEqual(AnimationFormat(path: "out/anim.GIF"), .gif)
        XCTAssertEqual(AnimationFormat(path: "a.apng"), .apng)
        XCTAssertEqual(AnimationFormat(path: "a.webm"), .webm)
        XCTAssertNil(AnimationFormat(path: "dir.gif/frame"), "the extension of a folder is not the file's")
        XCTAssertNil(AnimationFormat(path: "a.png"))
        XCTAssertEqual(AnimationFormat.allCases.filter(\.needsFFmpeg), [.mp4, .webm])
    }

    func testDecodersExistForAPNGAndWebPOnly() throws {
        let apng = try APNGEncoder(width: 1, height: 1, frameCount: 1, plays: 0, opaque: true, timing: FrameTiming(fps: 1),
                                   compression: .small)
        try apng.add(frame(1, 1) { _, _ in 0xFFFF_FFFF })
        XCTAssertTrue(try AnimationFormat.apng.decoder(try apng.finish(), maxPixels: 1) is APNGDecoder)
        XCTAssertNil(try AnimationFormat.gif.decoder([], maxPixels: 1))
        XCTAssertNil(try AnimationFormat.mp4.decoder([], maxPixels: 1))
    }

    func testChangedRegionIsTheSmallestRectangle() {
        let before = frame(9, 7) { _, _ in 0xFF00_0000 }
        let after = frame(9, 7) { x, y in (x, y) == (2, 5) || (x, y) == (6, 1) ? 0xFFFF_FFFF : 0xFF00_0000 }
        XCTAssertEqual(ChangedRegion.toStore(after, after: before), PixelRect(x: 2, y: 1, width: 5, height: 5))
        XCTAssertEqual(ChangedRegion.toStore(after, after: after), PixelRect(x: 0, y: 0, width: 1, height: 1),
                       "a repeated frame still stores one pixel")
        XCTAssertEqual(ChangedRegion.toStore(after, after: nil), PixelRect(x: 0, y: 0, width: 9, height: 7))
    }

    /// Any encoder through `AnimationEncoder`, read back through `AnimationDecoder`: the frames
    /// in order, each with its time; a picture over the decoder's limit is a `CodecError`.
    func testAnimationsRoundTripThroughTheProtocols() throws {
        let encoder: AnimationEncoder = try APNGEncoder(width: 2, height: 1, frameCount: 2, plays: 0, opaque: true,
                                                        timing: FrameTiming(fps: 4), compression: .small)
        try encoder.add(frame(2, 1) { _, _ in 0xFFFF_0000 })
        try encoder.add(frame(2, 1) { x, _ in x == 0 ? 0xFF00_00FF : 0xFFFF_0000 })
        let bytes = try encoder.finish()
        let decoder: AnimationDecoder = try XCTUnwrap(try AnimationFormat.apng.decoder(bytes, maxPixels: 2))
        XCTAssertEqual([decoder.width, decoder.height], [2, 1])
        let first = try XCTUnwrap(try decoder.next())
        XCTAssertEqual(first.seconds, 0.25, accuracy: 1e-9)
        XCTAssertEqual(first.frame.pixel(0, 0).r, 255)
        let second = try XCTUnwrap(try decoder.next())
        XCTAssertEqual(second.frame.pixel(0, 0).b, 255)
        XCTAssertEqual(second.frame.pixel(1, 0).r, 255)
        XCTAssertNil(try decoder.next())
        XCTAssertThrowsError(try AnimationFormat.apng.decoder(bytes, maxPixels: 1)) { error in
            XCTAssertEqual((error as? CodecError)?.description, "the animation is 2 × 1 pixels, not 1 to 1")
        }
    }

    /// A palette of the frames' own colours when they fit, with a transparent entry after them.
    func testAPaletteHoldsTheFramesColoursAndATransparentEntry() {
        let counter = GIFColorCounter()
        counter.add(frame(3, 1) { x, _ in [0xFFFF_0000, 0xFF00_FF00, 0x0000_0000][x] })
        let palette: GIFPalette = counter.palette()
        XCTAssertEqual(palette.colors, [0x00FF00, 0xFF0000])
        XCTAssertEqual(palette.transparentIndex, 2)
        let opaque = GIFColorCounter()
        opaque.add(frame(1, 1) { _, _ in 0xFF00_0000 })
        XCTAssertNil(opaque.palette().transparentIndex)
    }

    /// The PNG encoder itself, over a buffer with a stride wider than its rows.
    func testThePNGEncoderWritesTheRowsOfAStridedBuffer() throws {
        let encoder = try PNGEncoder(compression: .small)
        let pixels: [UInt8] = [0, 0, 255, 255, 9, 9, 9, 9]  // one BGRA pixel of red, then padding
        let png = try pixels.withUnsafeBytes { try encoder.encode($0, width: 1, height: 1, stride: 8) }
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(png, try RasterImage(width: 1, height: 1, premultipliedARGB: [0, 0, 255, 255]).pngBytes(compression: .small))
    }
}
