import XCTest
@testable import SceneCodecs

/// Frame delays in each format's clock add up to the exact duration, rounded once.
final class FrameTimingTests: XCTestCase {
    func testDelaysAccumulateSoTheTotalIsExact() {
        let thirty = FrameTiming(fps: 30)
        XCTAssertEqual((0..<6).map { thirty.delay(of: $0, unitsPerSecond: 100) }, [3, 4, 3, 3, 4, 3])
        XCTAssertEqual((0..<90).map { thirty.delay(of: $0, unitsPerSecond: 100) }.reduce(0, +), 300)
        XCTAssertEqual((0..<3).map { thirty.delay(of: $0, unitsPerSecond: 1000) }, [33, 34, 33])
        // 29.97 fps: 2997/100, so 2997 frames last exactly 100 s in milliseconds.
        let ntsc = FrameTiming(fps: 29.97)
        XCTAssertEqual((0..<2997).map { ntsc.delay(of: $0, unitsPerSecond: 1000) }.reduce(0, +), 100_000)
    }

    func testAPNGDelaysAreExactFractions() {
        XCTAssertEqual(FrameTiming(fps: 30).exactDelay.map { [$0.numerator, $0.denominator] }, [1, 30])
        XCTAssertEqual(FrameTiming(fps: 29.97).exactDelay.map { [$0.numerator, $0.denominator] }, [100, 2997])
        XCTAssertEqual(FrameTiming(fps: 12.5).exactDelay.map { [$0.numerator, $0.denominator] }, [2, 25])
        XCTAssertNil(FrameTiming(fps: 1 / 3.0 + 1e-7).exactDelay)  // no small fraction: milliseconds instead
    }
}
