import SceneCodecs
import SceneReview
import XCTest

/// Pixel comparisons of synthetic pictures: which pixels changed, by how much, and whether the
/// threshold calls it a change.
final class PixelComparisonTests: XCTestCase {
    /// A `width` × `height` picture of one opaque colour (B, G, R, A in memory, premultiplied).
    func picture(_ width: Int, _ height: Int, bgra: [UInt8] = [40, 80, 120, 255],
                 changing points: [(x: Int, y: Int, bgra: [UInt8])] = []) -> RasterImage {
        var data = [UInt8]()
        for _ in 0..<(width * height) { data += bgra }
        for p in points { data.replaceSubrange((p.y * width + p.x) * 4..<(p.y * width + p.x) * 4 + 4, with: p.bgra) }
        return RasterImage(width: width, height: height, premultipliedARGB: data)
    }

    func testTheSamePictureHasNoChangedPixels() {
        let (comparison, diff) = PixelComparison.compare(picture(10, 10), picture(10, 10), tolerance: 0)
        XCTAssertEqual(comparison.pixels, 100)
        XCTAssertEqual(comparison.changedPixels, 0)
        XCTAssertEqual(comparison.maxChannelDifference, 0)
        XCTAssertTrue(comparison.sameSize)
        XCTAssertEqual(comparison.share, 0)
        XCTAssertEqual(diff.width, 10)
        let grey = diff.pixel(3, 3)
        XCTAssertEqual(grey.r, grey.g)
        XCTAssertEqual(grey.g, grey.b)
        XCTAssertEqual(grey.a, 255)
    }

    func testChangedPixelsAreCountedAndDrawnInTheHeatColourOfTheirLargestChannelDifference() {
        let after = picture(10, 10, changing: [(2, 3, [40, 80, 130, 255]), (7, 7, [40, 83, 120, 255]),
                                               (5, 5, [40, 80, 119, 255]), (1, 8, [4, 8, 12, 28])])
        let (comparison, diff) = PixelComparison.compare(picture(10, 10), after, tolerance: 0)
        XCTAssertEqual(comparison.changedPixels, 4)
        XCTAssertEqual(comparison.maxChannelDifference, 227)
        XCTAssertEqual(comparison.share, 0.04, accuracy: 1e-12)
        for (x, y, difference) in [(2, 3, 10), (7, 7, 3), (5, 5, 1), (1, 8, 227)] {
            let heat = HeatScale.color(difference), p = diff.pixel(x, y)
            XCTAssertTrue(p == (Int(heat.red), Int(heat.green), Int(heat.blue), 255), "(\(x), \(y)) changed by \(difference): \(p)")
        }
        // A change of 1 is faint (pale, near the white of the faded picture), one of 227 hot (dark red).
        XCTAssertTrue(diff.pixel(5, 5).g > 220 && diff.pixel(5, 5).b > 140, "\(diff.pixel(5, 5))")
        XCTAssertTrue(diff.pixel(1, 8).r > 120 && diff.pixel(1, 8).g < 40, "\(diff.pixel(1, 8))")
        let grey = diff.pixel(0, 0)
        XCTAssertTrue(grey.r == grey.g && grey.g == grey.b, "an unchanged pixel stays grey: \(grey)")

        let tolerant = PixelComparison.compare(picture(10, 10), after, tolerance: 3).comparison
        XCTAssertEqual(tolerant.changedPixels, 2, "differences of 1 and 3 are within a tolerance of 3; 10 and 227 are not")
        XCTAssertEqual(tolerant.maxChannelDifference, 227, "the magnitude does not depend on the tolerance")
    }

    func testFullyTransparentPixelsAreEqualWhateverTheirColour() {
        let before = picture(4, 4, bgra: [0, 0, 0, 0])
        let after = picture(4, 4, bgra: [0, 0, 0, 0], changing: [(1, 1, [0, 0, 0, 1])])
        XCTAssertEqual(PixelComparison.compare(before, before, tolerance: 0).comparison.changedPixels, 0)
        XCTAssertEqual(PixelComparison.compare(before, after, tolerance: 0).comparison.changedPixels, 1)
    }

