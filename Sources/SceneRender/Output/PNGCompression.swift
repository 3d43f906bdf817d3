/// How hard scenec compresses PNG files (`--png-compression`). Every setting writes the same
/// pixels; they trade encoding time for file size. The levels are libdeflate's, chosen by
/// measurement on flat vector frames (bench/README.md):
/// - `fast`: level 1, about twice as fast as `default`, files ~5% larger (still smaller than
///   Cairo's own writer makes them).
/// - `default`: level 6, files no larger than `cairo_surface_write_to_png`'s, several times faster.
/// - `small`: level 9, ~5% smaller than `default` at several times its encoding time.
public enum PNGCompression: String, Sendable, CaseIterable {
    case fast
    case `default`
    case small

    /// libdeflate's compression level (1–12).
    var deflateLevel: Int32 {
        switch self {
        case .fast: return 1
        case .default: return 6
        case .small: return 9
        }
    }
}
