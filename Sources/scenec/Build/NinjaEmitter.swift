import SceneModel
import SceneSyntax

/// Writes the Ninja file for a build: the edges, and the flags every edge's command shares.
enum NinjaEmitter {
    static func emit(_ scenes: [SceneEntry], plan: BuildCommand.Plan, args: Arguments<BuildOptions>, to path: String,
                     reporter: DiagnosticReporter) throws -> ExitStatus {
        guard plan.animated != .frames else {
            throw UsageError("--emit-ninja builds stills, flipbooks and animated files; --animated frames has no fixed list of outputs")
        }
        var flags = plan.overrides.flatMap { ["--set", $0] }
        if !flags.isEmpty { flags.append("--set-where-present") }
        if let scale = plan.scale { flags += ["--scale", formatNumber(scale)] }
        let appearance = plan.options.frontend.options.appearance
        if appearance != .light { flags += ["--appearance", appearance.rawValue] }
        if plan.pngCompression != .default { flags += ["--png-compression", plan.pngCompression.rawValue] }
        for sink in reporter.sinks where sink.file == nil && sink.format != .text {
            guard sink.format == .github else {
                throw UsageError("with --emit-ninja, --diagnostics may be text or github: each edge prints its own, and a JSON array or a file would be overwritten by the next")
            }
            flags += ["--diagnostics", "github"]
        }
        // Every edge reads from the build's project, wherever Ninja runs it, within the budgets
        // the build was given (the defaults need no flag).
        flags += ProjectOptions.arguments(plan.options.scope)
        for option in LimitOptions.all + [SceneTimeoutOption.sceneTimeout.declaration] {
            if let value = args.words(of: option).last { flags += [option.name, value] }
        }
        var edges: [NinjaWriter.Edge] = []
        for scene in scenes {
            let stills = plan.formats.map { "\(plan.outDir)/\(scene.outputStem).\($0.rawValue)" }
            edges.append(NinjaWriter.Edge(outputs: stills, input: scene.path, rule: "render"))
            // `scenec frames -o OUT` makes a flipbook or an animated file by the output's extension.
            let moving = OutputGroup.all(formats: [], animated: plan.animated, hasTimeline: true, preview: false)
            if let group = moving.first, hasTimeline(scene, plan.options) {
                edges.append(NinjaWriter.Edge(outputs: ["\(plan.outDir)/\(group.claimedName(stem: scene.outputStem))"],
                                              input: scene.path, rule: "frames"))
            }
        }
        // Every name goes into the file before any is written, so one that cannot leaves no file.
        let scenec = BuildCommand.executablePath()
        var refused: Set<String> = []
        for edge in edges where !refused.contains(edge.input) {
            guard let name = NinjaWriter.unwritable([edge.input] + edge.outputs) else { continue }
            reporter.error(refusal(name), path: edge.input)
            refused.insert(edge.input)
        }
        if !refused.isEmpty { return .sceneError }
        if let name = NinjaWriter.unwritable([scenec] + flags) {
            throw UsageError(refusal(name))
        }
        let text = NinjaWriter.file(scenec: scenec, flags: flags, edges: edges)
        try Files.write(Array(text.utf8), to: path)
        Console.line("scenec build: wrote \(path) with \(edges.count) edges for \(scenes.count) scenes")
        return .success
    }

    /// Why a name cannot go into the Ninja file (shown escaped, as every name is).
    static func refusal(_ name: String) -> String {
        "--emit-ninja cannot write '\(name.escaped(.text))' into a Ninja file: a name with a line break or another control character cannot be written there; rename it"
    }

    /// Whether a scene would have a flipbook; a scene that does not check gets none here, and
    /// its render edge reports its errors.
    static func hasTimeline(_ scene: SceneEntry, _ options: SceneOptions) -> Bool {
        guard let read = try? Files.readScene(scene.path, limit: options.maxFileSize, scope: options.scope), !read.tooLarge else { return false }
        return options.frontend.compile(.init(name: scene.path, bytes: read.bytes)).scene?.timeline != nil
    }
}
