import XCTest
import SceneCodecs
import SceneRender

/// docs/language.md §6: 8-bit RGBA PNGs, canvas × scale pixels rounded up, marked sRGB.
final class PNGFormatTests: XCTestCase {
    func testHeaderSizeDepthAndSRGBChunk() throws {
        let png = try renderBytes("canvas: {width: 10.2, height: 5, scale: 2}\nviews: []\n", as: .png)
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        func be32(_ i: Int) -> Int { Int(png[i]) << 24 | Int(png[i + 1]) << 16 | Int(png[i + 2]) << 8 | Int(png[i + 3]) }
        XCTAssertEqual(be32(16), 21, "width: 10.2 × 2 rounded up")
        XCTAssertEqual(be32(20), 10)
        XCTAssertEqual(png[24], 8, "8 bits a channel")
        XCTAssertEqual(png[25], 6, "RGBA")
        XCTAssertEqual(Array(png[37..<41]), Array("sRGB".utf8))
        // The chunk's CRC, checked against zlib's crc32 of "sRGB\0" (0xAECE1CE9).
        XCTAssertEqual(Array(png[42..<46]), [0xAE, 0xCE, 0x1C, 0xE9])
        XCTAssertEqual(try RasterImage(png: png).width, 21, "still a PNG readers accept")
    }
}
