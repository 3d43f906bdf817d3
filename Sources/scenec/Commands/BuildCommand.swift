import CommandLineOptions
import Glibc
import SceneCheck
import SceneCodecs
import ScenecKit
import SceneModel
import SceneRender
import SceneSyntax

/// `scenec build SCENES_DIR|SCENE... -o OUT_DIR`: a whole directory of scenes, incrementally.
enum BuildCommand: Command {
    static let name = "build"
    static let summary = "render every scene under directories, skipping what is up to date"
    static let usage = """
        usage: scenec build SCENES_DIR|SCENE... -o OUT_DIR [options]
               scenec build SCENES_DIR|SCENE... --asset-catalog DIR.xcassets|--android-res DIR [options]

        Finds *.scene.yaml under each directory (recursively) and renders each scene to each
        format under OUT_DIR, mirroring the directories. An output is rebuilt when anything its
        bytes depend on changed — the scene, the options that matter for its format, the scenec
        executable or the libraries it renders with — or when the file no longer has the bytes
        the build wrote. OUT_DIR keeps a manifest of every file written (.scenec-manifest.json,
        or .scenec-manifest.K-of-N.json per shard); outputs no longer produced are reported as
        stale until --prune removes them. Ends with a summary line on standard error.
        """

    enum Animated: String, CaseIterable {
        case still, frames, flipbook, webp, apng, gif, mp4, webm

        /// The animated file each scene with a timeline gets, if any.
        var animation: AnimationFormat? { AnimationFormat(rawValue: rawValue) }
    }

    /// The command line, read once.
    struct Plan {
        var outDir: String
        var formats: [OutputFormat]
        var animated: Animated
        var shard: Shard?
        var jobs: Int
        var scale: Double?
        var pngCompression: PNGCompression
        var options: SceneOptions
        var overrides: [String]
        var preview = false
        var destination = BuildDestination.folder
        /// `--baseline`: the build reviewed against another once done.
        var review: ReviewOptions?
    }

    static func run(_ args: Arguments<BuildOptions>) throws -> ExitStatus {
        guard args[BuildOptions.watch] else { return try buildOnce(args) }
        _ = try ReviewOptions.parse(args, outDir: "")  // refuses --baseline with --watch
        guard try args[BuildOptions.emitNinja] == nil else { throw UsageError("--watch builds; --emit-ninja writes a Ninja file instead") }
        let options = try SceneOptions(args)
        return try WatchLoop.run("build", inputs: {
            // Every scene found (so an edit is seen) and every folder (so a new scene is).
            .init(paths: ((try? SceneFinder.find(args.positionals, scope: options.scope))?.scenes.map(\.path) ?? [])
                    .flatMap(options.watchedFiles),
                  folders: SceneFinder.folders(args.positionals, scope: options.scope))
        }) { try buildOnce(args) }
    }

    static func buildOnce(_ args: Arguments<BuildOptions>) throws -> ExitStatus {
        guard !args.positionals.isEmpty else { throw UsageError("build needs a directory or scene files") }
        let (destination, outDir) = try BuildDestination.parse(args)
        let animated = try args[BuildOptions.animated]
        // Before anything is built: the key of a video is made with ffmpeg's bytes.
        if animated.animation?.needsFFmpeg == true, try args[BuildOptions.emitNinja] == nil, FFmpegPipe.locate() == nil {
            throw AnimationWriter.ffmpegMissing("--animated \(animated.rawValue) is encoded by ffmpeg")
        }
        var options = try SceneOptions(args)
        options.frontend.options.overridesMustMatch = false  // one --set serves many scenes
        let scale = try args[BuildOptions.scale]
        options.frontend.options.scaleOverride = destination.largestScale ?? scale
        if destination != .folder { options.frontend.options.scaleOverrideOption = destination.scaleOption }
        let plan = Plan(outDir: outDir, formats: try args[BuildOptions.formats], animated: animated,
                        shard: try args[BuildOptions.shard], jobs: try args[BuildOptions.jobs] ?? Parallel.cores,
                        scale: scale, pngCompression: try args[BuildOptions.pngCompression], options: options,
                        overrides: try args[BuildOptions.set], preview: args[BuildOptions.preview], destination: destination,
                        review: try ReviewOptions.parse(args, outDir: outDir))
        if plan.preview, try args[BuildOptions.emitNinja] != nil {
            throw UsageError("--preview is not in Ninja files yet; build the sheets with scenec build --preview")
        }
        let reporter = options.reporter

        let found = try SceneFinder.find(args.positionals, scope: options.scope)
        var problems = found.problems + destination.nameProblems(found.scenes)
        problems += SceneFinder.collisions(found.scenes) { scene in
            OutputGroup.all(formats: plan.formats, animated: plan.animated, hasTimeline: true, preview: plan.preview,
                            destination: destination)
                .map { $0.claimedName(stem: scene.outputStem) }
        }
        if found.scenes.isEmpty, found.problems.isEmpty, !args[BuildOptions.allowEmpty] {
            problems.append("no *.scene.yaml found under \(args.positionals.map { "'\($0)'" }.joined(separator: ", ")) (--allow-empty accepts that)")
        }
        let unmatched = args[BuildOptions.setWherePresent] ? [] : unmatchedOverrides(found.scenes, options)
        if !problems.isEmpty || !unmatched.isEmpty {
            for problem in problems { reporter.error(problem, path: args.positionals.first ?? ".") }
            reporter.report(unmatched, in: SourceFile(name: args.positionals.first ?? ".", bytes: []))
            try reporter.finish()
            Console.line("scenec build: nothing built: the inputs are ambiguous or missing")
            return .sceneError
        }

        if let ninjaPath = try args[BuildOptions.emitNinja] {
            let status = try NinjaEmitter.emit(found.scenes.filter { plan.shard?.contains($0.relativePath) ?? true },
                                               plan: plan, args: args, to: ninjaPath, reporter: reporter)
            try reporter.finish()
            return status
        }
        return try BuildRun(plan: plan, reporter: reporter, all: found.scenes, args: args).run()
    }

    /// `--set`s that no scene has a target for (a typo in an id would otherwise pass silently,
    /// skipped in every scene). Reads scenes only until every `--set` has found one.
    static func unmatchedOverrides(_ scenes: [SceneEntry], _ options: SceneOptions) -> [Diagnostic] {
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
            }
            return o.error("no scene has \(what), so this --set changes nothing",
                           notes: ["--set-where-present accepts a --set that some builds do not use"])
        }
    }

    static func formatSeconds(_ s: Double) -> String {
        let hundredths = Int((s * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// This binary's absolute path, for the Ninja file's commands.
    static func executablePath() -> String {
        Files.linkTarget("/proc/self/exe") ?? CommandLine.arguments.first ?? "scenec"
    }
}
