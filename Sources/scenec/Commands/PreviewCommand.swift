import CommandLineOptions
import ScenecOptions
// @preconcurrency: C stdio's `stdout`/`stderr` are mutable globals to Swift 6; this file only
// passes them to stdio calls, which lock the stream themselves.
@preconcurrency import Glibc
import Dispatch
import ScenePreview
import ScenecKit
import ScenecBuild
import SceneFiles

/// `scenec preview SCENE [--port N] [--host ADDR] [--vary ADDR=V1,V2,…]…`, `scenec preview DIR`
/// or several scene files (a scene browser, a live page per scene), or with `--static -o
/// SHEET.html` the page as one file (`StaticSheetCommand`).
enum PreviewCommand: Command {
    static let name = "preview"
    static let summary = "serve a live preview of a scene to a browser, with an inspector"
    static let usage = """
        usage: scenec preview SCENE [--port N] [--host ADDR] [--vary ADDR=V1,V2,…]… [options]
               scenec preview DIR | SCENE SCENE… [--port N] [--host ADDR] [options]
               scenec preview SCENE --static -o SHEET.html [--vary ADDR=V1,V2,…]… [--time T] [options]

        Starts a local web server for SCENE and prints the page's address (with its access
        token) as the first line on standard output; open it in a browser. The page shows the
        scene, its views and an inspector whose changes re-render at once; it follows the file
        as it is saved. Logs go to standard error; Ctrl-C or SIGTERM stops the server (exit 0).
        With a folder (every *.scene.yaml under it, found as scenec build finds them) or several
        files, the page first lists the scenes, each with its picture and its errors; each
        opens in a live page with a styles panel. The HTTP API the page uses is in docs/preview.md.

        """

    /// The most scenes one preview serves: each is read, watched and compiled for the list.
    static let maxScenes = 256

    static func run(_ args: Arguments<PreviewOptions>) throws -> ExitStatus {
        guard !args.positionals.isEmpty, !args.positionals.contains("-") else {
            throw UsageError(args.positionals.isEmpty ? "preview needs a scene file or a folder of scenes"
                                                      : "preview reads scene files, not standard input")
        }
        let scenePath = args.positionals[0]
        let oneFile = args.positionals.count == 1 && !isDirectory(scenePath)
        let varied = try args[PreviewOptions.vary]
        if !oneFile, args[PreviewOptions.staticPage] || !varied.isEmpty {
            throw UsageError("--static and --vary go with one scene file, not a folder or several")
        }
        let variants: Variants
        do throws(Variants.UsageProblem) {
            variants = try Variants(varied)
        } catch {
            throw UsageError(error.message)
        }
        if args[PreviewOptions.staticPage] { return try StaticSheetCommand.run(args, scenePath: scenePath, variants: variants) }
        if args.isGiven(PreviewOptions.output.declaration) || args.isGiven(PreviewOptions.time.declaration) {
            throw UsageError("-o and --time go with --static; the live page has its own time")
        }
        let port = try args[PreviewOptions.port] ?? 0
        let host = try args[PreviewOptions.host] ?? "127.0.0.1"
        let limits = try SceneOptions(args)
        let console = EventConsole(reporter: limits.reporter)
        var scenes = [PreviewServer.ServedScene(path: scenePath)]
        if !oneFile {
            let found = try Self.scenes(args.positionals, scope: limits.scope)
            if let problem = found.problem {
                // `DIR: error: …`: the argument the problem is about.
                limits.reporter.error(problem.message, path: problem.argument, located: true)
                try? limits.reporter.finish()
                return .sceneError
            }
            scenes = found.scenes
        }
        // Each file must be readable at start (exit 3 if not); later reads follow the file as
        // it changes, and a scene with errors is shown with its errors.
        var firstBytes: [UInt8] = []
        for (index, scene) in scenes.enumerated() {
            switch limits.settings.read(scene.path, sink: console.show) {
            case .failure(let failed): return failed.status
            case .success(let bytes): if index == 0 { firstBytes = bytes }
            }
        }
        // --vary's cells (one scene file only) against the scene as just read: a value or address
        // it refuses stops here.
        if let status = PreviewVaryCheck.run(variants, bytes: firstBytes, path: scenePath, frontend: limits.frontend,
                                             sink: console.show) {
            return status
        }

        var configuration = PreviewServer.Configuration(scenes: scenes) { path in
            do throws(SceneReading.Failure) {
                let read = try Files.readScene(path, limit: limits.maxFileSize, scope: limits.scope)
                if read.tooLarge { return .failed("the scene file is larger than \(limits.maxFileSize) bytes") }
                return .bytes(read.bytes)
            } catch {
                return .failed(error.message)
            }
        }
        configuration.folder = !oneFile
        configuration.host = host
        configuration.port = port
        configuration.maxFileSize = limits.maxFileSize
        configuration.frontend = limits.frontend
        configuration.frontend.options.overrides = []
        configuration.initialSet = try args[PreviewOptions.set]
        configuration.variants = variants
        configuration.environment = { Environment.render }
        // The export's GIF, WebP, APNG and flipbook: `frames`'s own encoders.
        configuration.frameFiles = FramesPlan.frameFiles(jobs: min(Parallel.cores, 2))
        configuration.log = { Console.line("scenec preview: \($0)") }

        let server: PreviewServer
        do {
            server = try PreviewServer(configuration)
        } catch let failure as PreviewServer.Failure {
            Console.fail(failure.description)
            return .io
        }
        let stopped = DispatchSemaphore(value: 0)
        Interrupts.onInterrupt { stopped.signal() }
        Console.output(server.url + "\n")
        fflush(stdout)
        if !["127.0.0.1", "localhost", "::1", "[::1]"].contains(host) {
            Console.error("scenec preview: warning: listening on \(host), not only this machine: anyone who can reach it "
                          + "and has the token can see the scene\n")
        }
        let served = oneFile ? scenePath : "\(scenes.count) scene\(scenes.count == 1 ? "" : "s") under \(args.positionals.joined(separator: ", "))"
        Console.line("scenec preview: serving \(served) at \(server.url) (Ctrl-C stops)")
        stopped.wait()
        server.stop()
        Console.line("scenec preview: stopped")
        return .success
    }

