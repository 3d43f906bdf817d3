import CCairo
// The shared helpers (temporaryDirectory, write, runTool, python) for every file here.
@_exported import TestSupport
import XCTest
@testable import SceneCodecs

/// A Cairo image surface for test pictures and for Cairo's own PNG writer, the reference the
/// encoder is compared with.
final class TestSurface {
    let pointer: OpaquePointer

    convenience init(width: Int, height: Int) throws {
        try self.init(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height)))
    }

    init(_ pointer: OpaquePointer?) throws {
        guard let pointer, cairo_surface_status(pointer) == CAIRO_STATUS_SUCCESS else {
            if let pointer { cairo_surface_destroy(pointer) }
            throw XCTSkip("cannot create a Cairo surface")
        }
        self.pointer = pointer
    }

    deinit { cairo_surface_destroy(pointer) }

    /// The surface's pixels, copied.
    func image() -> RasterImage {
        let height = Int(cairo_image_surface_get_height(pointer)), stride = Int(cairo_image_surface_get_stride(pointer))
        let data = cairo_image_surface_get_data(pointer).map { Array(UnsafeBufferPointer(start: $0, count: stride * height)) }
        return RasterImage(width: Int(cairo_image_surface_get_width(pointer)), height: height, stride: stride,
                           premultipliedARGB: data ?? [])
    }

    /// `cairo_surface_write_to_png_stream`'s file.
    func writePNG() -> (cairo_status_t, [UInt8]) {
        final class Sink { var bytes: [UInt8] = [] }
        let sink = Sink()
        let status = withExtendedLifetime(sink) {
            cairo_surface_write_to_png_stream(pointer, { closure, data, length in
                guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes += UnsafeBufferPointer(start: data, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
        }
        return (status, sink.bytes)
    }
}

/// Frames for the animation encoders: `width` × `height` premultiplied pixels, each `color(x, y)`
/// as straight 0xAARRGGBB (alpha 0 or 255, so premultiplying loses nothing).
func frame(_ width: Int, _ height: Int, _ color: (Int, Int) -> UInt32) -> RasterImage {
    var data: [UInt8] = []
    data.reserveCapacity(width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            let c = color(x, y)
            let a = UInt8(c >> 24)
            data += a == 0 ? [0, 0, 0, 0] : [UInt8(c & 0xFF), UInt8(c >> 8 & 0xFF), UInt8(c >> 16 & 0xFF), a]
        }
    }
    return RasterImage(width: width, height: height, premultipliedARGB: data)
}
