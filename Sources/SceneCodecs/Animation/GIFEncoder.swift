/// Frames → an animated GIF (GIF89a) with one global palette (GIFPalette) made from every frame.
///
/// Without transparent pixels each later frame stores only the rectangle of palette entries that
/// changed and leaves the rest in place (disposal 1). With them, every frame is stored whole and
/// cleared before the next (disposal 2), since a pixel that turns transparent cannot be drawn
/// over the one before it. Delays are whole hundredths of a second, accumulated (FrameTiming) so
/// the total is the animation's duration. `loops` adds the NETSCAPE2.0 block (play for ever);
/// without it viewers play the animation once.
package final class GIFEncoder: AnimationEncoder {
    private let width: Int, height: Int
    private let palette: GIFPalette
    private let timing: FrameTiming
    private let minCodeSize: Int
    private var file: [UInt8] = []
    /// The previous frame's palette entries, and this frame's.
    private var previous: [UInt8]?
    private var current: [UInt8]
    private var added = 0

    package init(width: Int, height: Int, palette: GIFPalette, loops: Bool, timing: FrameTiming) throws {
        guard width <= Int(UInt16.max), height <= Int(UInt16.max) else {
            throw CodecError("a GIF is at most 65,535 pixels a side, not \(width) × \(height)")
        }
        self.width = width
        self.height = height
        self.palette = palette
        self.timing = timing
        current = [UInt8](repeating: 0, count: width * height)
        let entries = palette.colors.count + (palette.transparentIndex == nil ? 0 : 1)
        var bits = 1
        while 1 << bits < entries { bits += 1 }
        minCodeSize = Swift.max(2, bits)
        file += Array("GIF89a".utf8)
        file += Self.littleEndian(width) + Self.littleEndian(height)
        file += [0xF0 | UInt8(bits - 1), 0, 0]  // a global table of 2^bits entries; background entry 0; square pixels
        for i in 0..<(1 << bits) {
            let c = i < palette.colors.count ? palette.colors[i] : 0
            file += [UInt8(c >> 16 & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c & 0xFF)]
        }
        if loops {
            file += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]  // loop count 0: for ever
        }
    }

    package func add(_ frame: RasterImage) throws {
        guard frame.width == width, frame.height == height else { throw CodecError("a GIF frame does not match the animation") }
        var i = 0
        let transparent = palette.transparentIndex
        var last: (rgba: UInt32, entry: UInt8)?  // flat art: most pixels repeat the one before
        frame.forEachStraightPixel { rgba in
            if let last, last.rgba == rgba {
                current[i] = last.entry
            } else {
                let entry = rgba >> 24 >= GIFPalette.visibleAlpha ? palette.entry(for: rgba & 0xFF_FFFF) : transparent ?? 0
                last = (rgba, entry)
                current[i] = entry
            }
            i += 1
        }
        var rect = PixelRect(x: 0, y: 0, width: width, height: height)
        if transparent == nil, let previous {
            rect = current.withUnsafeBytes { a in
                previous.withUnsafeBytes { b in
                    ChangedRegion.between(a.baseAddress!, b.baseAddress!, width: width, height: height, stride: width,
                                          bytesPerPixel: 1)
                }
            } ?? PixelRect(x: 0, y: 0, width: 1, height: 1)
        }
        let delay = timing.delay(of: added, unitsPerSecond: 100)
        let disposal: UInt8 = transparent == nil ? 1 : 2
        file += [0x21, 0xF9, 4, disposal << 2 | (transparent == nil ? 0 : 1)]
        file += Self.littleEndian(Swift.min(delay, Int(UInt16.max))) + [transparent ?? 0, 0]
        file += [0x2C] + Self.littleEndian(rect.x) + Self.littleEndian(rect.y)
        file += Self.littleEndian(rect.width) + Self.littleEndian(rect.height) + [0]
        var pixels: [UInt8] = []
        pixels.reserveCapacity(rect.width * rect.height)
        for y in rect.y..<rect.y + rect.height {
            pixels += current[y * width + rect.x..<y * width + rect.x + rect.width]
        }
        file += pixels.withUnsafeBufferPointer { GIFLZW.encode($0, minCodeSize: minCodeSize) }
        let done = current
        current = previous ?? done  // reused: every entry is written again for the next frame
        previous = done
        added += 1
    }

    package func finish() throws -> [UInt8] {
        file + [0x3B]
    }

    static func littleEndian(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
}
