import CDeflate

/// Cairo's premultiplied ARGB32 pixels → the bytes of a PNG file: RGB when every pixel is opaque,
/// RGBA otherwise, marked sRGB. Replaces `cairo_surface_write_to_png`, whose libpng defaults
/// (zlib level 6, adaptive row filters) spent ~97% of a frame sequence's time; see bench/README.md
/// for the measurements behind the choices here.
///
/// Not thread-safe: it owns a libdeflate compressor and scratch buffers that it reuses from one
/// picture to the next, so a frame sequence keeps one encoder per thread.
package final class PNGEncoder {
    private let compressor: OpaquePointer
    /// Filter byte + pixel bytes for every row, reused across pictures.
    private var scanlines = Scratch()
    /// The zlib stream, sized for the worst case: pages compression never reaches are never
    /// touched, so a large bound costs address space, not memory.
    private var compressed = Scratch()

    /// The setting it compresses with.
    package let compression: PNGCompression

    package init(compression: PNGCompression) throws {
        guard let c = libdeflate_alloc_compressor(compression.deflateLevel) else {
            throw CodecError("cannot start the PNG compressor (out of memory)")
        }
        compressor = c
        self.compression = compression
    }

    /// Bytes its scratch buffers hold, which it keeps while it lives.
    package var scratchBytes: Int { scanlines.count + compressed.count }

    deinit {
        libdeflate_free_compressor(compressor)
        scanlines.free()
        compressed.free()
    }

    /// Encodes `pixels`, which must hold `height` rows `stride` bytes apart, `width` ARGB32 words
    /// each (a rectangle inside a larger picture ends with its last row's pixels).
    package func encode(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, stride: Int) throws -> [UInt8] {
        guard width > 0, height > 0, stride >= width * 4, pixels.count >= stride * (height - 1) + width * 4,
              let base = pixels.baseAddress else {
            throw CodecError("cannot encode an empty picture as PNG")
        }
        let opaque = PNGScanlines.isOpaque(base, width: width, height: height, stride: stride)
        let zlib = try imageData(base, width: width, height: height, stride: stride, opaque: opaque)
        var file = PNGChunks(capacity: zlib.count + 128)
        file.signature()
        file.header(width: width, height: height, colorType: opaque ? 2 : 6)
        file.chunk("sRGB", [0])  // perceptual rendering intent: the picture is sRGB (docs/language.md §6)
        file.imageData(zlib)
        file.chunk("IEND", [])
        return file.bytes
    }

    /// The zlib stream of the scanlines of `width` × `height` pixels from `base` (RGB when
    /// `opaque`, else RGBA): what IDAT chunks (or an APNG frame's fdAT chunks) hold. Valid until
    /// the next call.
    func imageData(_ base: UnsafeRawPointer, width: Int, height: Int, stride: Int,
                   opaque: Bool) throws -> UnsafeRawBufferPointer {
        let rowBytes = 1 + width * (opaque ? 3 : 4)
        let count = rowBytes * height
        let rows = scanlines.reserve(count)
        PNGScanlines.fill(rows, from: base, width: width, height: height, stride: stride, opaque: opaque)
        let zlib = compressed.reserve(libdeflate_zlib_compress_bound(compressor, count))
        let length = libdeflate_zlib_compress(compressor, rows.baseAddress, count, zlib.baseAddress, zlib.count)
        guard length > 0 else { throw CodecError("PNG compression failed") }
        return UnsafeRawBufferPointer(rebasing: zlib[..<length])
    }
}

/// A buffer an encoder keeps between pictures, grown when a larger picture needs it; its bytes
/// are uninitialised until written.
private struct Scratch {
    private var buffer = UnsafeMutableRawBufferPointer(start: nil, count: 0)

    /// At least `count` bytes (exactly `count` in the buffer returned).
    mutating func reserve(_ count: Int) -> UnsafeMutableRawBufferPointer {
        if buffer.count < count {
            buffer.deallocate()
            buffer = .allocate(byteCount: count, alignment: 16)
        }
        return UnsafeMutableRawBufferPointer(rebasing: buffer[..<count])
    }

    func free() { buffer.deallocate() }

    var count: Int { buffer.count }
}
