import CommandLineOptions
import Glibc
import SceneCheck
import SceneCodecs
import ScenecKit
import SceneModel
import SceneRender
import SceneFiles
import ScenecBuild
import ScenecOptions

/// `scenec build SCENES_DIR|SCENE... -o OUT_DIR`: a whole directory of scenes, incrementally.
enum BuildCommand: Command {
    static let name = "build"
    static let summary = "render every scene under directories, skipping what is up to date"
    static let usage = """
        usage: scenec build SCENES_DIR|SCENE... -o OUT_DIR [options]
               scenec build --scenes-from FILE -o OUT_DIR [options]
               scenec build SCENES_DIR|SCENE... --asset-catalog DIR.xcassets|--android-res DIR [options]

        Finds *.scene.yaml under each directory (recursively) and renders each scene to each
        format under OUT_DIR, mirroring the directories. An output is rebuilt when anything its
        bytes depend on changed — the scene, the options that matter for its format, the scenec
        executable or the libraries it renders with — or when the file no longer has the bytes
        the build wrote. OUT_DIR keeps a manifest of every file written (.scenec-manifest.json,
        or .scenec-manifest.K-of-N.json per shard); outputs no longer produced are reported as
        stale until --prune removes them. Ends with a summary line on standard error.
        """

    static func run(_ args: Arguments<BuildOptions>) throws -> ExitStatus {
        try refuseWithoutManifest(args)
        guard args[BuildOptions.watch] else { return try buildOnce(args) }
        _ = try ReviewOptions.parse(args, outDir: "")  // refuses --baseline with --watch
        guard try args[BuildOptions.emitNinja] == nil else { throw UsageError("--watch builds; --emit-ninja writes a Ninja file instead") }
        guard try args[BuildOptions.emitBazel] == nil else { throw UsageError("--watch builds; --emit-bazel writes BUILD.bazel files instead") }
        let options = try SceneOptions(args)
        return try WatchLoop.run("build", inputs: {
            // Every scene found (so an edit is seen) and every folder (so a new scene is).
            let inputs = (try? Self.inputs(args)) ?? args.positionals
            return .init(paths: ((try? SceneFinder.find(inputs, scope: options.scope))?.scenes.map(\.path) ?? [])
                    .flatMap(options.watchedFiles),
                  folders: SceneFinder.folders(inputs, scope: options.scope))
        }) { try buildOnce(args) }
    }

    /// `--no-manifest` with an option that needs the manifest (what was built before, what is
    /// stale) or a lock (--watch rebuilds in place), or that does not build here at all.
    static func refuseWithoutManifest(_ args: Arguments<BuildOptions>) throws {
        guard args[BuildOptions.noManifest] else { return }
        let needing = [BuildOptions.prune.declaration, BaselineOptions.baseline.declaration, BaselineOptions.baselineManifest.declaration,
                       PublishManifestOption.publishManifest.declaration, OutputOptions.watch.declaration, BuildOptions.emitNinja.declaration]
        if let given = needing.first(where: args.isGiven) {
            throw UsageError("--no-manifest cannot go with \(given.name), which needs the manifest of the output folder")
        }
    }

    /// The scene files and folders to build: those on the command line, then those the
    /// `--scenes-from` list names (SceneList), each checked as one given on the command line.
    static func inputs(_ args: Arguments<BuildOptions>) throws -> [String] {
        try args.positionals + (args[BuildOptions.scenesFrom].map(SceneList.read) ?? [])
    }

