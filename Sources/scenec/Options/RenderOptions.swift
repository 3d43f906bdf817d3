import CommandLineOptions
import SceneRender

/// `scenec render`'s options.
enum RenderOptions: CommandOptions {
    static let output = Option<[String], RenderOptions>.repeated(
        "--output", aliases: ["-o"], value: "PATH", help: "where to write ('-' for standard output); repeatable", path: true)
    static let format = Option<OutputFormat?, RenderOptions>.choice(
        "--format", value: "png|pdf|svg", help: "the format, whatever the extension says (one output only)")

    static let all = [output.declaration, format.declaration, OutputOptions.scale.declaration,
                      OutputOptions.scales.declaration, OutputOptions.time.declaration, OutputOptions.depfile.declaration,
                      OutputOptions.watch.declaration]
        + PNGOptions.all + SceneOptionGroups.all + [StandardOptions.help.declaration]
}
