import Glibc
import CCairo
import SceneCodecs
import SceneLayout

/// Draws and encodes picture after picture in one format for one renderer, keeping what can be
/// kept between them: the pixel buffer and the PNG compressor. Not thread-safe: a frame
/// sequence keeps one per thread. When it is done, both go to `KeptBuffers` for the next
/// renderer's first picture (the preview's every picture is a new renderer's first).
public final class FrameRenderer {
    public let renderer: Renderer
    public let format: OutputFormat
    private var surface: Surface?
    private var encoder: PNGEncoder?

    public init(_ renderer: Renderer, format: OutputFormat) {
        self.renderer = renderer
        self.format = format
    }

    deinit {
        if let surface { KeptBuffers.giveBack(surface) }
        if let encoder { KeptBuffers.giveBack(encoder) }
    }

    /// The bytes of the file for `views`; the same views give the same bytes, whatever was
    /// rendered before.
    public func render(_ views: [PlacedView]) throws -> [UInt8] {
        guard format == .png else { return try renderer.render(views, as: format) }
        let surface = try blankSurface()
        try renderer.draw(views, on: surface, scale: renderer.canvas.scale)
        cairo_surface_flush(surface.pointer)
        let encoder = try encoder ?? KeptBuffers.encoder(renderer.pngCompression) ?? PNGEncoder(compression: renderer.pngCompression)
        self.encoder = encoder
        return try surface.withPixels { pixels, width, height, stride in
            try encoder.encode(pixels, width: width, height: height, stride: stride)
        }
    }

    /// The picture's surface, all transparent black as a new one is.
    private func blankSurface() throws -> Surface {
        let (w, h) = renderer.pixelSize
        if let kept = surface ?? KeptBuffers.surface(width: w, height: h) {
            try kept.withPixels { pixels, _, _, _ in
                if let base = pixels.baseAddress { memset(UnsafeMutableRawPointer(mutating: base), 0, pixels.count) }
            }
            cairo_surface_mark_dirty(kept.pointer)
            surface = kept
            return kept
        }
        let created = try Surface(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h)), what: "image")
        surface = created
        return created
    }
}
