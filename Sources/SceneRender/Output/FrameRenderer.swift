import Glibc
import CCairo
import SceneCodecs
import SceneLayout

/// Draws and encodes picture after picture in one format for one renderer, keeping what can be
/// kept between them: the pixel buffer and the PNG compressor. Not thread-safe: a frame
/// sequence keeps one per thread.
public final class FrameRenderer {
    public let renderer: Renderer
    public let format: OutputFormat
    private var surface: Surface?
    private var encoder: PNGEncoder?

    public init(_ renderer: Renderer, format: OutputFormat) {
        self.renderer = renderer
        self.format = format
    }

    /// The bytes of the file for `views`; the same views give the same bytes, whatever was
    /// rendered before.
    public func render(_ views: [PlacedView]) throws -> [UInt8] {
        guard format == .png else { return try renderer.render(views, as: format) }
        let surface = try blankSurface()
        try renderer.draw(views, on: surface, scale: renderer.canvas.scale)
        cairo_surface_flush(surface.pointer)
        let encoder = try encoder ?? PNGEncoder(compression: renderer.pngCompression)
        self.encoder = encoder
        return try surface.withPixels { pixels, width, height, stride in
            try encoder.encode(pixels, width: width, height: height, stride: stride)
        }
    }

    /// The picture's surface, all transparent black as a new one is.
    private func blankSurface() throws -> Surface {
        if let surface {
            try surface.withPixels { pixels, _, _, _ in
                if let base = pixels.baseAddress { memset(UnsafeMutableRawPointer(mutating: base), 0, pixels.count) }
            }
            cairo_surface_mark_dirty(surface.pointer)
            return surface
        }
        let (w, h) = renderer.pixelSize
        let created = try Surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)), what: "image")
        surface = created
        return created
    }
}
