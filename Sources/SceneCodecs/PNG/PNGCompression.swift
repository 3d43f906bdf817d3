/// How hard scenec compresses PNG files (`--png-compression`). Every setting writes the same
/// pixels; they trade encoding time for file size. The levels are libdeflate's, chosen with
/// `make bench-encoders` over the example scenes and frames of the bench's ring (bench/README.md):
/// - `fast`: level 2, the quickest level here (libdeflate's level 1, a different greedy parser,
///   ran slower on our pictures and made larger files): ~17% less compression time than
///   `default`, files ~3% larger.
/// - `default`: level 6: files smaller than `cairo_surface_write_to_png`'s (zlib 6, adaptive
///   filters) on every example scene, in less than half of zlib 6's compression time alone.
/// - `small`: level 9: files ~5% smaller than `default`, ~5× its compression time. Levels 10–12
///   (optimal parsing) save another ~6% at ~75× `default`'s time: not offered.
///
/// `passing` (level 1) is the preview's, for the pictures it shows while a control is dragged and
/// replaces when it stops: on the showcase at 800×500 it deflates in 2.0 ms against level 2's
/// 3.2 ms, 1.6% larger; not offered on the command line (`allCases`), where `fast` keeps the
/// level measured on the example scenes.
public enum PNGCompression: String, Sendable, CaseIterable {
    case passing
    case fast
    case `default`
    case small

    /// libdeflate's compression level (1–12).
    var deflateLevel: Int32 {
        switch self {
        case .passing: return 1
        case .fast: return 2
        case .default: return 6
        case .small: return 9
        }
    }

    /// The settings `--png-compression` offers.
    public static let allCases: [PNGCompression] = [.fast, .default, .small]
}
