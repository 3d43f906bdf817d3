import ScenecKit
import ScenecBuild
import ScenecOptions

/// `scenec preview SCENE --static -o sheet.html [--vary …] [--time T]`: the preview as one HTML
/// file (see `StaticSheet`), written atomically like every output.
enum StaticSheetCommand {
    static func run(_ args: Arguments<PreviewOptions>, scenePath: String, variants: Variants) throws -> ExitStatus {
        let outputs = try args[PreviewOptions.output]
        guard outputs.count == 1, let output = outputs.first else {
            throw UsageError("--static writes one file: give -o SHEET.html")
        }
        if Files.sameFile(scenePath, output) {
            throw UsageError("the output '\(output)' is the scene file itself; refusing to overwrite it")
        }
        let limits = try SceneOptions(args)
        return try PreviewSheet(scenePath: scenePath, output: output, scene: limits.settings, overrides: try args[PreviewOptions.set],
                                variants: variants, time: try args[PreviewOptions.time])
            .run(sink: EventConsole(reporter: limits.reporter).show, finishing: limits.reporter.finish)
    }
}