    func testAPictureOfAnotherSizeIsComparedOverTheLargerOneAndIsAlwaysAChange() {
        let (comparison, diff) = PixelComparison.compare(picture(10, 10), picture(12, 10), tolerance: 255)
        XCTAssertFalse(comparison.sameSize)
        XCTAssertEqual(comparison.pixels, 120)
        XCTAssertEqual(diff.width, 12)
        XCTAssertEqual(comparison.changedPixels, 0, "within a tolerance of 255 nothing differs by more")
        XCTAssertTrue(ReviewThreshold(channel: 255, sharePercent: 100).isChange(comparison), "but the size changed")
    }

    /// The scale runs from light to dark without turning back, ends at its stops, and the
    /// legend's gradient is written from the same stops.
    func testTheHeatScaleDarkensWithTheDifferenceAndTheLegendUsesItsStops() {
        func lightness(_ d: Int) -> Int { let c = HeatScale.color(d); return Int(c.red) + Int(c.green) + Int(c.blue) }
        for d in 1..<255 { XCTAssertGreaterThanOrEqual(lightness(d), lightness(d + 1), "\(d)") }
        let first: HeatScale.Stop = HeatScale.stops[0], last = HeatScale.stops[HeatScale.stops.count - 1]
        XCTAssertTrue(HeatScale.color(1) == (first.red, first.green, first.blue))
        XCTAssertTrue(HeatScale.color(255) == (last.red, last.green, last.blue))
        XCTAssertTrue(HeatScale.color(0) == HeatScale.color(1) && HeatScale.color(999) == HeatScale.color(255), "clamped")
        XCTAssertEqual(HeatScale.cssGradient, "linear-gradient(to right,rgb(255,237,160) 0%,rgb(254,178,76) 33%,"
                       + "rgb(240,59,32) 67%,rgb(128,0,38) 100%)")
    }

    func testPagesAddUp() {
        var a = PixelComparison()
        a.pixels = 100; a.changedPixels = 5; a.maxChannelDifference = 9
        var b = PixelComparison()
        b.pixels = 300; b.changedPixels = 15; b.maxChannelDifference = 4; b.sameSize = false
        let sum = a.adding(b)
        XCTAssertEqual(sum.pixels, 400)
        XCTAssertEqual(sum.changedPixels, 20)
        XCTAssertEqual(sum.maxChannelDifference, 9)
        XCTAssertFalse(sum.sameSize)
        XCTAssertEqual(sum.share, 0.05)
    }

    func testTheThresholdReadsItsFormsAndDecides() throws {
        XCTAssertEqual(ReviewThreshold("8"), ReviewThreshold(channel: 8))
        XCTAssertEqual(ReviewThreshold("8,0.5%"), ReviewThreshold(channel: 8, sharePercent: 0.5))
        XCTAssertEqual(ReviewThreshold(" 8 , 0.5 "), ReviewThreshold(channel: 8, sharePercent: 0.5))
        for bad in ["", "-1", "256", "8,", "8,101", "8,nan", "8,1,2", "x"] {
            XCTAssertNil(ReviewThreshold(bad), bad)
        }
        var two = PixelComparison()
        two.pixels = 100; two.changedPixels = 2
        XCTAssertTrue(ReviewThreshold().isChange(two), "by default any changed pixel is a change")
        XCTAssertTrue(ReviewThreshold(channel: 0, sharePercent: 1).isChange(two), "2% is more than 1%")
        XCTAssertFalse(ReviewThreshold(channel: 0, sharePercent: 2).isChange(two), "2% is not more than 2%")
        XCTAssertFalse(ReviewThreshold().isChange(PixelComparison()))
    }
}
