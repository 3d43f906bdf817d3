import Glibc

/// Where a picture differs from the one before it, as a few rectangles that together hold every
/// changed pixel: what the preview sends during a drag instead of the whole picture (a slider on
/// one ring changes the ring and the labels bound to it, a tenth of the canvas). Found by
/// comparing the pixels, not by reasoning about which views a change touches, so a shadow, a
/// stroke past a frame or a bound label is never missed.
package enum ChangedRegions {
    package struct Rect: Equatable, Sendable, CustomStringConvertible {
        package var x: Int
        package var y: Int
        package var width: Int
        package var height: Int

        package init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }

        package var area: Int { width * height }
        package var description: String { "\(x),\(y) \(width)×\(height)" }
    }

    /// Changed rows closer than this are one rectangle: a rectangle costs the reader a decode
    /// and a draw of its own, a few unchanged rows cost next to nothing.
    package static let rowsBridged = 16
    /// At most this many rectangles; the closest are joined first.
    package static let mostRegions = 8

    /// The rectangles where `new` differs from `old`, top to bottom; empty when they are equal.
    /// Both are `width` × `height` ARGB32 pixels, rows `oldStride` and `newStride` bytes apart.
    package static func between(_ old: UnsafeRawPointer, stride oldStride: Int,
                                _ new: UnsafeRawPointer, stride newStride: Int,
                                width: Int, height: Int) -> [Rect] {
        var regions: [Rect] = []
        let rowBytes = width * 4
        for y in 0..<height {
            let a = old + y * oldStride, b = new + y * newStride
            guard memcmp(a, b, rowBytes) != 0 else { continue }
            let (first, last) = changedSpan(a, b, width: width)
            if var open = regions.last, y - (open.y + open.height) <= rowsBridged {
                let left = min(open.x, first), right = max(open.x + open.width, last + 1)
                open.x = left
                open.width = right - left
                open.height = y + 1 - open.y
                regions[regions.count - 1] = open
            } else {
                regions.append(Rect(x: first, y: y, width: last + 1 - first, height: 1))
            }
        }
        while regions.count > mostRegions { joinClosest(&regions) }
        return regions
    }

    /// The first and last pixel of a row that differ (the row is known to differ somewhere).
    private static func changedSpan(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, width: Int) -> (Int, Int) {
        var first = 0
        while first < width - 1, a.loadUnaligned(fromByteOffset: first * 4, as: UInt32.self)
                == b.loadUnaligned(fromByteOffset: first * 4, as: UInt32.self) { first += 1 }
        var last = width - 1
        while last > first, a.loadUnaligned(fromByteOffset: last * 4, as: UInt32.self)
                == b.loadUnaligned(fromByteOffset: last * 4, as: UInt32.self) { last -= 1 }
        return (first, last)
    }

    /// Joins the two neighbours (top to bottom) whose joined rectangle adds the fewest pixels.
    private static func joinClosest(_ regions: inout [Rect]) {
        var best = 0, bestCost = Int.max
        for i in 0..<(regions.count - 1) {
            let joined = union(regions[i], regions[i + 1])
            let cost = joined.area - regions[i].area - regions[i + 1].area
            if cost < bestCost { best = i; bestCost = cost }
        }
        regions[best] = union(regions[best], regions[best + 1])
        regions.remove(at: best + 1)
    }

    private static func union(_ a: Rect, _ b: Rect) -> Rect {
        let left = min(a.x, b.x), top = min(a.y, b.y)
        let right = max(a.x + a.width, b.x + b.width), bottom = max(a.y + a.height, b.y + b.height)
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
