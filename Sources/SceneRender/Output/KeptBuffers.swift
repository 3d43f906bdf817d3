import CCairo
import SceneCodecs

/// Pixel surfaces and PNG encoders (with their scratch buffers) kept from one renderer for the
/// next. Made anew for each of the preview's pictures, their megabytes were mapped, faulted in
/// zeroed page by page and unmapped at every picture — a fifth of the server's time per picture
/// (bench/page-speed.sh) — since the preview returns every large block to the system
/// (PreviewServer.keepMemoryFlat). A surface is cleared before it is drawn on again and an
/// encoder's output does not depend on what it encoded before (frame sequences reuse both), so
/// the bytes are those of new ones. At most `keptEach` of each wait, none over `largest` bytes:
/// what stays is bounded whatever was drawn.
enum KeptBuffers {
    static let keptEach = 2
    static let largest = 16 << 20

    private static let surfaces = IdlePool<Surface>(capacity: keptEach)
    private static let encoders = IdlePool<PNGEncoder>(capacity: keptEach)

    /// An ARGB32 image surface of this size given back earlier (its pixels as left), or nil.
    static func surface(width: Int, height: Int) -> Surface? {
        surfaces.take {
            Int(cairo_image_surface_get_width($0.pointer)) == width && Int(cairo_image_surface_get_height($0.pointer)) == height
        }
    }

    /// An encoder of this setting given back earlier, or nil.
    static func encoder(_ compression: PNGCompression) -> PNGEncoder? {
        encoders.take { $0.compression == compression }
    }

    static func giveBack(_ surface: Surface) {
        guard cairo_surface_status(surface.pointer) == CAIRO_STATUS_SUCCESS,
              cairo_surface_get_type(surface.pointer) == CAIRO_SURFACE_TYPE_IMAGE,
              Int(cairo_image_surface_get_stride(surface.pointer)) * Int(cairo_image_surface_get_height(surface.pointer)) <= largest
        else { return }
        surfaces.put(surface)
    }

    static func giveBack(_ encoder: PNGEncoder) {
        guard encoder.scratchBytes <= largest else { return }
        encoders.put(encoder)
    }
}
