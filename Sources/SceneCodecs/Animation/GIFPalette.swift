/// One palette for a whole GIF, made from the colours of all its frames, so every frame maps
/// its pixels the same way and nothing flickers from frame to frame.
///
/// GIF holds 256 colours. When the frames have that few (255 when a transparent entry is needed)
/// the palette is exactly their colours and the GIF is exact. With more — the shades a ring's
/// antialiased edge runs through between its colour and the background, times every colour pair
/// — the colours are split by a median cut that divides the box with the widest range of any
/// channel at its middle, counting each distinct colour once however many pixels have it. The
/// rare edge shades then get as many entries as the large flat areas, spread evenly along each
/// edge's run of shades, so edges stay smooth (no bands of one shade); each box's entry is the
/// pixel-weighted mean of its colours, so a large flat area keeps its colour. Every colour maps
/// to its nearest entry. There is no dithering: scenec draws flat colours, which dithering would
/// turn to noise (and larger files), and a frame's pixels should not depend on its neighbours'.
package struct GIFPalette: Sendable {
    /// 0xRRGGBB of each entry; the transparent entry, if any, comes after them.
    package private(set) var colors: [UInt32]
    /// The entry of every colour the frames hold.
    private var index: [UInt32: UInt8]
    /// The entry transparent pixels use, when some pixel is transparent.
    package let transparentIndex: UInt8?

    /// Pixels with less alpha than this are transparent in a GIF, which has no partial
    /// transparency; the others show their colour, fully opaque.
    static let visibleAlpha: UInt32 = 128

    init(counts: [UInt32: Int], transparent: Bool) {
        let capacity = transparent ? 255 : 256
        let distinct = counts.map { (color: $0.key, count: $0.value) }.sorted { $0.color < $1.color }
        colors = distinct.count <= capacity ? distinct.map(\.color) : Self.medianCut(distinct, entries: capacity)
        if colors.isEmpty { colors = [0] }
        transparentIndex = transparent ? UInt8(colors.count) : nil
        index = [:]
        index.reserveCapacity(distinct.count)
        for entry in distinct { index[entry.color] = nearest(entry.color) }
    }

    /// The entry for a colour 0xRRGGBB.
    func entry(for color: UInt32) -> UInt8 { index[color] ?? nearest(color) }

    private func nearest(_ color: UInt32) -> UInt8 {
        var best = 0, bestDistance = Int.max
        let r = Int(color >> 16 & 0xFF), g = Int(color >> 8 & 0xFF), b = Int(color & 0xFF)
        for (i, c) in colors.enumerated() {
            let dr = r - Int(c >> 16 & 0xFF), dg = g - Int(c >> 8 & 0xFF), db = b - Int(c & 0xFF)
            let d = dr * dr + dg * dg + db * db
            if d < bestDistance { (best, bestDistance) = (i, d) }
        }
        return UInt8(best)
    }

    /// `entries` colours standing for `distinct` (sorted, so the result is always the same).
    private static func medianCut(_ distinct: [(color: UInt32, count: Int)], entries: Int) -> [UInt32] {
        var colors = distinct
        struct Box { var range: Range<Int>; var widest: (channel: Int, extent: Int) }
        func channel(_ c: UInt32, _ k: Int) -> Int { Int(c >> UInt32(16 - 8 * k) & 0xFF) }
        func measure(_ range: Range<Int>) -> Box {
            var widest = (channel: 0, extent: -1)
            for k in 0..<3 {
                var lo = 255, hi = 0
                for i in range {
                    let v = channel(colors[i].color, k)
                    lo = Swift.min(lo, v)
                    hi = Swift.max(hi, v)
                }
                if hi - lo > widest.extent { widest = (k, hi - lo) }
            }
            return Box(range: range, widest: widest)
        }
        var boxes = [measure(colors.indices)]
        while boxes.count < entries {
            guard let split = boxes.indices.max(by: { boxes[$0].widest.extent < boxes[$1].widest.extent
                                                      || (boxes[$0].widest.extent == boxes[$1].widest.extent && $0 > $1) }),
                  boxes[split].widest.extent > 0 else { break }
            let box = boxes[split], k = box.widest.channel
            colors[box.range].sort { (channel($0.color, k), $0.color) < (channel($1.color, k), $1.color) }
            let low = channel(colors[box.range.lowerBound].color, k), high = channel(colors[box.range.upperBound - 1].color, k)
            let middle = (low + high) / 2
            let cut = colors[box.range].firstIndex { channel($0.color, k) > middle } ?? box.range.upperBound
            boxes[split] = measure(box.range.lowerBound..<cut)
            boxes.append(measure(cut..<box.range.upperBound))
        }
        return boxes.map { box in
            var sums = [0, 0, 0], total = 0
            for i in box.range {
                for k in 0..<3 { sums[k] += channel(colors[i].color, k) * colors[i].count }
                total += colors[i].count
            }
            let mean = sums.map { UInt32(($0 + total / 2) / Swift.max(total, 1)) }
            return mean[0] << 16 | mean[1] << 8 | mean[2]
        }
    }
}

/// Counts the colours of every frame of a GIF-to-be (the first of its two passes over the frames).
package final class GIFColorCounter {
    private var counts: [UInt32: Int] = [:]
    private var transparent = false
    private var previous: RasterImage?

    package init() {}

    package func add(_ frame: RasterImage) {
        // A repeated frame (a held pose) adds no colour; skipping it only shifts the weights.
        if let previous, previous.data == frame.data { return }
        previous = frame
        var run = (color: UInt32.max, length: 0)
        frame.forEachStraightPixel { rgba in
            guard rgba >> 24 >= GIFPalette.visibleAlpha else {
                transparent = true
                return
            }
            let color = rgba & 0xFF_FFFF
            if color == run.color {
                run.length += 1
            } else {
                if run.length > 0 { counts[run.color, default: 0] += run.length }
                run = (color, 1)
            }
        }
        if run.length > 0 { counts[run.color, default: 0] += run.length }
    }

    package func palette() -> GIFPalette { GIFPalette(counts: counts, transparent: transparent) }
}
