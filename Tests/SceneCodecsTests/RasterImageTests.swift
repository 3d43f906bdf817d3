import XCTest
@testable import SceneCodecs

/// The pixel buffer every encoder takes: straight colours read from premultiplied bytes, PNG out
/// and back in, and the rows a video encoder is fed.
final class RasterImageTests: XCTestCase {
    /// Two pixels: opaque red, and blue at alpha 0x80 premultiplied (0x40 blue).
    let image = RasterImage(width: 2, height: 1, premultipliedARGB: [0, 0, 0xFF, 0xFF, 0x40, 0, 0, 0x80])

    func testPixelIsStraightAndTransparentOutside() {
        XCTAssertTrue(image.pixel(0, 0) == (255, 0, 0, 255))
        XCTAssertTrue(image.pixel(1, 0) == (0, 0, 128, 128), "\(image.pixel(1, 0))")
        XCTAssertTrue(image.pixel(2, 0) == (0, 0, 0, 0))
        XCTAssertTrue(image.pixel(-1, 0) == (0, 0, 0, 0))
        XCTAssertFalse(image.isOpaque)
        XCTAssertTrue(frame(3, 2) { _, _ in 0xFF12_3456 }.isOpaque)
    }

    func testPNGRoundTrip() throws {
        let decoded = try RasterImage(png: image.pngBytes())
        XCTAssertEqual([decoded.width, decoded.height], [2, 1])
        XCTAssertEqual(decoded.data, image.data, "un-premultiplied as Cairo does, so Cairo premultiplies it back")
    }

    func testGarbageIsNotAPNG() {
        XCTAssertThrowsError(try RasterImage(png: [0x89, 0x50, 1, 2])) {
            XCTAssertTrue("\($0)".hasPrefix("cannot create the PNG surface"), "\($0)")
        }
    }

    func testOverBlackRowsDropTheStridePadding() {
        let padded = RasterImage(width: 1, height: 2, stride: 8, premultipliedARGB: [1, 2, 3, 4, 9, 9, 9, 9, 5, 6, 7, 8, 9, 9, 9, 9])
        XCTAssertEqual(padded.overBlackBGRX, [1, 2, 3, 4, 5, 6, 7, 8])
        XCTAssertEqual(image.overBlackBGRX, image.data)
    }
}
