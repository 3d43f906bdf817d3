import SceneCodecs
import SceneRender

/// `--png-compression`, shared by every command that writes PNG (render, frames, build).
enum PNGOptions {
    static let valued = ["--png-compression"]
    static let help = """
          --png-compression MODE   fast, default or small: PNG encoding time against file size,
                                   same pixels. fast: files ~3% larger, compression ~17% quicker;
                                   small: files ~5% smaller, compression ~5× slower; default:
                                   files no larger than Cairo's own PNG writer makes them
        """

    static func compression(_ args: Arguments) throws -> PNGCompression {
        guard let text = args.value("--png-compression") else { return .default }
        guard let mode = PNGCompression(rawValue: text) else {
            throw UsageError("--png-compression must be fast, default or small, not '\(text)'")
        }
        return mode
    }
}
