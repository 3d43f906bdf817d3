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
}
