import XCTest
@testable import SceneCodecs

/// The rectangles the preview sends during a drag instead of the whole picture: every changed
/// pixel inside one, unchanged rows far apart kept apart, never more than `mostRegions`.
final class ChangedRectanglesTests: XCTestCase {
    typealias Rect = PixelRect

    /// `width` × `height` pixels, `stride` bytes a row (padding filled with noise, which must not count).
    struct Picture {
        var width: Int, height: Int, stride: Int
        var bytes: [UInt8]

        init(width: Int, height: Int, padding: Int = 0) {
            self.width = width
            self.height = height
            stride = width * 4 + padding
            bytes = (0..<(stride * height)).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        }

        mutating func change(_ x: Int, _ y: Int) { bytes[y * stride + x * 4 + 2] &+= 1 }

        /// Changes the padding after every row: not pixels.
        mutating func stirPadding() {
            for y in 0..<height { for i in (width * 4)..<stride { bytes[y * stride + i] &+= 7 } }
        }
    }

    func regions(_ old: Picture, _ new: Picture) -> [Rect] {
        old.bytes.withUnsafeBytes { a in
            new.bytes.withUnsafeBytes { b in
                ChangedRegion.rectangles(between: a.baseAddress!, stride: old.stride, b.baseAddress!, stride: new.stride,
                                         width: old.width, height: old.height)
            }
        }
    }

    func testEqualPicturesHaveNoChangedRegionWhateverTheirPadding() {
        let old = Picture(width: 40, height: 30, padding: 12)
        var new = old
        new.stirPadding()
        XCTAssertEqual(regions(old, new), [])
    }

    func testOnePixelIsARectangleOfOnePixelAtItsPlace() {
        for (x, y) in [(0, 0), (39, 29), (17, 3)] {
            let old = Picture(width: 40, height: 30, padding: 4)
            var new = old
            new.change(x, y)
            XCTAssertEqual(regions(old, new), [Rect(x: x, y: y, width: 1, height: 1)], "\(x),\(y)")
        }
    }

    func testChangesFarApartAreKeptApartAndNearOnesJoined() {
        let old = Picture(width: 100, height: 200)
        var new = old
        // A ring at the top left and a label far below it (the showcase's slider).
        new.change(10, 5); new.change(30, 20)
        new.change(60, 150); new.change(70, 152)
        XCTAssertEqual(regions(old, new), [Rect(x: 10, y: 5, width: 21, height: 16), Rect(x: 60, y: 150, width: 11, height: 3)])
        // Rows closer than rowsBridged are one rectangle.
        var near = old
        near.change(5, 40); near.change(90, 40 + ChangedRegion.rowsBridged + 1)
        XCTAssertEqual(regions(old, near), [Rect(x: 5, y: 40, width: 86, height: ChangedRegion.rowsBridged + 2)])
        var apart = old
        apart.change(5, 40); apart.change(90, 40 + ChangedRegion.rowsBridged + 2)
        XCTAssertEqual(regions(old, apart).count, 2)
    }

    func testManyBandsAreJoinedToTheMostAllowedAndStillHoldEveryChange() {
        let old = Picture(width: 64, height: 600)
        var new = old
        var changed: [(Int, Int)] = []
        for band in 0..<20 {
            let point = ((band * 13) % 64, band * 30)
            new.change(point.0, point.1)
            changed.append(point)
        }
        let found = regions(old, new)
        XCTAssertEqual(found.count, ChangedRegion.mostRegions)
        for (x, y) in changed {
            XCTAssertEqual(found.filter { $0.x <= x && x < $0.x + $0.width && $0.y <= y && y < $0.y + $0.height }.count, 1,
                           "\(x),\(y) in exactly one of \(found)")
        }
        // Top to bottom, not overlapping.
        for (a, b) in zip(found, found.dropFirst()) { XCTAssertLessThanOrEqual(a.y + a.height, b.y) }
    }
}
