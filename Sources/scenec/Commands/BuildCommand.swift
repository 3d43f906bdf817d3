import SceneRender
import SceneFiles
import ScenecBuild

/// `scenec build SCENES_DIR|SCENE... -o OUT_DIR`: a whole directory of scenes, incrementally.
enum BuildCommand: Command {
    static let name = "build"
    static let summary = "render every scene under directories, skipping what is up to date"
    static let help = """
        usage: scenec build SCENES_DIR|SCENE... -o OUT_DIR [options]
               scenec build SCENES_DIR|SCENE... --asset-catalog DIR.xcassets|--android-res DIR [options]

        Finds *.scene.yaml under each directory (recursively) and renders each scene to each
        format under OUT_DIR, mirroring the directories. An output is rebuilt when anything its
        bytes depend on changed — the scene, the options that matter for its format, the scenec
        executable or the libraries it renders with — or when the file no longer has the bytes
        the build wrote. OUT_DIR keeps a manifest of every file written (.scenec-manifest.json,
        or .scenec-manifest.K-of-N.json per shard); outputs no longer produced are reported as
        stale until --prune removes them. Ends with a summary line on standard error.

        options:
          -o, --output OUT_DIR     where outputs go
          --formats LIST           comma-separated: png, pdf, svg (default png)
          --animated MODE          scenes with a timeline: still (t = 0, the default), frames
                                   (OUT/NAME.frames/0000.FORMAT…), flipbook (OUT/NAME.flipbook.pdf),
                                   or one animated file OUT/NAME.EXT as scenec frames writes it:
                                   webp, apng, gif, mp4 or webm (mp4 and webm need ffmpeg);
                                   besides the stills
          --jobs N                 scenes built at once (default: the number of cores)
          --keep-going             build every good scene even when some fail (exit 1 if any did)
          --shard K/N              build only the K-th of N stable parts (by path hash), for CI matrices
          --prune                  delete stale outputs: of removed or failing scenes, of formats
                                   no longer asked for
          --werror                 treat warnings as errors: the scene fails (exit 1)
          --allow-empty            finding no scene is not an error
          --report FILE.json       write what happened to each scene (status, outputs with sizes
                                   and hashes, diagnostics, time)
          --junit FILE.xml         the same as JUnit XML, a testcase per scene, for CI test views
          --preview                also write OUT/NAME.preview.html per scene: the preview as one
                                   self-contained HTML file (see scenec preview --static)
          --emit-ninja FILE        write a Ninja file for the same build instead of building
        \(WatchLoop.help)
          --scale N                pixels per point for PNG
        \(BuildDestination.help)
        \(PNGOptions.help)
        \(ReviewOptions.help)
        \(SceneOptions.help)
          -h, --help               show this help
        """
    static let spec = Arguments.Spec(
        valued: ["--output", "--formats", "--animated", "--jobs", "--shard", "--emit-ninja", "--scale", "--report",
                 "--junit"] + SceneOptions.valued + PNGOptions.valued + BuildDestination.valued + ReviewOptions.valued,
        flags: ["--help", "--keep-going", "--prune", "--werror", "--allow-empty", "--watch", "--preview"] + SceneOptions.flags
            + ReviewOptions.flags)

    static func run(_ args: Arguments) throws -> ExitStatus {
        guard args.has("--watch") else { return try buildOnce(args) }
        _ = try ReviewOptions.parse(args, outDir: "")  // refuses --baseline with --watch
        guard args.value("--emit-ninja") == nil else { throw UsageError("--watch builds; --emit-ninja writes a Ninja file instead") }
        let options = try SceneOptions(args)
        return try WatchLoop.run("build", inputs: {
            // Every scene found (so an edit is seen) and every folder (so a new scene is).
            .init(paths: ((try? SceneFinder.find(args.positionals, scope: options.scope))?.scenes.map(\.path) ?? [])
                    .flatMap(options.watchedFiles),
                  folders: SceneFinder.folders(args.positionals, scope: options.scope))
        }) { try buildOnce(args) }
    }

