import CommandLineOptions
import Glibc
import SceneLottie
import ScenecKit
import SceneModel
import SceneSyntax

/// `scenec export SCENE -o anim.json`: the scene and its timeline as a Lottie animation.
enum ExportCommand: Command {
    static let name = "export"
    static let summary = "export a scene and its timeline as a Lottie (Bodymovin) JSON animation"
    static let usage = """
        usage: scenec export SCENE -o ANIM.json [options]

        Writes SCENE and its timeline as a Lottie animation (Bodymovin JSON) that lottie-web,
        lottie-ios, lottie-android and rlottie play: each view a layer, its content shape
        groups, the timeline keyframes. Core Animation's cubic curves (linear, easeIn, easeOut,
        easeInEaseOut, default, cubicBezier) become the keyframes' own curves; springs and
        steps are sampled to keyframes at least once a frame, within 0.05 pt, 0.05°, 0.1 of
        a percentage (opacity, trim) or 0.002 of a colour component of scenec's own values.
        What Lottie cannot express (text)
        is left out with a warning that names the attribute and where it is written.
        The animation runs at the timeline's fps, one frame per scenec frame; a scene without
        a timeline is one frame. -o - writes to standard output.

        """

    static func run(_ args: Arguments<ExportOptions>) throws -> ExitStatus {
        guard args.positionals.count == 1, let scenePath = args.positionals.first else {
            throw UsageError(args.positionals.isEmpty ? "export needs a scene file" : "export takes one scene file")
        }
        let outputs = try args[ExportOptions.output]
        guard outputs.count == 1, let output = outputs.first else {
            throw UsageError(outputs.isEmpty ? "export needs an output: -o ANIM.json" : "export writes one file; give one -o")
        }
        if Files.sameFile(scenePath, output) {
            throw UsageError("the output '\(output)' is the scene file itself; refusing to overwrite it")
        }
        let options = try SceneOptions(args)
        let deadline = options.deadline()
        let loader = SceneLoader(limits: options)
        let compiled: SceneFile
        switch loader.load(scenePath) {
        case .scene(let s): compiled = s
        case .failed(let status):
            try options.reporter.finish()
            return status
        }
        let (scene, file, animated) = (compiled.animated.scene, compiled.source, compiled.animated)
        let exporter = LottieExporter(scene: scene, placed: animated.placed, sampler: animated.sampler,
                                      now: Environment.render.nowSecondsSinceMidnight, deadline: deadline)
        let base = scenePath == "-" ? "scene" : String(scenePath.split(separator: "/").last ?? "scene")
        let result: LottieExporter.Result
        do {
            result = try exporter.export(name: base.hasSuffix(".scene.yaml") ? String(base.dropLast(11)) : base)
        } catch {
            options.reporter.report([error.diagnostic(in: scene)], in: file)
            try options.reporter.finish()
            return .sceneError
        }
        options.reporter.report(result.warnings, in: file)
        try options.reporter.finish()
        do {
            try Files.write(Array(result.json.utf8), to: output)
        } catch let error as FileError {
            Console.fail(error.message)
            return .io
        }
        return .success
    }
}
