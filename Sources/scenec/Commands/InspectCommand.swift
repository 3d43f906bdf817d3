import CommandLineOptions
import FoundationEssentials
import ScenecKit
import SceneSupport
import SceneModel
import ScenecBuild
import ScenecOptions

/// `scenec inspect SCENE [--json]`
enum InspectCommand: Command {
    static let name = "inspect"
    static let summary = "list every view, its frame, and every attribute with its value and source"
    static let usage = """
        usage: scenec inspect SCENE [--json] [--wide] [--time T] [options]

        Shows each view with its address (views[1].children[0], which --set takes for any
        view), its placed frame (canvas coordinates) and every inspectable attribute: its
        value (a derived default computed for the view), where the value came from
        (default, style NAME, file, --set, or the timeline's animation that gives a value at
        --time) and whether it can be animated; then every timeline.animations[…] address
        --set takes, with its value. --json prints the same as one JSON document (its shape
        is in docs/commands.md).

        """

    static func run(_ args: Arguments<InspectOptions>) throws -> ExitStatus {
        guard args.positionals.count == 1, let scenePath = args.positionals.first else {
            throw UsageError(args.positionals.isEmpty ? "inspect needs a scene file" : "inspect takes one scene file")
        }
        let options = try SceneOptions(args)
        // `--time` when given, else the scene's `canvas.poster`: the check puts the moment there.
        var settings = options.settings
        settings.frontend.options.time = try args[InspectOptions.time]
        try AnimatedScene.checkTimeOption(settings.frontend.options.time)
        let loaded = settings.load(scenePath, sink: EventConsole(reporter: options.reporter).show)
        try options.reporter.finish()
        let scene: Scene
        switch loaded {
        case .success(let s): scene = s.animated.scene
        case .failure(let failed): return failed.status
        }
        let animated = AnimatedScene(scene)
        let time = scene.canvas.poster
        let report = InspectReport(scene: scene, placed: animated.views(at: time), sampler: animated.sampler, time: time)
        if args[InspectOptions.json] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let data = try encoder.encode(report)
            // Control characters are already `\uXXXX`; the invisible formatting ones become so too,
            // so that Console's escaping finds nothing to change and the JSON stays exact.
            Console.output(JSONValue.escapingInvisibles(String(decoding: data, as: UTF8.self)) + "\n")
        } else {
            Console.output(report.text(wide: args[InspectOptions.wide]))
        }
        return .success
    }
}
