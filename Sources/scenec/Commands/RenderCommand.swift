import CommandLineOptions
import Glibc
import ScenecKit
import SceneModel
import SceneRender

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
        let compression = try args[RenderOptions.pngCompression]
        let deadline = limits.deadline()
        let compiled: SceneFile
        switch SceneLoader(limits: limits).load(scenePath) {
        case .scene(let s): compiled = s
        case .failed(let status):
            try limits.reporter.finish()
            return status
        }
        let scene = compiled.animated.scene
        let time = try AnimatedScene.time(try args[RenderOptions.time], fps: compiled.fps)
        var environment = Environment.render
        environment.deadline = deadline
        let settings = SceneFile.RenderSettings(environment: environment, sourceDateEpoch: Environment.sourceDateEpoch,
                                                pngCompression: compression)
        // Every picture is made before any is written, so a failure leaves all outputs as they were.
        var pictures: [(path: String, bytes: [UInt8])] = []
        do {
            let renderer = compiled.renderer(settings)
            let placed = compiled.animated.views(at: time)
            for target in targets {
                var renderer = renderer
                if let scale = target.scale { renderer.canvas.scale = scale }
                pictures.append((target.path, try renderer.render(placed, as: target.format)))
            }
        } catch let timeout as SceneTimeout {
            limits.reporter.report([timeout.diagnostic(in: scene)], in: compiled.source)
            try limits.reporter.finish()
            return .sceneError
        } catch {
            try limits.reporter.finish()
            Console.fail("cannot render '\(scenePath)': \(error)")
            return .sceneError
        }
        try limits.reporter.finish()
        do {
            for picture in pictures { try Files.write(picture.bytes, to: picture.path) }
            if let depfile = try args[RenderOptions.depfile] {
                let unnamed = try Depfile.write(depfile, outputs: targets.map(\.path), scene: scenePath,
                                                inputs: scene.fonts.map(\.path) + scene.importedFiles)
                Depfile.warn(unnamed, depfile: depfile)
            }
        } catch let error as FileError {
            Console.fail(error.message)
            return .io
        }
        return .success
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
