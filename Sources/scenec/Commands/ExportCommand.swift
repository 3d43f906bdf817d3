import ScenecBuild
import CommandLineOptions
import Glibc
import SceneLottie
import ScenecKit
import SceneModel
import SceneSyntax
import ScenecOptions

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
        Text is glyph outlines (the player needs no fonts). What Lottie cannot express (a colour
        font's glyphs, a clock's time: now) is left out or approximated with a warning that
        names the attribute and where it is written.
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
        return try LottieExport(scenePath: scenePath, output: output, scene: options.settings)
            .run(sink: EventConsole(reporter: options.reporter).show, finishing: options.reporter.finish)
    }
}
