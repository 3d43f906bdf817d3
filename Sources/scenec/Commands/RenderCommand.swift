@preconcurrency import Glibc
import ScenecKit
import SceneModel
import SceneRender

/// `scenec render SCENE -o OUT.png|OUT.pdf|OUT.svg`
enum RenderCommand: Command {
    static let name = "render"
    static let summary = "render a scene to a PNG, PDF or SVG file"
    static let help = """
        usage: scenec render SCENE -o OUT.png|OUT.pdf|OUT.svg [options]

        Renders SCENE to one picture. The format follows the output's extension.

        options:
          -o, --output PATH        where to write ('-' for standard output)
          --format png|pdf|svg     the format, whatever the extension says
          --scale N                pixels per point for PNG (overrides the canvas's scale)
          --time T                 the moment of the timeline to draw: seconds, 1.5s, 250ms or
                                   12f (frames at the timeline's fps); default 0
          --depfile PATH           also write a Makefile-style list of the inputs (for ninja)
        \(SceneOptions.help)
          -h, --help               show this help
        """
    static let spec = Arguments.Spec(valued: ["--output", "--format", "--scale", "--time", "--depfile"] + SceneOptions.valued,
                                     flags: ["--help"] + SceneOptions.flags)

    static func run(_ args: Arguments) throws -> ExitStatus {
        guard args.positionals.count == 1, let scenePath = args.positionals.first else {
            throw UsageError(args.positionals.isEmpty ? "render needs a scene file" : "render takes one scene file")
        }
        guard let output = args.value("--output") else {
            throw UsageError("render needs an output: -o OUT.png, OUT.pdf or OUT.svg")
        }
        let format = try outputFormat(args.value("--format"), output: output)
        if Files.sameFile(scenePath, output) {
            throw UsageError("the output '\(output)' is the scene file itself; refusing to overwrite it")
        }
        var limits = try SceneOptions(args)
        limits.frontend.options.scaleOverride = try args.positiveNumber("--scale")
        let scene: Scene
        switch SceneLoader(limits: limits).load(scenePath) {
        case .scene(let s, _): scene = s
        case .failed(let status): return status
        }
        let animated = AnimatedScene(scene)
        let placed = animated.views(at: try AnimatedScene.time(args.value("--time"), fps: animated.fileFPS))
        let renderer = Renderer(canvas: scene.canvas, environment: Environment.render,
                                sourceDateEpoch: Environment.sourceDateEpoch)
        let bytes: [UInt8]
        do {
            bytes = try renderer.render(placed, as: format)
        } catch {
            Console.fail("cannot render '\(scenePath)': \(error)")
            return .sceneError
        }
        do {
            try Files.write(bytes, to: output)
            if let depfile = args.value("--depfile") {
                try Depfile.write(depfile, output: output, inputs: [scenePath])
            }
        } catch let error as FileError {
            Console.fail(error.message)
            return .io
        }
        return .success
    }

    static func outputFormat(_ explicit: String?, output: String) throws -> OutputFormat {
        if let explicit {
            guard let f = OutputFormat(rawValue: explicit) else {
                throw UsageError("--format must be png, pdf or svg, not '\(explicit)'")
            }
            return f
        }
        guard let f = OutputFormat(path: output) else {
            throw UsageError("cannot tell the format of '\(output)'; end it in .png, .pdf or .svg, or give --format")
        }
        return f
    }
}
