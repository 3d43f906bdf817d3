import ScenecBuild
import CommandLineOptions
import SceneCodecs

/// `--png-compression`, shared by every command that writes PNG (render, frames, build).
package enum PNGOptions {
    package static let compression = Option<PNGCompression, Shared>.choice(
        "--png-compression", value: "MODE",
        help: "fast, default or small: PNG encoding time against file size, same pixels. fast: files ~3% larger, "
            + "compression ~17% quicker; small: files ~5% smaller, compression ~5× slower; default: files no larger "
            + "than Cairo's own PNG writer makes them",
        default: .default, showDefault: false, group: "PNG")
    package static let all = declarations(compression)
}
