import Glibc

/// A rectangle of pixels.
struct PixelRect: Equatable {
    var x: Int, y: Int, width: Int, height: Int
}

/// Where two pictures of the same size differ, so an animation stores only the part of a frame
/// that changed (a ring's arc, a clock's hands) over the frame before it.
enum ChangedRegion {
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
}
