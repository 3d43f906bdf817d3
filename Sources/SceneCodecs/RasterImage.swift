/// Pixels of a rendered picture (or of a PNG read back): the buffer every encoder here takes,
/// held as Cairo draws them (premultiplied ARGB32); `pixel` reads them straight.
public struct RasterImage: Sendable {
    package let width: Int
    package let height: Int
    /// Cairo's native ARGB32, premultiplied, `stride` bytes a row: little-endian bytes B, G, R,
    /// A per pixel (read by pixel comparisons, which want every pixel without a call each).
    package let data: [UInt8]
    package let stride: Int

    /// Pixels computed elsewhere (a review's diff image), in the layout of `data`, `width * 4`
    /// bytes a row.
    package init(width: Int, height: Int, premultipliedARGB: [UInt8]) {
        precondition(premultipliedARGB.count == width * height * 4, "one 4-byte pixel per place")
        self.width = width
        self.height = height
        data = premultipliedARGB
        stride = width * 4
    }

    /// Pixels in the layout of `data`, `stride` bytes a row (a Cairo image surface's, or a PNG
    /// read back; empty when the surface had none).
    package init(width: Int, height: Int, stride: Int, premultipliedARGB: [UInt8]) {
        self.width = width
        self.height = height
        self.stride = stride
        data = premultipliedARGB
    }

    /// The straight RGBA of pixel (x, y), 0–255 each; transparent black outside the image.
    package func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int, a: Int) {
        guard x >= 0, y >= 0, x < width, y < height, !data.isEmpty else { return (0, 0, 0, 0) }
        let i = y * stride + x * 4
        // ARGB32 is a native-endian 32-bit word: little-endian bytes B, G, R, A.
        let b = Int(data[i]), g = Int(data[i + 1]), r = Int(data[i + 2]), a = Int(data[i + 3])
        guard a > 0 else { return (0, 0, 0, 0) }
        func straight(_ c: Int) -> Int { Swift.min(255, (c * 255 + a / 2) / a) }
        return (straight(r), straight(g), straight(b), a)
    }

    /// Whether every pixel is fully opaque.
    package var isOpaque: Bool {
        for y in 0..<height {
            for x in 0..<width where data[y * stride + x * 4 + 3] != 255 {
                return false
            }
        }
        return true
    }

    /// These pixels as a PNG file, as scenec writes them.
    package func pngBytes(compression: PNGCompression = .default) throws -> [UInt8] {
        try data.withUnsafeBytes { pixels in
            try PNGEncoder(compression: compression).encode(pixels, width: width, height: height, stride: stride)
        }
    }
}

extension RasterImage {
    /// Calls `body` with every pixel's straight colour as 0xAARRGGBB, row by row, un-premultiplied
    /// exactly as scenec's PNG encoder does, so an animation's pixels are those of the PNG frames.
    func forEachStraightPixel(_ body: (UInt32) -> Void) {
        PNGScanlines.unpremultiplied.withUnsafeBufferPointer { table in
            data.withUnsafeBytes { raw in
                for y in 0..<height {
                    for x in 0..<width {
                        let word = raw.load(fromByteOffset: y * stride + x * 4, as: UInt32.self)
                        body(Self.straight(word, table))
                    }
                }
            }
        }
    }

    /// The straight 0xAARRGGBB of Cairo's premultiplied ARGB32 word.
    @inline(__always)
    static func straight(_ word: UInt32, _ table: UnsafeBufferPointer<UInt8>) -> UInt32 {
        let a = word >> 24
        if a == 0xFF { return word }
        if a == 0 { return 0 }
        let t = Int(a) << 8
        return a << 24 | UInt32(table[t + Int(word >> 16 & 0xFF)]) << 16 | UInt32(table[t + Int(word >> 8 & 0xFF)]) << 8
            | UInt32(table[t + Int(word & 0xFF)])
    }

    /// The pixels as rows of B, G, R, A bytes with alpha ignored: Cairo's premultiplied colours,
    /// which are the picture composited over black. What a video encoder is fed (`bgr0`).
    package var overBlackBGRX: [UInt8] {
        if stride == width * 4 { return data }
        var rows: [UInt8] = []
        rows.reserveCapacity(width * height * 4)
        for y in 0..<height { rows += data[y * stride..<y * stride + width * 4] }
        return rows
    }
}
