import CDeflate

/// The bytes of a PNG file being assembled: the signature, then chunks of length, type, data and
/// CRC-32 (libdeflate's, which is several times faster than a table-driven one).
struct PNGChunks {
    private(set) var bytes: [UInt8]

    /// The largest chunk the PNG specification allows is 2³¹ − 1 bytes; image data is split at a
    /// round size below it (a picture of scenec's largest size may compress to more).
    static let maxImageDataChunk = 1 << 30

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    mutating func signature() {
        bytes += [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    }

    /// IHDR: 8 bits a channel, `colorType` 2 (RGB) or 6 (RGBA), deflate, adaptive-filter method
    /// (the only one; each row then names its filter), no interlacing.
    mutating func header(width: Int, height: Int, colorType: UInt8) {
        var data: [UInt8] = []
        data += Self.bigEndian(UInt32(truncatingIfNeeded: width))
        data += Self.bigEndian(UInt32(truncatingIfNeeded: height))
        data += [8, colorType, 0, 0, 0]
        chunk("IHDR", data)
    }

    mutating func chunk(_ type: String, _ data: [UInt8]) {
        data.withUnsafeBytes { chunk(type, $0) }
    }

    /// IDAT chunks holding the zlib stream, as few as the size limit allows.
    mutating func imageData(_ zlib: UnsafeRawBufferPointer) {
        var offset = 0
        repeat {
            let end = Swift.min(zlib.count, offset + Self.maxImageDataChunk)
            chunk("IDAT", UnsafeRawBufferPointer(rebasing: zlib[offset..<end]))
            offset = end
        } while offset < zlib.count
    }

    /// An APNG frame's fdAT chunks holding the zlib stream, each a sequence number then a part
    /// of the stream; `sequence` counts on across every fcTL and fdAT of the file.
    mutating func frameData(_ zlib: UnsafeRawBufferPointer, sequence: inout UInt32) {
        var offset = 0
        repeat {
            let end = Swift.min(zlib.count, offset + Self.maxImageDataChunk)
            var data = Self.bigEndian(sequence)
            data.append(contentsOf: UnsafeRawBufferPointer(rebasing: zlib[offset..<end]))
            chunk("fdAT", data)
            sequence += 1
            offset = end
        } while offset < zlib.count
    }

    private mutating func chunk(_ type: String, _ data: UnsafeRawBufferPointer) {
        let typeBytes = Array(type.utf8)
        bytes += Self.bigEndian(UInt32(truncatingIfNeeded: data.count))
        bytes += typeBytes
        bytes.append(contentsOf: data)
        // The CRC covers the type and the data, not the length.
        var crc = typeBytes.withUnsafeBytes { UInt32(libdeflate_crc32(0, $0.baseAddress, $0.count)) }
        if data.count > 0 { crc = UInt32(libdeflate_crc32(crc, data.baseAddress, data.count)) }
        bytes += Self.bigEndian(crc)
    }

    static func bigEndian(_ v: UInt32) -> [UInt8] {
        [UInt8(truncatingIfNeeded: v >> 24), UInt8(truncatingIfNeeded: v >> 16), UInt8(truncatingIfNeeded: v >> 8),
         UInt8(truncatingIfNeeded: v)]
    }
}
