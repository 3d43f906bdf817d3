import CCairo
import SceneCodecs

extension RasterImage {
    /// The pixels of a drawn image surface, copied.
    init(surface: Surface) {
        let p = surface.pointer
        let height = Int(cairo_image_surface_get_height(p)), stride = Int(cairo_image_surface_get_stride(p))
        let data = cairo_image_surface_get_data(p).map { Array(UnsafeBufferPointer(start: $0, count: stride * height)) }
        self.init(width: Int(cairo_image_surface_get_width(p)), height: height, stride: stride,
                  premultipliedARGB: data ?? [])
    }
}
