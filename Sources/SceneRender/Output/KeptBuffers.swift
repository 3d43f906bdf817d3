import CCairo
import SceneCodecs
import Synchronization

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

    /// A class's instances handed between threads under the lock, one holder at a time.
    private struct Idle: @unchecked Sendable {
        var surfaces: [Surface] = []
        var encoders: [PNGEncoder] = []
    }

    private static let idle = Mutex(Idle())

    /// An ARGB32 image surface of this size given back earlier (its pixels as left), or nil.
    static func surface(width: Int, height: Int) -> Surface? {
        let kept = idle.withLock { idle -> Idle? in
            guard let i = idle.surfaces.firstIndex(where: {
                Int(cairo_image_surface_get_width($0.pointer)) == width && Int(cairo_image_surface_get_height($0.pointer)) == height
            }) else { return nil }
            return Idle(surfaces: [idle.surfaces.remove(at: i)])
        }
        return kept?.surfaces.first
    }

    /// An encoder of this setting given back earlier, or nil.
    static func encoder(_ compression: PNGCompression) -> PNGEncoder? {
        let kept = idle.withLock { idle -> Idle? in
            guard let i = idle.encoders.firstIndex(where: { $0.compression == compression }) else { return nil }
            return Idle(encoders: [idle.encoders.remove(at: i)])
        }
        return kept?.encoders.first
    }

    static func giveBack(_ surface: Surface) {
        guard cairo_surface_status(surface.pointer) == CAIRO_STATUS_SUCCESS,
              cairo_surface_get_type(surface.pointer) == CAIRO_SURFACE_TYPE_IMAGE,
              Int(cairo_image_surface_get_stride(surface.pointer)) * Int(cairo_image_surface_get_height(surface.pointer)) <= largest
        else { return }
        let given = Idle(surfaces: [surface])
        idle.withLock { idle in
            idle.surfaces.append(contentsOf: given.surfaces)
            if idle.surfaces.count > keptEach { idle.surfaces.removeFirst(idle.surfaces.count - keptEach) }
        }
    }

    static func giveBack(_ encoder: PNGEncoder) {
        guard encoder.scratchBytes <= largest else { return }
        let given = Idle(encoders: [encoder])
        idle.withLock { idle in
            idle.encoders.append(contentsOf: given.encoders)
            if idle.encoders.count > keptEach { idle.encoders.removeFirst(idle.encoders.count - keptEach) }
        }
    }
}