    /// The command line, read once.
    static func plan(from args: Arguments) throws -> (plan: BuildPlan, reporter: DiagnosticReporter) {
        guard !args.positionals.isEmpty else { throw UsageError("build needs a directory or scene files") }
        let (destination, outDir) = try BuildDestination.parse(args)
        guard let animated = BuildPlan.Animated(rawValue: args.value("--animated") ?? "still") else {
            throw UsageError("--animated must be still, frames, flipbook, webp, apng, gif, mp4 or webm, not '\(args.value("--animated") ?? "")'")
        }
        // Before anything is built: the key of a video is made with ffmpeg's bytes. Looked for
        // outside the working directory's project, as before --root is read below.
        let root = ReadScope.current().root
        if animated.animation?.needsFFmpeg == true, args.value("--emit-ninja") == nil, FFmpegPipe.locate(outside: root) == nil {
            throw AnimationWriter.ffmpegMissing("--animated \(animated.rawValue) is encoded by ffmpeg", root: root)
        }
        var options = try SceneOptions(args)
        options.frontend.options.overridesMustMatch = false  // one --set serves many scenes
        let scale = try args.positiveNumber("--scale")
        options.frontend.options.scaleOverride = destination.largestScale ?? scale
        if destination != .folder { options.frontend.options.scaleOverrideOption = destination.scaleOption }
        var plan = BuildPlan(inputs: args.positionals, outDir: outDir, scene: options.settings,
                             renderer: BuildInfo.rendererIdentity(), scenecVersion: BuildInfo.version)
        plan.formats = try parseFormats(args.value("--formats") ?? "png")
        plan.animated = animated
        plan.shard = try args.value("--shard").map(Shard.init)
        plan.jobs = try args.count("--jobs") ?? Parallel.cores
        plan.scale = scale
        plan.pngCompression = try PNGOptions.compression(args)
        plan.overrides = args.values["--set"] ?? []
        plan.overridesWherePresent = args.has("--set-where-present")
        plan.preview = args.has("--preview")
        plan.destination = destination
        plan.review = try ReviewOptions.parse(args, outDir: outDir)
        plan.warningsAreErrors = args.has("--werror")
        plan.keepGoing = args.has("--keep-going")
        plan.prune = args.has("--prune")
        plan.allowEmpty = args.has("--allow-empty")
        plan.reportPath = args.value("--report")
        plan.junitPath = args.value("--junit")
        if plan.preview, args.value("--emit-ninja") != nil {
            throw UsageError("--preview is not in Ninja files yet; build the sheets with scenec build --preview")
        }
        if let path = args.value("--emit-ninja") {
            let shared = options.reporter.sinks.filter { $0.file == nil && $0.format != .text }
            plan.ninja = .init(path: path, scenec: executablePath(),
                               diagnostics: shared.allSatisfy { $0.format == .github } ? shared.flatMap { _ in ["--diagnostics", "github"] } : nil,
                               budgets: (SceneOptions.limitValued + ["--scene-timeout"]).flatMap { name in args.value(name).map { [name, $0] } ?? [] })
        }
        return (plan, options.reporter)
    }

    static func buildOnce(_ args: Arguments) throws -> ExitStatus {
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

    static func parseFormats(_ text: String) throws -> [OutputFormat] {
        var formats: [OutputFormat] = []
        for word in text.split(separator: ",", omittingEmptySubsequences: true) {
            guard let f = OutputFormat(rawValue: String(word)) else {
                throw UsageError("--formats takes png, pdf and svg separated by commas, not '\(word)'")
            }
            if !formats.contains(f) { formats.append(f) }
        }
        guard !formats.isEmpty else { throw UsageError("--formats needs at least one of png, pdf, svg") }
        // One order whatever was typed: outputs and keys do not depend on it.
        return OutputFormat.allCases.filter(formats.contains)
    }

    /// This binary's absolute path, for the Ninja file's commands.
    static func executablePath() -> String {
        Files.linkTarget("/proc/self/exe") ?? CommandLine.arguments.first ?? "scenec"
    }
}
