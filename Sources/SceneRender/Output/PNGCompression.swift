/// How hard scenec compresses PNG files (`--png-compression`). Every setting writes the same
/// pixels; they trade encoding time for file size. The levels are libdeflate's, chosen by
/// measurement on our frames and example scenes (bench/README.md):
/// - `fast`: level 2, the quickest level here (libdeflate's level 1 is a different, greedy
///   parser that ran slower on our frames and made larger files), files ~3% larger than `default`.
/// - `default`: level 6, files smaller than `cairo_surface_write_to_png`'s, several times faster.
/// - `small`: level 9, files ~6% smaller than `default`, encoding ~3–4× as long. (Levels 10–12,
///   libdeflate's optimal parsing, save another ~5% at 20–100× the time: not offered.)
public enum PNGCompression: String, Sendable, CaseIterable {
    case fast
    case `default`
    case small

    /// libdeflate's compression level (1–12).
    var deflateLevel: Int32 {
        switch self {
        case .fast: return 2
        case .default: return 6
        case .small: return 9
        }
    }
}
