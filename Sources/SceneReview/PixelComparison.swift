import SceneCodecs
import SceneRender

/// How two pictures of one output differ, pixel by pixel, and a picture of where.
///
/// Pixels are compared as Cairo holds them, colour premultiplied by alpha (the colour a pixel
/// shows over black): a fully transparent pixel equals every other fully transparent pixel,
/// whatever colour a PNG file stored in it.
public struct PixelComparison: Sendable, Equatable {
    /// Pixels compared: the wider picture's width by the taller one's height. A pixel that only
    /// one picture has is compared with transparent black.
    public var pixels = 0
    /// Pixels where some channel (red, green, blue or alpha) differs by more than the
    /// threshold's channel tolerance.
    public var changedPixels = 0
    /// The largest difference of any channel of any pixel, 0–255.
    public var maxChannelDifference = 0
    /// Whether both pictures (every page of them) have the same width and height.
    public var sameSize = true

    public init() {}

    /// The share of compared pixels that changed, 0–1.
    public var share: Double { pixels == 0 ? 0 : Double(changedPixels) / Double(pixels) }

    /// This comparison and another page's together (a PDF's pages).
    public func adding(_ other: PixelComparison) -> PixelComparison {
        var sum = self
        sum.pixels += other.pixels
        sum.changedPixels += other.changedPixels
        sum.maxChannelDifference = Swift.max(maxChannelDifference, other.maxChannelDifference)
        sum.sameSize = sameSize && other.sameSize
        return sum
    }

    /// Compares `before` with `after`; the diff picture shows each changed pixel opaque, in the
    /// colour of how much it changed (HeatScale: a 1-of-255 change faint, a 227 one hot), over a
    /// faded grey copy of `after` (of `before` where `after` has no pixel), so a change stands
    /// out wherever it is, over any background, and a large one stands out from a slight one.
    public static func compare(_ before: RasterImage, _ after: RasterImage,
                               tolerance: Int) -> (comparison: PixelComparison, diff: RasterImage) {
        let width = Swift.max(before.width, after.width), height = Swift.max(before.height, after.height)
        var result = PixelComparison()
        result.pixels = width * height
        result.sameSize = before.width == after.width && before.height == after.height
        var out = [UInt8](repeating: 0, count: width * height * 4)
        before.data.withUnsafeBufferPointer { b in
            after.data.withUnsafeBufferPointer { a in
                out.withUnsafeMutableBufferPointer { o in
                    for y in 0..<height {
                        let bRow = y < before.height && !b.isEmpty ? y * before.stride : -1
                        let aRow = y < after.height && !a.isEmpty ? y * after.stride : -1
                        for x in 0..<width {
                            let bi = bRow >= 0 && x < before.width ? bRow + x * 4 : -1
                            let ai = aRow >= 0 && x < after.width ? aRow + x * 4 : -1
                            var difference = 0
                            for c in 0..<4 {
                                let p = bi >= 0 ? Int(b[bi + c]) : 0, q = ai >= 0 ? Int(a[ai + c]) : 0
                                difference = Swift.max(difference, Swift.abs(p - q))
                            }
                            result.maxChannelDifference = Swift.max(result.maxChannelDifference, difference)
                            let oi = (y * width + x) * 4
                            if difference > tolerance {
                                result.changedPixels += 1
                                let heat = HeatScale.color(difference)
                                o[oi] = heat.blue; o[oi + 1] = heat.green; o[oi + 2] = heat.red; o[oi + 3] = 255  // B, G, R, A
                            } else {
                                let grey = ai >= 0 ? faded(a, ai) : bi >= 0 ? faded(b, bi) : 255
                                o[oi] = grey; o[oi + 1] = grey; o[oi + 2] = grey; o[oi + 3] = 255
                            }
                        }
                    }
                }
            }
        }
        return (result, RasterImage(width: width, height: height, premultipliedARGB: out))
    }

    /// A pixel as grey over white at a quarter of its contrast: the picture stays recognisable
    /// behind the heat colours without competing with it.
    private static func faded(_ p: UnsafeBufferPointer<UInt8>, _ i: Int) -> UInt8 {
        // Premultiplied over white: each channel plus the white showing through.
        let white = 255 - Int(p[i + 3])
        let luma = (19 * (Int(p[i]) + white) + 183 * (Int(p[i + 1]) + white) + 54 * (Int(p[i + 2]) + white)) >> 8
        return UInt8(255 - (255 - Swift.min(255, luma)) / 4)
    }
}
