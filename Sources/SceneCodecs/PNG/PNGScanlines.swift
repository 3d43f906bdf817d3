import Glibc

/// Cairo's ARGB32 rows → PNG scanlines: filter type 0 (none), except Up (2) on a row identical
/// to the one above it, which then is all zeros.
///
/// Why: scenec draws flat vector art — large runs of one colour and anti-aliased edges. Deflate
/// already finds those runs; the Sub/Up/Paeth filters turn them into near-zero bytes but also
/// smear each edge over several bytes, and on our frames and example scenes they made files
/// 15–40% larger than no filter at every level, libpng's adaptive choice 10–20% larger. The
/// one exception is a run of identical rows (a white page crossed by vertical lines): unfiltered,
/// each row is a match a row's length back, whose long distance costs ~10 bits more a match than
/// the distance-1 matches of a zero row; Up made that scene half the size. Measurements in
/// bench/README.md.
enum PNGScanlines {
    /// Whether every pixel's alpha is 255 (then the file stores RGB, a quarter less to compress).
    static func isOpaque(_ base: UnsafeRawPointer, width: Int, height: Int, stride: Int) -> Bool {
        for y in 0..<height {
            let row = base + y * stride
            var all: UInt32 = 0xFFFF_FFFF
            for x in 0..<width {
                all &= row.load(fromByteOffset: x * 4, as: UInt32.self)
            }
            if all >> 24 != 0xFF { return false }
        }
        return true
    }

    /// Writes `height` scanlines of `1 + width × (opaque ? 3 : 4)` bytes to `out`, un-premultiplying
    /// exactly as Cairo's own PNG writer does (`(c × 255 + a / 2) / a`, and 0 where a = 0), so a
    /// file decodes to the pixels `cairo_surface_write_to_png` would have written.
    static func fill(_ out: UnsafeMutableRawBufferPointer, from base: UnsafeRawPointer, width: Int, height: Int,
                     stride: Int, opaque: Bool) {
        guard let start = out.baseAddress?.assumingMemoryBound(to: UInt8.self) else { return }
        var o = start
        let pixelBytes = opaque ? 3 : 4
        /// Writes the filter byte; true when the row was written whole (as Up, all zeros).
        func repeatsRowAbove(_ y: Int) -> Bool {
            let row = base + y * stride
            guard y > 0, memcmp(row, row - stride, width * 4) == 0 else {
                o.pointee = 0
                o += 1
                return false
            }
            o.pointee = 2
            memset(o + 1, 0, width * pixelBytes)
            o += 1 + width * pixelBytes
            return true
        }
        if opaque {
            for y in 0..<height where !repeatsRowAbove(y) {
                let row = base + y * stride
                for x in 0..<width {
                    // ARGB32 is a native-endian 32-bit word: alpha in the top byte, then R, G, B.
                    let word = row.load(fromByteOffset: x * 4, as: UInt32.self)
                    o[0] = UInt8(truncatingIfNeeded: word >> 16)
                    o[1] = UInt8(truncatingIfNeeded: word >> 8)
                    o[2] = UInt8(truncatingIfNeeded: word)
                    o += 3
                }
            }
            return
        }
        unpremultiplied.withUnsafeBufferPointer { tableBuffer in
            guard let table = tableBuffer.baseAddress else { return }
            for y in 0..<height where !repeatsRowAbove(y) {
                let row = base + y * stride
                for x in 0..<width {
                    let word = row.load(fromByteOffset: x * 4, as: UInt32.self)
                    let a = word >> 24
                    let rgba: UInt32
                    if a == 0xFF {
                        rgba = (word >> 16 & 0xFF) | (word & 0xFF00) | (word & 0xFF) << 16 | 0xFF00_0000
                    } else if a == 0 {
                        rgba = 0
                    } else {
                        let t = table + Int(a) << 8
                        rgba = UInt32(t[Int(word >> 16 & 0xFF)]) | UInt32(t[Int(word >> 8 & 0xFF)]) << 8
                            | UInt32(t[Int(word & 0xFF)]) << 16 | a << 24
                    }
                    // R, G, B, A in file order, whatever the machine's byte order.
                    UnsafeMutableRawPointer(o).storeBytes(of: rgba.littleEndian, as: UInt32.self)
                    o += 4
                }
            }
        }
    }

    /// `unpremultiplied[a × 256 + c]` = Cairo's straight value of channel c at alpha a: a table
    /// lookup instead of a division per channel, with the same truncation to 8 bits.
    static let unpremultiplied: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256 * 256)
        for a in 1..<256 {
            for c in 0..<256 {
                table[a << 8 | c] = UInt8(truncatingIfNeeded: (c * 255 + a / 2) / a)
            }
        }
        return table
    }()
}
