import SceneFiles
import SceneModel
import SceneSyntax

/// Writes the Ninja file for a build: the edges, and the flags every edge's command shares.
struct NinjaEmitter {
    var plan: BuildPlan
    var ninja: BuildPlan.NinjaPlan
    var sink: BuildSink

    func emit(_ scenes: [SceneEntry]) throws -> ExitStatus {
        guard plan.animated != .frames else {
            throw PlanError("--emit-ninja builds stills, flipbooks and animated files; --animated frames has no fixed list of outputs")
        }
        var flags = plan.overrides.flatMap { ["--set", $0] }
        if !flags.isEmpty { flags.append("--set-where-present") }
        if let scale = plan.scale { flags += ["--scale", formatNumber(scale)] }
        let appearance = plan.scene.frontend.options.appearance
        if appearance != .light { flags += ["--appearance", appearance.rawValue] }
        if plan.pngCompression != .default { flags += ["--png-compression", plan.pngCompression.rawValue] }
        guard let diagnostics = ninja.diagnostics else {
            throw PlanError("with --emit-ninja, --diagnostics may be text or github: each edge prints its own, and a JSON array or a file would be overwritten by the next")
        }
        // Every edge reads from the build's project, wherever Ninja runs it, within the budgets
        // the build was given (the defaults need no flag).
        flags += diagnostics + ninja.project + ninja.budgets
        var edges: [NinjaWriter.Edge] = []
        for scene in scenes {
            let stills = plan.formats.map { "\(plan.outDir)/\(scene.outputStem).\($0.rawValue)" }
            edges.append(NinjaWriter.Edge(outputs: stills, input: scene.path, rule: "render"))
            // `scenec frames -o OUT` makes a flipbook or an animated file by the output's extension.
            let moving = OutputGroup.all(formats: [], animated: plan.animated, hasTimeline: true, preview: false)
            if let group = moving.first, hasTimeline(scene) {
                edges.append(NinjaWriter.Edge(outputs: ["\(plan.outDir)/\(group.claimedName(stem: scene.outputStem))"],
                                              input: scene.path, rule: "frames"))
            }
        }
        // Every name goes into the file before any is written, so one that cannot leaves no file.
        var refused: Set<String> = []
        for edge in edges where !refused.contains(edge.input) {
            guard let name = NinjaWriter.unwritable([edge.input] + edge.outputs) else { continue }
            sink(.fileError(Self.refusal(name), path: edge.input))
            refused.insert(edge.input)
        }
        if !refused.isEmpty { return .sceneError }
        if let name = NinjaWriter.unwritable([ninja.scenec] + flags) {
            throw PlanError(Self.refusal(name))
        }
        let text = NinjaWriter.file(scenec: ninja.scenec, flags: flags, edges: edges)
        try Files.write(Array(text.utf8), to: ninja.path)
        sink(.ninjaWritten(path: ninja.path, edges: edges.count, scenes: scenes.count))
        return .success
    }

    /// Why a name cannot go into the Ninja file (shown escaped, as every name is).
    static func refusal(_ name: String) -> String {
        "--emit-ninja cannot write '\(name.escaped(.text))' into a Ninja file: a name with a line break or another control character cannot be written there; rename it"
    }

    /// Whether a scene would have a flipbook; a scene that does not check gets none here, and
    /// its render edge reports its errors.
    func hasTimeline(_ scene: SceneEntry) -> Bool {
        let options = plan.scene
        guard let read = try? Files.readScene(scene.path, limit: options.maxFileSize, scope: options.scope), !read.tooLarge else { return false }
        return options.frontend.compile(.init(name: scene.path, bytes: read.bytes)).scene?.timeline != nil
    }
}
