import Glibc

/// A rectangle of pixels, `x` and `y` from the top left.
package struct PixelRect: Equatable, Sendable, CustomStringConvertible {
    package var x: Int, y: Int, width: Int, height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    package var area: Int { width * height }
    package var description: String { "\(x),\(y) \(width)×\(height)" }

    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let left = min(x, other.x), top = min(y, other.y)
        let right = max(x + width, other.x + other.width), bottom = max(y + height, other.y + other.height)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}

/// Where two pictures of the same size differ: so an animation stores only the part of a frame
/// that changed (a ring's arc, a clock's hands) over the frame before it, and the preview sends
/// during a drag only the rectangles that changed since the picture the page shows.
package enum ChangedRegion {
    /// The smallest rectangle holding every pixel that differs between `a` and `b` (rows of
    /// `width × bytesPerPixel` bytes, `stride` apart); nil when they are the same.
    static func between(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, width: Int, height: Int, stride: Int,
                        bytesPerPixel: Int) -> PixelRect? {
        let rowBytes = width * bytesPerPixel
        func rowDiffers(_ y: Int) -> Bool { memcmp(a + y * stride, b + y * stride, rowBytes) != 0 }
        guard let top = (0..<height).first(where: rowDiffers) else { return nil }
        let bottom = (top..<height).last(where: rowDiffers) ?? top
        var left = width, right = -1
        for y in top...bottom {
            let rowA = a + y * stride, rowB = b + y * stride
            func differs(_ x: Int) -> Bool { memcmp(rowA + x * bytesPerPixel, rowB + x * bytesPerPixel, bytesPerPixel) != 0 }
            if let l = (0..<left).first(where: differs) { left = l }
            if let r = (Swift.max(right + 1, left)..<width).last(where: differs) { right = r }
        }
        return PixelRect(x: left, y: top, width: right - left + 1, height: bottom - top + 1)
    }

    /// The rectangle of `frame` to store after `previous` (the whole frame for the first): the
    /// changed pixels, or the top-left pixel alone for a frame that repeats the one before (a
    /// format that shows every frame still needs one).
    static func toStore(_ frame: RasterImage, after previous: RasterImage?) -> PixelRect {
        guard let previous else { return PixelRect(x: 0, y: 0, width: frame.width, height: frame.height) }
        let changed = frame.data.withUnsafeBytes { a in
            previous.data.withUnsafeBytes { b in
                between(a.baseAddress!, b.baseAddress!, width: frame.width, height: frame.height, stride: frame.stride,
                        bytesPerPixel: 4)
            }
        }
        return changed ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
    }

    /// Changed rows closer than this are one rectangle: a rectangle costs the reader a decode
    /// and a draw of its own, a few unchanged rows cost next to nothing.
    package static let rowsBridged = 16
    /// At most this many rectangles; the closest are joined first.
    package static let mostRegions = 8

    /// A few rectangles that together hold every pixel where `new` differs from `old`, top to
    /// bottom, apart where unchanged rows part them; empty when the pictures are equal.
    /// Both are `width` × `height` ARGB32 pixels, rows `oldStride` and `newStride` bytes apart.
    package static func rectangles(between old: UnsafeRawPointer, stride oldStride: Int,
                                   _ new: UnsafeRawPointer, stride newStride: Int,
                                   width: Int, height: Int) -> [PixelRect] {
        var regions: [PixelRect] = []
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
                regions.append(PixelRect(x: first, y: y, width: last + 1 - first, height: 1))
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
    private static func joinClosest(_ regions: inout [PixelRect]) {
        var best = 0, bestCost = Int.max
        for i in 0..<(regions.count - 1) {
            let joined = regions[i].union(regions[i + 1])
            let cost = joined.area - regions[i].area - regions[i + 1].area
            if cost < bestCost { best = i; bestCost = cost }
        }
        regions[best] = regions[best].union(regions[best + 1])
        regions.remove(at: best + 1)
    }
}
