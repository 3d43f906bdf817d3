import XCTest
@testable import SceneCodecs

/// Animated WebP: encoded, listed by libwebp's webpmux, decoded back by libwebp's demuxer to the
/// frames' pixels.
final class WebPAnimationTests: XCTestCase {
    static let frames: [RasterImage] = (0..<4).map { step in
        frame(31, 17) { x, y in
            if y < 3 { return 0 }  // a transparent band
            return x >= step * 7 && x < step * 7 + 5 ? 0xFFFF_9500 : 0xFF00_0000 | UInt32(x * 8) << 8 | UInt32(y * 15)
        }
    }

    func webp(plays: Int = 0) throws -> [UInt8] {
        let encoder = try WebPAnimationEncoder(width: 31, height: 17, plays: plays, timing: FrameTiming(fps: 30))
        for f in Self.frames { try encoder.add(f) }
        return try encoder.finish()
    }

    func testDecodesToTheFramesPixelsWithMillisecondDelays() throws {
        let decoder = try WebPAnimationDecoder(try webp(), maxPixels: 1000)
        XCTAssertEqual([decoder.width, decoder.height], [31, 17])
        var seconds: [Double] = []
        for (i, original) in Self.frames.enumerated() {
            let next = try XCTUnwrap(try decoder.next(), "frame \(i)")
            XCTAssertEqual(next.frame.data, original.data, "frame \(i)")
            seconds.append(next.seconds)
        }
        XCTAssertEqual(seconds, [0.033, 0.034, 0.033, 0.033])
        XCTAssertNil(try decoder.next())
    }

    func testWebpmuxListsFramesDurationsAndLoop() throws {
        let path = try write(try webp(plays: 1), "a.webp", in: try temporaryDirectory(self))
        let info = try runTool("webpmux", ["-info", path])
        XCTAssertTrue(info.contains("Number of frames: 4"), info)
        XCTAssertTrue(info.contains("Loop Count : 1"), info)
        // Width, height, alpha, x and y offset, duration: later frames store only their changed
        // rectangle, widened to even offsets (the band of rows 0–2 is transparent, so alpha).
        let rows = info.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).first?.isNumber == true }
        XCTAssertEqual(rows.map { $0.split(separator: " ").map(String.init) }.map { Array($0[1...6]) },
                       [["31", "17", "yes", "0", "0", "33"], ["12", "15", "yes", "0", "2", "34"],
                        ["13", "15", "yes", "6", "2", "33"], ["12", "15", "yes", "14", "2", "33"]], info)
    }

    func testRefusesWhatIsNotWebPOrTooLarge() throws {
        XCTAssertThrowsError(try WebPAnimationDecoder([0, 1, 2, 3], maxPixels: 100)) {
            XCTAssertEqual("\($0)", "not a WebP file libwebp can read")
        }
        XCTAssertThrowsError(try WebPAnimationDecoder(try webp(), maxPixels: 500)) {
            XCTAssertEqual("\($0)", "the animation is 31 × 17 pixels, not 1 to 500")
        }
        XCTAssertThrowsError(try WebPAnimationEncoder(width: 16384, height: 1, plays: 0, timing: FrameTiming(fps: 1))) {
            XCTAssertEqual("\($0)", "a WebP is at most 16,383 pixels a side, not 16384 × 1")
        }
    }
}
