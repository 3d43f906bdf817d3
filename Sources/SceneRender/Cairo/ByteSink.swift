import CCairo

/// Collects what a Cairo stream surface or PNG writer emits, so files are written whole by the
/// caller (atomically) and never half-written by Cairo.
final class ByteSink {
    var bytes: [UInt8] = []

    /// The C callback Cairo calls with each chunk; `closure` is this sink, unretained.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        if let data, length > 0 {
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        }
        return CAIRO_STATUS_SUCCESS
    }

    /// Runs `body` with the pointer Cairo passes back to `write`, keeping the sink alive meanwhile.
    func withClosure<R>(_ body: (UnsafeMutableRawPointer) throws -> R) rethrows -> R {
        try withExtendedLifetime(self) {
            try body(Unmanaged.passUnretained(self).toOpaque())
        }
    }
}

/// A Cairo failure, in Cairo's words.
public struct RenderError: Error, CustomStringConvertible {
    public var description: String

    init(_ what: String, status: cairo_status_t) {
        description = "\(what): \(String(cString: cairo_status_to_string(status)))"
    }

    public init(_ message: String) {
        description = message
    }
}

/// Owns a `cairo_surface_t`.
final class Surface {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer?, what: String) throws {
        guard let pointer else { throw RenderError("cannot create the \(what) surface") }
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(pointer)
            throw RenderError("cannot create the \(what) surface", status: status)
        }
        self.pointer = pointer
    }

    deinit {
        cairo_surface_destroy(pointer)
    }

    /// The pixels of an image surface: its bytes, width, height and bytes a row.
    func withPixels<R>(_ body: (UnsafeRawBufferPointer, Int, Int, Int) throws -> R) throws -> R {
        let width = Int(cairo_image_surface_get_width(pointer)), height = Int(cairo_image_surface_get_height(pointer))
        let stride = Int(cairo_image_surface_get_stride(pointer))
        guard let data = cairo_image_surface_get_data(pointer) else { throw RenderError("the picture has no pixels") }
        return try body(UnsafeRawBufferPointer(start: data, count: stride * height), width, height, stride)
    }

    /// Flushes everything to the stream; errors surface here (e.g. a failed write).
    func finish(what: String) throws {
        cairo_surface_finish(pointer)
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else { throw RenderError("writing \(what) failed", status: status) }
    }
}