    /// The scenes under the folders and among the files named, found as `scenec build` finds
    /// them (`SceneFinder`: inside the project root, hidden folders skipped, links checked).
    /// One folder: each named by its path relative to it. Several arguments: each argument is
    /// looked in on its own (two folders may each hold an `a.scene.yaml`: a preview writes no
    /// outputs, so the build's one-output-per-name rule is not its), and every scene is named
    /// by its path from the folder they all share, the paths first resolved against the working
    /// directory so a name is never absolute (`x/a.scene.yaml` and `$PWD/x/b.scene.yaml`:
    /// `a.scene.yaml`, `b.scene.yaml`).
    static func scenes(_ arguments: [String], scope: ReadScope) throws
        -> (scenes: [PreviewServer.ServedScene], problem: (argument: String, message: String)?) {
        var entries: [SceneEntry] = []
        for argument in arguments {
            let found = try SceneFinder.find([argument], scope: scope)
            if let problem = found.problems.first { return ([], (argument, problem)) }
            entries += found.scenes
        }
        guard !entries.isEmpty else {
            return ([], (arguments[0], "no *.scene.yaml found under \(arguments.map { "'\($0)'" }.joined(separator: ", ")): preview DIR serves the scenes in a folder"))
        }
        var served: [PreviewServer.ServedScene]
        if arguments.count == 1 {
            served = entries.map { PreviewServer.ServedScene(path: $0.path, name: $0.relativePath) }
        } else {
            let cwd = getcwd(nil, 0).map { buffer in
                defer { free(buffer) }
                return String(cString: buffer)
            } ?? "/"
            let absolute = entries.map { absolutePath($0.path, from: cwd) }
            let common = commonFolder(absolute)
            served = zip(entries, absolute).map { PreviewServer.ServedScene(path: $0.path, name: String($1.dropFirst(common.count))) }
            // A file named and also found under a folder named: one scene.
            var seen = Set<String>()
            served = served.filter { seen.insert($0.name).inserted }.sorted { $0.name < $1.name }
        }
        guard served.count <= maxScenes else {
            return ([], (arguments[0], "\(served.count) scenes found: preview serves at most \(maxScenes); name a smaller folder"))
        }
        return (served, nil)
    }

    /// `path` from `cwd` when relative, with `.` and `..` parts taken out by spelling.
    static func absolutePath(_ path: String, from cwd: String) -> String {
        var parts: [Substring] = []
        for part in ((path.hasPrefix("/") ? "" : cwd + "/") + path).split(separator: "/") {
            if part == "." { continue }
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }

    /// The longest folder prefix (ending in `/`, or empty) every path shares, by spelling.
    static func commonFolder(_ paths: [String]) -> String {
        var parts = Array(paths.first.map { $0.split(separator: "/", omittingEmptySubsequences: false).dropLast() } ?? [])
        for path in paths.dropFirst() {
            let other = Array(path.split(separator: "/", omittingEmptySubsequences: false).dropLast())
            var n = 0
            while n < parts.count, n < other.count, parts[n] == other[n] { n += 1 }
            parts = Array(parts.prefix(n))
        }
        return parts.isEmpty ? "" : parts.joined(separator: "/") + "/"
    }

    /// Whether `path` is a folder (following links), as `SceneFinder` walks it.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
