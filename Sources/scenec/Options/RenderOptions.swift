import ScenecBuild
import CommandLineOptions
import SceneRender
import ScenecOptions

/// `scenec render`'s options.
enum RenderOptions: MaySkipSets, WritesPNG, Watches {
    static let output = Option<[String], RenderOptions>.repeated(
        "--output", aliases: ["-o"], value: "PATH", help: "where to write ('-' for standard output); repeatable", path: true)
    static let format = Option<OutputFormat?, RenderOptions>.choice(
        "--format", value: "png|pdf|svg", help: "the format, whatever the extension says (one output only)")
    static let scale = Option<Double?, RenderOptions>(OutputOptions.scale)
    static let scales = Option<[Double]?, RenderOptions>(OutputOptions.scales)
    static let time = Option<String?, RenderOptions>(OutputOptions.time)
    static let depfile = Option<String?, RenderOptions>(OutputOptions.depfile)

    static let all = declarations(output, format, scale, scales, time, depfile, OutputOptions.watch)
        + PNGOptions.all + SceneOptionGroups.all + declarations(StandardOptions.help)
}
