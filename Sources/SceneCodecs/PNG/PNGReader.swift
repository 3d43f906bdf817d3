import CCairo

extension RasterImage {
    /// Decodes a PNG (e.g. what rsvg-convert or pdftoppm wrote). Cairo's PNG reader does it — the
    /// one use of Cairo in this module: it reads every PNG variant with libpng, whose errors
    /// (a longjmp) Swift cannot catch, and gives the premultiplied pixels Cairo draws with.
    package init(png: [UInt8]) throws {
        final class Reader {
            let bytes: [UInt8]
            var offset = 0
            init(_ b: [UInt8]) { bytes = b }
        }
        let reader = Reader(png)
        let read: cairo_read_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_READ_ERROR }
            let r = Unmanaged<Reader>.fromOpaque(closure).takeUnretainedValue()
            let n = Int(length)
            guard r.offset + n <= r.bytes.count else { return CAIRO_STATUS_READ_ERROR }
            for i in 0..<n { data[i] = r.bytes[r.offset + i] }
            r.offset += n
            return CAIRO_STATUS_SUCCESS
        }
        let decoded = try withExtendedLifetime(reader) {
            try Self.surface(cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(reader).toOpaque()),
                             what: "PNG")
        }
        defer { cairo_surface_destroy(decoded) }
        // Normalise to ARGB32 so `pixel` reads one layout.
        let w = cairo_image_surface_get_width(decoded), h = cairo_image_surface_get_height(decoded)
        let argb = try Self.surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, w, h), what: "image")
        defer { cairo_surface_destroy(argb) }
        if let cr = cairo_create(argb) {
            cairo_set_source_surface(cr, decoded, 0, 0)
            cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
            cairo_paint(cr)
            cairo_destroy(cr)
        }
        cairo_surface_flush(argb)
        let stride = Int(cairo_image_surface_get_stride(argb))
        let data = cairo_image_surface_get_data(argb).map { Array(UnsafeBufferPointer(start: $0, count: stride * Int(h))) }
        self.init(width: Int(w), height: Int(h), stride: stride, premultipliedARGB: data ?? [])
    }

    /// A Cairo surface that was created, or the error Cairo's drawing code reports for it.
    private static func surface(_ pointer: OpaquePointer?, what: String) throws -> OpaquePointer {
        guard let pointer else { throw CodecError("cannot create the \(what) surface") }
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(pointer)
            throw CodecError("cannot create the \(what) surface: \(String(cString: cairo_status_to_string(status)))")
        }
        return pointer
    }
}
