import SceneFiles
import SceneModel
import SceneSyntax

/// Writes the Ninja file for a build: an edge per batch of scenes (NinjaBatches), and the flags
/// every edge's command shares (NinjaWriter says why this form).
struct NinjaEmitter {
    var plan: BuildPlan
    var ninja: BuildPlan.NinjaPlan
    var sink: BuildSink

    func emit(_ scenes: [SceneEntry]) throws -> ExitStatus {
        guard plan.animated != .frames else {
            throw PlanError("--emit-ninja builds stills, flipbooks and animated files; --animated frames has no fixed list of outputs")
        }
        let paths = try NinjaPaths(ninjaFile: ninja.path)
        // Each edge builds its scenes as `build` would; one scene failing does not stop the others.
        var flags = ["--formats", plan.formats.map(\.rawValue).joined(separator: ",")]
        if plan.animated != .still { flags += ["--animated", plan.animated.rawValue] }
        flags.append("--keep-going")
        // Each edge prunes what its own folder's manifest lists as stale; a folder left with no
        // scene has no edge, and `ninja -t cleandead` removes its outputs (docs/ci.md).
        if plan.prune { flags.append("--prune") }
        if plan.warningsAreErrors { flags.append("--werror") }
        flags += plan.overrides.flatMap { ["--set", $0] }
        if !plan.overrides.isEmpty { flags.append("--set-where-present") }
        if let scale = plan.scale { flags += ["--scale", formatNumber(scale)] }
        if let time = plan.time { flags += ["--time", time] }
        let appearance = plan.scene.frontend.options.appearance
        if appearance != .light { flags += ["--appearance", appearance.rawValue] }
        if plan.pngCompression != .default { flags += ["--png-compression", plan.pngCompression.rawValue] }
        guard let diagnostics = ninja.diagnostics else {
            throw PlanError("with --emit-ninja, --diagnostics may be text or github: each edge prints its own, and a JSON array or a file would be overwritten by the next")
        }
        // Every edge reads from the build's project, wherever Ninja runs it, within the budgets
        // the build was given (the defaults need no flag). The project's folders are named
        // relative to the Ninja file too.
        flags += diagnostics + ninja.project.map { $0.hasPrefix("--") ? $0 : paths.relative($0) } + ninja.budgets

        // Every name goes into the file before any is written, so one that cannot leaves no file.
        var refused: Set<String> = []
        for scene in scenes where !refused.contains(scene.path) {
            guard let name = NinjaWriter.unwritable([scene.path, plan.outDir + "/" + scene.outputStem]) else { continue }
            sink(.fileError(Self.refusal(name), path: scene.path))
            refused.insert(scene.path)
        }
        if !refused.isEmpty { return .sceneError }
        if let name = NinjaWriter.unwritable([ninja.scenec, plan.outDir] + flags) {
            throw PlanError(Self.refusal(name))
        }

        let moving = OutputGroup.all(formats: [], animated: plan.animated, hasTimeline: true, preview: false).first
        let batches = NinjaBatches.batches(scenes, inputs: plan.inputs, sharded: plan.shard != nil, smallTree: ninja.smallTree,
                                            commandBytes: ninja.commandBytes)
        let edges = batches.map { batch in
            let folder = batch.folder.isEmpty ? plan.outDir : plan.outDir + "/" + batch.folder
            var outputs: [String] = []
            for scene in batch.scenes {
                let stem = plan.outDir + "/" + scene.outputStem
                outputs += plan.formats.map { "\(stem).\($0.rawValue)" }
                if let moving, hasTimeline(scene) { outputs.append(plan.outDir + "/" + moving.claimedName(stem: scene.outputStem)) }
            }
            return NinjaWriter.Edge(outputs: outputs.map(paths.relative), inputs: batch.scenes.map { paths.relative($0.path) },
                                    arguments: batch.arguments.map(paths.relative), folder: paths.relative(folder),
                                    list: batch.listed ? paths.relative(NinjaWriter.list(folder: folder)) : nil)
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
    /// its edge reports its errors.
    func hasTimeline(_ scene: SceneEntry) -> Bool {
        let options = plan.scene
        guard let read = try? Files.readScene(scene.path, limit: options.maxFileSize, scope: options.scope), !read.tooLarge else { return false }
        return options.frontend.compile(.init(name: scene.path, bytes: read.bytes)).scene?.timeline != nil
    }
}

/// Paths as the Ninja file names them: relative to the folder the file is in, which ninja runs
/// from, so the file and the tree can move together. Worked out on the names (the file's folder
/// resolved, as the working directory is): a path is not resolved, so a link in it stays a link.
package struct NinjaPaths {
    /// The working directory, resolved, which relative paths given to the build start from.
    let workingDirectory: String
    /// The Ninja file's folder, resolved, as components.
    let base: [Substring]

    package init(ninjaFile: String) throws {
        workingDirectory = ProjectRoot.workingDirectory()
        let file = ninjaFile.hasPrefix("/") ? ninjaFile : workingDirectory + "/" + ninjaFile
        let folder = file.split(separator: "/", omittingEmptySubsequences: true).dropLast().joined(separator: "/")
        guard let real = ProjectRoot.realPath("/" + folder) else {
            throw FileError("cannot write '\(ninjaFile)': \(Files.reason())")
        }
        base = Self.components(real)
    }

    /// `path` (absolute, or relative to the working directory) from the Ninja file's folder. A
    /// name that would read as an option (`-x/a.scene.yaml`) starts with `./`.
    package func relative(_ path: String) -> String {
        let target = Self.components(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
        let parts = RelativePath.components(from: base, to: target)
        let joined = parts.isEmpty ? "." : parts.joined(separator: "/")
        return joined.hasPrefix("-") ? "./" + joined : joined
    }

    /// The names of a path's folders, without empty ones and `.`.
    static func components(_ path: String) -> [Substring] {
        path.split(separator: "/").filter { $0 != "." }
    }
}
