import XCTest
@testable import SceneCodecs

/// PNG's chunk framing: length, type, data, CRC-32 over type and data.
final class PNGChunksTests: XCTestCase {
    func testChunkCRCKnownValue() {
        var chunks = PNGChunks(capacity: 12)
        chunks.chunk("IEND", [])
        // Every PNG ends in these 12 bytes: zero length, "IEND", CRC-32 0xAE426082.
        XCTAssertEqual(chunks.bytes, [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
    }

    func testSRGBChunkCRCIsZlibs() {
        var chunks = PNGChunks(capacity: 13)
        chunks.chunk("sRGB", [0])
        // zlib's crc32 of "sRGB\0" is 0xAECE1CE9.
        XCTAssertEqual(Array(chunks.bytes.suffix(4)), [0xAE, 0xCE, 0x1C, 0xE9])
    }
}
