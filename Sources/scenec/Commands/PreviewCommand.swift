import CommandLineOptions
import ScenecOptions
// @preconcurrency: C stdio's `stdout`/`stderr` are mutable globals to Swift 6; this file only
// passes them to stdio calls, which lock the stream themselves.
@preconcurrency import Glibc
import Dispatch
import ScenePreview
import ScenecKit
import ScenecBuild

/// `scenec preview SCENE [--port N] [--host ADDR] [--vary ADDR=V1,V2,…]…`, or with `--static -o
/// SHEET.html` the page as one file (`StaticSheetCommand`).
enum PreviewCommand: Command {
    static let name = "preview"
    static let summary = "serve a live preview of a scene to a browser, with an inspector"
    static let usage = """
        usage: scenec preview SCENE [--port N] [--host ADDR] [--vary ADDR=V1,V2,…]… [options]
               scenec preview SCENE --static -o SHEET.html [--vary ADDR=V1,V2,…]… [--time T] [options]

        Starts a local web server for SCENE and prints the page's address (with its access
        token) as the first line on standard output; open it in a browser. The page shows the
        scene, its views and an inspector whose changes re-render at once; it follows the file
        as it is saved. Logs go to standard error; Ctrl-C or SIGTERM stops the server (exit 0).
        The HTTP API the page uses is in docs/preview.md.

        """

    static func run(_ args: Arguments<PreviewOptions>) throws -> ExitStatus {
        guard args.positionals.count == 1, let scenePath = args.positionals.first, scenePath != "-" else {
            throw UsageError(args.positionals.isEmpty ? "preview needs a scene file"
                                                      : "preview takes one scene file (not standard input)")
        }
        let variants: Variants
        let varied = try args[PreviewOptions.vary]
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
        // The file must be readable at start (exit 3 if not); later reads follow the file as
        // it changes, and a scene with errors is shown with its errors.
        if case .failure(let failed) = limits.settings.read(scenePath, sink: EventConsole(reporter: limits.reporter).show) {
            return failed.status
        }

        var configuration = PreviewServer.Configuration(scenePath: scenePath) { path in
            do throws(SceneReading.Failure) {
                let read = try Files.readScene(path, limit: limits.maxFileSize, scope: limits.scope)
                if read.tooLarge { return .failed("the scene file is larger than \(limits.maxFileSize) bytes") }
                return .bytes(read.bytes)
            } catch {
                return .failed(error.message)
            }
        }
        configuration.host = host
        configuration.port = port
        configuration.maxFileSize = limits.maxFileSize
        configuration.frontend = limits.frontend
        configuration.frontend.options.overrides = []
        configuration.initialSet = try args[PreviewOptions.set]
        configuration.variants = variants
        configuration.environment = { Environment.render }
        // The export's GIF, WebP, APNG and flipbook: `frames`'s own encoders.
        configuration.frameFiles = FramesPlan.frameFiles(jobs: min(Parallel.cores, 2), root: limits.scope.root)
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
        Console.line("scenec preview: serving \(scenePath) at \(server.url) (Ctrl-C stops)")
        stopped.wait()
        server.stop()
        Console.line("scenec preview: stopped")
        return .success
    }
}