    /// The command line, read once.
    static func plan(from args: Arguments<BuildOptions>) throws -> (plan: BuildPlan, reporter: DiagnosticReporter) {
        let inputs = try Self.inputs(args)
        guard !inputs.isEmpty else {
            throw UsageError(try args[BuildOptions.scenesFrom] == nil ? "build needs a directory or scene files" : "build needs a directory or scene files; the --scenes-from list names none")
        }
        let bazelWorkspace = try args[BuildOptions.emitBazel]
        if bazelWorkspace != nil { try refuseWithBazel(args) }
        let (destination, outDir) = bazelWorkspace == nil ? try BuildDestination.parse(args) : (.folder, "")
        let animated = try args[BuildOptions.animated]
        let ninjaPath = try args[BuildOptions.emitNinja]
        // Before anything is built: the key of a video is made with ffmpeg's bytes. Looked for
        // outside the working directory's project, as before --root is read below.
        let root = ReadScope.current().root
        if animated.animation?.needsFFmpeg == true, ninjaPath == nil, bazelWorkspace == nil, FFmpegPipe.locate(outside: root) == nil {
            throw AnimationWriter.ffmpegMissing("--animated \(animated.rawValue) is encoded by ffmpeg", root: root)
        }
        var options = try SceneOptions(args)
        options.frontend.options.overridesMustMatch = false  // one --set serves many scenes
        let time = try args[BuildOptions.time]
        try AnimatedScene.checkTimeOption(time)
        options.frontend.options.time = time
        let scale = try args[BuildOptions.scale]
        options.frontend.options.scaleOverride = destination.largestScale ?? scale
        if destination != .folder { options.frontend.options.scaleOverrideOption = destination.scaleOption }
        var plan = BuildPlan(inputs: inputs, outDir: outDir, scene: options.settings,
                             renderer: BuildInfo.rendererIdentity(), scenecVersion: BuildInfo.version)
        plan.formats = try args[BuildOptions.formats]
        plan.animated = animated
        plan.shard = try args[BuildOptions.shard]
        plan.jobs = try args[BuildOptions.jobs] ?? Parallel.cores
        plan.scale = scale
        plan.time = time
        plan.pngCompression = try args[BuildOptions.pngCompression]
        plan.overrides = try args[BuildOptions.set]
        plan.overridesWherePresent = args[BuildOptions.setWherePresent]
        plan.preview = args[BuildOptions.preview]
        plan.destination = destination
        plan.review = try ReviewOptions.parse(args, outDir: outDir)
        plan.warningsAreErrors = args[BuildOptions.werror]
        plan.keepGoing = args[BuildOptions.keepGoing]
        plan.prune = args[BuildOptions.prune]
        plan.writesManifest = !args[BuildOptions.noManifest]
        plan.allowEmpty = args[BuildOptions.allowEmpty]
        plan.reportPath = try args[BuildOptions.report]
        plan.junitPath = try args[BuildOptions.junit]
        plan.depfile = try args[BuildOptions.depfile]
        plan.remoteCache = try RemoteCacheOptions.settings(args)
        if try args[RemoteCacheOptions.remoteCache] != nil, ninjaPath != nil {
            throw UsageError("--remote-cache is not written into Ninja files: set SCENEC_REMOTE_CACHE where ninja runs, and each edge's scenec build uses it")
        }
        if plan.preview, ninjaPath != nil {
            throw UsageError("--preview is not in Ninja files yet; build the sheets with scenec build --preview")
        }
        if plan.depfile != nil, ninjaPath != nil {
            throw UsageError("--depfile is for a build; with --emit-ninja each edge writes its own")
        }
        if let path = ninjaPath {
            let shared = options.reporter.sinks.filter { $0.file == nil && $0.format != .text }
            let budgets = (LimitOptions.all + [SceneTimeoutOption.sceneTimeout.declaration]).flatMap { option in
                args.words(of: option).last.map { [option.name, $0] } ?? []
            }
            // Relocatable: the scenec on $PATH where ninja runs, not this binary's path here.
            plan.ninja = .init(path: path, scenec: "scenec",
                               diagnostics: shared.allSatisfy { $0.format == .github } ? shared.flatMap { _ in ["--diagnostics", "github"] } : nil,
                               project: ProjectOptions.arguments(options.scope), budgets: budgets)
        }
        plan.bazelWorkspace = bazelWorkspace
        plan.publishManifest = try PublishManifestOption.read(args, plan: plan)
        if plan.review?.publishedName != nil, plan.remoteCache == nil {
            throw UsageError("--baseline-manifest cache:NAME reads the remote cache: give --remote-cache URL")
        }
        return (plan, options.reporter)
    }

    /// `--emit-bazel` writes BUILD files and builds nothing: an option of a build (or one the
    /// targets could not pass on) would be ignored, so it is refused.
    static func refuseWithBazel(_ args: Arguments<BuildOptions>) throws {
        // --time: the Bazel targets have no attribute for it yet.
        let building = declarations(BuildOptions.output, BuildOptions.keepGoing, BuildOptions.shard, BuildOptions.prune, BuildOptions.time,
                                    BuildOptions.report, BuildOptions.junit, BuildOptions.preview, BuildOptions.emitNinja,
                                    OutputOptions.watch, BuildOptions.depfile)
            + BuildDestinationOptions.all + BaselineOptions.all + RemoteCacheOptions.all + PublishManifestOption.all + PNGOptions.all
            + [OverrideOptions.set.declaration, OverrideOptions.setWherePresent.declaration]
        for option in building where args.isGiven(option) {
            throw UsageError("\(option.name) does not go with --emit-bazel, which writes BUILD.bazel files rather than building")
        }
        let animated = try args[BuildOptions.animated]
        if animated.animation?.needsFFmpeg == true {
            throw UsageError("--animated \(animated.rawValue) does not go with --emit-bazel: ffmpeg is not a tool the Bazel rules declare")
        }
        // The targets have no attribute for a limit yet: a scene checked here under a raised one
        // would fail in Bazel under the default.
        for option in LimitOptions.all + [SceneTimeoutOption.sceneTimeout.declaration] where args.isGiven(option) {
            throw UsageError("\(option.name) does not go with --emit-bazel: the Bazel targets cannot carry a limit yet")
        }
        // scene_frames writes one format's frames; scenec build writes every format's in one folder.
        if animated == .frames, try args[BuildOptions.formats].count > 1 {
            throw UsageError("--animated frames with more than one --formats does not go with --emit-bazel: a scene_frames target writes one format")
        }
        // A folder's BUILD.bazel is written for all its scenes: given one file, the others' targets would go.
        if let file = try inputs(args).first(where: { Files.exists($0) && !Files.isDirectory($0) }) {
            throw UsageError("--emit-bazel writes a folder's BUILD.bazel for all its scenes: give folders, not the scene file '\(file)'")
        }
    }

    static func buildOnce(_ args: Arguments<BuildOptions>) throws -> ExitStatus {
        let (plan, reporter) = try plan(from: args)
        let console = EventConsole(reporter: reporter)
        let outcome = try Build(plan, sink: console.show).run()
        switch outcome.kind {
        case .built:
            return console.finishFailed.withLock { $0 } ? .io : outcome.status
        case .refused:
            try reporter.finish()
            Console.line("scenec build: nothing built: the inputs are ambiguous or missing")
            return outcome.status
        case .ninja:
            try reporter.finish()
            return outcome.status
        }
    }

    /// This binary's absolute path.
    static func executablePath() -> String {
        Files.linkTarget("/proc/self/exe") ?? CommandLine.arguments.first ?? "scenec"
    }
}
