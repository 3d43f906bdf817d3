@preconcurrency import Glibc
import ScenecKit
import SceneModel
import SceneRender

/// `scenec build SCENES_DIR|SCENE... -o OUT_DIR`: a whole directory of scenes, incrementally.
enum BuildCommand: Command {
    static let name = "build"
    static let summary = "render every scene under directories, skipping what is up to date"
    static let help = """
        usage: scenec build SCENES_DIR|SCENE... -o OUT_DIR [options]

        Finds *.scene.yaml under each directory (recursively) and renders each scene to each
        format under OUT_DIR, mirroring the directories. A scene whose content, options and
        scenec version hash to what made its existing outputs is skipped (OUT_DIR keeps a
        manifest, .scenec-manifest.json). Ends with a summary line on standard error.

        options:
          -o, --output OUT_DIR     where outputs go
          --formats LIST           comma-separated: png, pdf, svg (default png)
          --animated MODE          scenes with a timeline: still (t = 0, the default), frames
                                   (OUT/NAME.frames/0000.FORMAT…) or flipbook (OUT/NAME.flipbook.pdf, besides the stills)
          --jobs N                 scenes built at once (default: the number of cores)
          --keep-going             build every good scene even when some fail (exit 1 if any did)
          --shard K/N              build only the K-th of N stable parts (by path hash), for CI matrices
          --prune                  delete outputs of scenes that no longer exist
          --emit-ninja FILE        write a Ninja file for the same build instead of building
          --diagnostics FORMAT     text, json or github (see scenec check --help)
          --scale N                pixels per point for PNG
        \(SceneOptions.help)
          -h, --help               show this help
        """
    static let spec = Arguments.Spec(
        valued: ["--output", "--formats", "--animated", "--jobs", "--shard", "--emit-ninja", "--diagnostics", "--scale"]
            + SceneOptions.valued,
        flags: ["--help", "--keep-going", "--prune"] + SceneOptions.flags)

    enum Animated: String { case still, frames, flipbook }

    /// What happened to one scene.
    enum Outcome {
        case built(BuildManifest.Entry)
        case upToDate
        case failed(ExitStatus)
    }

    static func run(_ args: Arguments) throws -> ExitStatus {
        let started = Progress.now()
        guard !args.positionals.isEmpty else { throw UsageError("build needs a directory or scene files") }
        guard let outDir = args.value("--output").map({ $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }) else {
            throw UsageError("build needs an output directory: -o OUT_DIR")
        }
        let formats = try parseFormats(args.value("--formats") ?? "png")
        guard let animated = Animated(rawValue: args.value("--animated") ?? "still") else {
            throw UsageError("--animated must be still, frames or flipbook")
        }
        let shard = try args.value("--shard").map(Shard.init)
        let jobs = try args.count("--jobs") ?? Parallel.cores
        var sceneOptions = try SceneOptions(args)
        sceneOptions.frontend.options.overridesMustMatch = false  // one --set serves many scenes
        let scale = try args.positiveNumber("--scale")
        sceneOptions.frontend.options.scaleOverride = scale
        let options = sceneOptions
        let reporter = DiagnosticReporter(format: try DiagnosticReporter.format(args))
        defer { reporter.finish() }

        let all = try SceneFinder.find(args.positionals)
        let mine = all.filter { shard?.contains($0.relativePath) ?? true }

        if let ninjaPath = args.value("--emit-ninja") {
            guard animated != .frames else {
                throw UsageError("--emit-ninja builds stills and flipbooks; --animated frames has no fixed list of outputs")
            }
            let edges = mine.flatMap { scene in
                ninjaEdges(scene, outDir: outDir, formats: formats, flipbook: animated == .flipbook, options: options)
            }
            var flags = (args.values["--set"] ?? []).flatMap { ["--set", $0] }
            if !flags.isEmpty { flags.append("--set-where-present") }
            if let scale { flags += ["--scale", formatNumber(scale)] }
            let text = NinjaWriter.file(scenec: Self.executablePath(), flags: flags, edges: edges)
            try Files.write(Array(text.utf8), to: ninjaPath)
            Console.error("scenec build: wrote \(ninjaPath) with \(edges.count) edges for \(mine.count) scenes\n")
            return .success
        }

        // Everything an output depends on besides the scene's own bytes.
        let fingerprint = ["scenec \(version)", formats.map(\.rawValue).joined(separator: ","), animated.rawValue,
                           scale.map(formatNumber) ?? "-", (args.values["--set"] ?? []).joined(separator: "\u{1}"),
                           Environment.sourceDateEpoch.map(String.init) ?? "-"].joined(separator: "\u{0}")
        var manifest = BuildManifest.load(from: outDir)
        let previous = manifest
        let results = Locked([Outcome?](repeating: nil, count: mine.count))
        let keepGoing = args.has("--keep-going")
        let queue = WorkQueue(Array(mine.indices))
        Parallel.threads(Swift.min(jobs, Swift.max(1, mine.count))) {
            while let index = queue.next() {
                let outcome = build(mine[index], outDir: outDir, formats: formats, animated: animated,
                                    fingerprint: fingerprint, previous: previous.scenes[mine[index].relativePath],
                                    options: options, reporter: reporter)
                results.withLock { $0[index] = outcome }
                if case .failed = outcome, !keepGoing { queue.stop() }
            }
        }

        var built = 0, upToDate = 0, failed = 0
        var status = ExitStatus.success
        for (index, scene) in mine.enumerated() {
            switch results.withLock({ $0[index] }) {
            case .built(let entry)?:
                built += 1
                manifest.scenes[scene.relativePath] = entry
            case .upToDate?:
                upToDate += 1
            case .failed(let s)?:
                failed += 1
                manifest.scenes[scene.relativePath] = nil
                if status != .io { status = s }
            case nil:
                break  // not started: an earlier scene failed and --keep-going was not given
            }
        }
        let present = Set(all.map(\.relativePath))
        var stale = 0
        for (relative, entry) in manifest.scenes.sorted(by: { $0.key < $1.key }) where !present.contains(relative) {
            stale += 1
            if args.has("--prune") {
                for output in entry.outputs { removeOutput(outDir + "/" + output) }
                manifest.scenes[relative] = nil
                Console.error("scenec build: removed the outputs of \(relative), which no longer exists\n")
            } else {
                Console.error("scenec build: \(relative) no longer exists; its outputs remain (--prune removes them): \(entry.outputs.joined(separator: ", "))\n")
            }
        }
        do {
            try manifest.save(to: outDir)
        } catch let error as FileError {
            Console.fail(error.message)
            status = .io
        }
        let seconds = Progress.now() - started
        let notStarted = mine.count - built - upToDate - failed
        var summary = "scenec build: \(built) built, \(upToDate) up to date, \(failed) failed"
        if notStarted > 0 { summary += ", \(notStarted) not started" }
        if stale > 0 { summary += ", \(stale) removed scene\(stale == 1 ? "" : "s")" }
        Console.error(summary + " (\(formatSeconds(seconds)) s)\n")
        return status
    }

