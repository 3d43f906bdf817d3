import SceneCheck
import SceneFiles
import SceneSyntax

/// One `scenec build` as its plan asks: finds the scenes, refuses inputs that are ambiguous or
/// missing, then writes a Ninja file (`--emit-ninja`), BUILD.bazel files (`--emit-bazel`) or
/// builds the folder (BuildRun).
/// Everything it has to say goes to `sink`; it reads no option and prints nothing.
package struct Build: Sendable {
    package var plan: BuildPlan
    package var sink: BuildSink

    package init(_ plan: BuildPlan, sink: @escaping BuildSink) {
        self.plan = plan
        self.sink = sink
    }

    /// What the build did.
    package struct Outcome: Sendable {
        package enum Kind: Sendable {
            /// The folder was built (or failed while building).
            case built
            /// Nothing was built: the inputs are ambiguous or missing (reported as diagnostics).
            case refused
            /// A Ninja file or BUILD.bazel files were written instead of building (or refused).
            case ninja
        }

        package var kind: Kind
        package var status: ExitStatus
        /// What happened to each scene (built, up-to-date, failed, not-started, stale).
        package var report: BuildReport?
        /// The manifest saved.
        package var manifest: BuildManifest?
        /// Stale outputs still listed (not pruned).
        package var staleOutputs = 0

        package init(kind: Kind, status: ExitStatus) {
            self.kind = kind
            self.status = status
        }
    }

    package func run() throws -> Outcome {
        let options = plan.scene
        let found = try SceneFinder.find(plan.inputs, scope: options.scope,
                                         skipping: plan.bazelWorkspace == nil ? { _ in false } : BazelWorkspace.isConvenienceLink)
        var problems = found.problems + plan.destination.nameProblems(found.scenes)
        // BUILD.bazel targets write their outputs in their own packages: no two share a place.
        if plan.bazelWorkspace == nil {
            problems += SceneFinder.collisions(found.scenes) { scene in
                plan.groups(hasTimeline: true).map { $0.claimedName(stem: scene.outputStem) }
            }
        }
        if found.scenes.isEmpty, found.problems.isEmpty, !plan.allowEmpty {
            problems.append("no *.scene.yaml found under \(plan.inputs.map { "'\($0)'" }.joined(separator: ", ")) (--allow-empty accepts that)")
        }
        let unmatched = plan.overridesWherePresent ? [] : Self.unmatchedOverrides(found.scenes, options)
        if !problems.isEmpty || !unmatched.isEmpty {
            for problem in problems { sink(.fileError(problem, path: plan.inputs.first ?? ".")) }
            if !unmatched.isEmpty { sink(.diagnostics(unmatched, SourceFile(name: plan.inputs.first ?? ".", bytes: []))) }
            return Outcome(kind: .refused, status: .sceneError)
        }
        if let ninja = plan.ninja {
            let scenes = found.scenes.filter { plan.shard?.contains($0.relativePath) ?? true }
            return Outcome(kind: .ninja, status: try NinjaEmitter(plan: plan, ninja: ninja, sink: sink).emit(scenes))
        }
        if let workspace = plan.bazelWorkspace {
            return Outcome(kind: .ninja, status: try BazelEmitter(plan: plan, workspace: workspace, sink: sink).emit(found.scenes))
        }
        return try BuildRun(plan: plan, sink: sink, all: found.scenes).run()
    }

    /// `--set`s that no scene has a target for (a typo in an id would otherwise pass silently,
    /// skipped in every scene). Reads scenes only until every `--set` has found one.
    package static func unmatchedOverrides(_ scenes: [SceneEntry], _ options: SceneSettings) -> [Diagnostic] {
        var pending = options.frontend.options.overrides
        for scene in scenes where !pending.isEmpty {
            guard let read = try? Files.readScene(scene.path, limit: options.maxFileSize, scope: options.scope), !read.tooLarge else { continue }
            let root = YAMLReader(limits: options.frontend.readerLimits).read(SourceFile(name: scene.path, bytes: read.bytes)).root
            pending.removeAll { $0.hasTarget(in: root) }
        }
        return pending.map { o in
            let what: String
            switch o.address {
            case .view(.id(let id), _): what = "a view with the id '\(id)'"
            case .view(.path(let path), _): what = "a view at \(path)"
            case .style(let name, _): what = "a style named '\(name)'"
            case .canvas: what = "a canvas"
            case .timeline(let index, _, _): what = "an animation at timeline.animations[\(index)]"
            }
            return o.error(.badOption, "no scene has \(what), so this --set changes nothing",
                           notes: ["--set-where-present accepts a --set that some builds do not use"])
        }
    }
}
