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
        let (surface, encoder) = try drawn(views)
        return try surface.withPixels { pixels, width, height, stride in
            try encoder.encode(pixels, width: width, height: height, stride: stride)
        }
    }

    /// The picture for `views` as the PNGs of the rectangles where it differs from `base` — the
    /// pixels a reader shows already — and its own pixels, the next picture's base, when they
    /// are at most `keptBytes`. With no base of its size, or when over half of it changed, one
    /// PNG of the whole (the bytes `render` gives); none when nothing changed. PNG only.
    public func patches(_ views: [PlacedView], over base: RasterImage?,
                        keptBytes: Int) throws -> (pixels: RasterImage?, patches: [PicturePatch]) {
        precondition(format == .png, "patches are PNGs")
        let (surface, encoder) = try drawn(views)
        let patches = try surface.withPixels { bytes, width, height, stride -> [PicturePatch] in
            let whole = PixelRect(x: 0, y: 0, width: width, height: height)
            var regions = [whole]
            if let base, base.width == width, base.height == height, base.data.count >= base.stride * height {
                regions = base.data.withUnsafeBytes { old in
                    ChangedRegion.rectangles(between: old.baseAddress!, stride: base.stride, bytes.baseAddress!, stride: stride,
                                             width: width, height: height)
                }
                if regions.reduce(0, { $0 + $1.area }) * 2 > whole.area { regions = [whole] }
            }
            return try regions.map { r in
                let start = r.y * stride + r.x * 4
                let corner = UnsafeRawBufferPointer(rebasing: bytes[start...])
                return PicturePatch(x: r.x, y: r.y, width: r.width, height: r.height,
                                    png: try encoder.encode(corner, width: r.width, height: r.height, stride: stride))
            }
        }
        let stride = Int(cairo_image_surface_get_stride(surface.pointer))
        let kept = stride * Int(cairo_image_surface_get_height(surface.pointer)) <= keptBytes ? RasterImage(surface: surface) : nil
        return (kept, patches)
    }

    /// `views` drawn on the picture's surface, and the encoder for it (both kept for the next).
    private func drawn(_ views: [PlacedView]) throws -> (Surface, PNGEncoder) {
        let surface = try blankSurface()
        try renderer.draw(views, on: surface, scale: renderer.canvas.scale)
        cairo_surface_flush(surface.pointer)
        let encoder = try encoder ?? KeptBuffers.encoder(renderer.pngCompression) ?? PNGEncoder(compression: renderer.pngCompression)
        self.encoder = encoder
        return (surface, encoder)
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

/// A rectangle of a picture, at (`x`, `y`) pixels from its top left, as a PNG of its own.
public struct PicturePatch: Sendable {
    public let x: Int
    public let y: Int
    public let width: Int
    public let height: Int
    public let png: [UInt8]
}