    /// Builds one scene unless its outputs are up to date.
    static func build(_ scene: SceneEntry, outDir: String, formats: [OutputFormat], animated: Animated,
                      fingerprint: String, previous: BuildManifest.Entry?, options: SceneOptions,
                      reporter: DiagnosticReporter) -> Outcome {
        let loader = SceneLoader(limits: options, reporter: reporter)
        let bytes: [UInt8]
        switch loader.read(scene.path) {
        case .success(let b): bytes = b
        case .failure(let failed): return .failed(failed.status)
        }
        var hash = SHA256()
        hash.update(fingerprint)
        hash.update([0])
        hash.update(bytes)
        let key = hash.finish()
        if let previous, previous.key == key,
           previous.outputs.allSatisfy({ Files.exists(outDir + "/" + $0) }) {
            return .upToDate
        }
        let loaded: Scene
        switch loader.compile(bytes, path: scene.path) {
        case .scene(let s, _): loaded = s
        case .failed(let status): return .failed(status)
        }
        let movie = AnimatedScene(loaded)
        let renderer = Renderer(canvas: loaded.canvas, environment: Environment.render,
                                sourceDateEpoch: Environment.sourceDateEpoch)
        var outputs: [String] = []
        do {
            let still = movie.views(at: 0)
            for format in formats {
                let relative = "\(scene.outputStem).\(format.rawValue)"
                try Files.write(try renderer.render(still, as: format), to: outDir + "/" + relative)
                outputs.append(relative)
            }
            if let timeline = loaded.timeline, animated != .still {
                let count = timeline.frameCount(fps: timeline.fps)
                let frames = { (i: Int) in movie.views(at: Double(i) / timeline.fps) }
                if animated == .flipbook {
                    let relative = "\(scene.outputStem).flipbook.pdf"
                    try Files.write(try renderer.pdfBytes(pageCount: count, page: frames), to: outDir + "/" + relative)
                    outputs.append(relative)
                } else {
                    for format in formats {
                        for i in 0..<count {
                            let relative = "\(scene.outputStem).frames/\(FramePattern.padded(i, width: 4)).\(format.rawValue)"
                            try Files.write(try renderer.render(frames(i), as: format), to: outDir + "/" + relative)
                            outputs.append(relative)
                        }
                    }
                }
            }
        } catch let error as FileError {
            Console.fail(error.message)
            return .failed(.io)
        } catch {
            Console.fail("cannot render '\(scene.path)': \(error)")
            return .failed(.sceneError)
        }
        return .built(BuildManifest.Entry(key: key, outputs: outputs))
    }

    static func ninjaEdges(_ scene: SceneEntry, outDir: String, formats: [OutputFormat], flipbook: Bool,
                           options: SceneOptions) -> [NinjaWriter.Edge] {
        var edges = formats.map { format in
            NinjaWriter.Edge(output: "\(outDir)/\(scene.outputStem).\(format.rawValue)", input: scene.path,
                             format: format.rawValue, rule: "render")
        }
        if flipbook, let read = try? Files.read(scene.path, limit: options.maxFileSize), !read.tooLarge,
           let loaded = options.frontend.compile(.init(name: scene.path, bytes: read.bytes)).scene,
           loaded.timeline != nil {
            edges.append(NinjaWriter.Edge(output: "\(outDir)/\(scene.outputStem).flipbook.pdf", input: scene.path,
                                          format: "pdf", rule: "flipbook"))
        }
        return edges
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
        return formats
    }

    static func removeOutput(_ path: String) {
        unlink(path)
    }

    static func formatSeconds(_ s: Double) -> String {
        let hundredths = Int((s * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// This binary's absolute path, for the Ninja file's commands.
    static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return CommandLine.arguments.first ?? "scenec" }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
