import CommandLineOptions
import Glibc
import ScenecKit
import SceneModel
import SceneRender
import ScenecBuild
import ScenecOptions

/// `scenec render SCENE -o OUT.png|OUT.pdf|OUT.svg`
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "render a scene to a PNG, PDF or SVG file"
    static let usage = """
        usage: scenec render SCENE -o OUT.png|OUT.pdf|OUT.svg [-o OUT2…] [options]

        Renders SCENE to a picture. The format follows the output's extension. Several -o
        write several formats of the same picture, checking the scene once. -o - writes to
        standard output: PNG unless --format says otherwise (refused on a terminal).

        """

    static func run(_ args: Arguments<RenderOptions>) throws -> ExitStatus {
        guard args[RenderOptions.watch] else { return try renderOnce(args) }
        guard let scenePath = args.positionals.first, scenePath != "-", try !args[RenderOptions.output].contains("-") else {
            throw UsageError("--watch needs a scene file and output files, not standard input or output")
        }
        let options = try SceneOptions(args)
        return try WatchLoop.run("render", inputs: { .init(paths: options.watchedFiles(scenePath)) }) { try renderOnce(args) }
    }

    static func renderOnce(_ args: Arguments<RenderOptions>) throws -> ExitStatus {
        guard args.positionals.count == 1, let scenePath = args.positionals.first else {
            throw UsageError(args.positionals.isEmpty ? "render needs a scene file" : "render takes one scene file")
        }
        let outputs = try args[RenderOptions.output]
        guard !outputs.isEmpty else {
            throw UsageError("render needs an output: -o OUT.png, OUT.pdf or OUT.svg")
        }
        if outputs.count > 1, args.isGiven(RenderOptions.format.declaration) {
            throw UsageError("--format goes with one output; with several, each output's extension names its format")
        }
        let scales = try args[RenderOptions.scales]
        let format = try args[RenderOptions.format]
        let targets = try scaledTargets(try outputs.map { (path: $0, format: try outputFormat(format, output: $0)) },
                                        scales: scales, args)
        for target in targets where Files.sameFile(scenePath, target.path) {
            throw UsageError("the output '\(target.path)' is the scene file itself; refusing to overwrite it")
        }
        var limits = try SceneOptions(args)
        // The largest scale is the one the pixel limits are checked at.
        limits.frontend.options.scaleOverride = try scales?.last ?? args[RenderOptions.scale]
        if scales != nil { limits.frontend.options.scaleOverrideOption = RenderOptions.scales.declaration.name }
        var plan = PicturePlan(scenePath: scenePath, targets: targets.map { PicturePlan.Target(path: $0.path, format: $0.format, scale: $0.scale) },
                               scene: limits.settings)
        plan.pngCompression = try args[RenderOptions.pngCompression]
        plan.time = try args[RenderOptions.time]
        plan.depfile = try args[RenderOptions.depfile]
        return try plan.run(sink: EventConsole(reporter: limits.reporter).show, finishing: limits.reporter.finish)
    }

    /// The files to write: with `--scales`, each PNG output once per scale (`icon@2x.png`);
    /// PDF and SVG, which have no pixels, once.
    static func scaledTargets(_ targets: [(path: String, format: OutputFormat)], scales: [Double]?,
                              _ args: Arguments<RenderOptions>) throws -> [(path: String, format: OutputFormat, scale: Double?)] {
        guard let scales else { return targets.map { ($0.path, $0.format, nil) } }
        if args.isGiven(RenderOptions.scale.declaration) {
            throw UsageError("--scale and --scales both set the pixels per point; give one of them")
        }
        if targets.contains(where: { $0.path == "-" }) {
            throw UsageError("--scales writes a file per scale, and -o - is a single stream; give a file name (-o icon.png)")
        }
        guard targets.contains(where: { $0.format == .png }) else {
            throw UsageError("--scales makes PNGs at several scales, and none of the outputs is a PNG")
        }
        return targets.flatMap { target in
            target.format == .png ? scales.map { (Scales.path(target.path, scale: $0), target.format, $0) }
                                  : [(target.path, target.format, nil)]
        }
    }

    static func outputFormat(_ explicit: OutputFormat?, output: String) throws -> OutputFormat {
        if let explicit { return explicit }
        if output == "-" {
            // A pipe or a file wants PNG unless told otherwise; a terminal wants no bytes at all.
            guard !Console.outputIsTerminal else {
                throw UsageError("-o - would write the picture to this terminal; give a file (-o out.png), or pipe it (-o - | …), with --format for PDF or SVG")
            }
            return .png
        }
        guard let f = OutputFormat(path: output) else {
            throw UsageError("cannot tell the format of '\(output)'; end it in .png, .pdf or .svg, or give --format")
        }
        return f
    }
}
