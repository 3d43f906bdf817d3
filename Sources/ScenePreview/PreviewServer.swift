import Glibc
import SceneCheck
import CMicroHTTPD
import SceneFiles
import SceneRender
import SceneSyntax
import SceneWatch
import ScenecKit

/// What reading the scene file gave: its bytes, or why it could not be read.
public enum SceneReadResult: Sendable {
    case bytes([UInt8])
    case failed(String)
}

/// `scenec preview`'s server: serves the page and the API for one scene file, re-reads the file
/// when it changes on disk and tells open pages through `/api/events`.
public final class PreviewServer: Sendable {
    public struct Configuration: Sendable {
        public var scenePath: String
        /// The address to bind: 127.0.0.1 unless the user asks otherwise.
        public var host = "127.0.0.1"
        /// 0: the system picks a free port.
        public var port = 0
        /// The largest scene file `/api/write` reads (`--max-file-size`).
        public var maxFileSize = SceneReading.maxFileSize
        /// Limits and checking options, as the command line set them (its `--set`s excluded).
        public var frontend = Frontend()
        /// The `--set`s given on the command line: the page starts with them as its overrides.
        public var initialSet: [String] = []
        /// The `--vary` cells the page shows under the picture.
        package var variants = Variants.empty
        /// Reads the scene as the command line does (size limit, messages).
        public var read: @Sendable (String) -> SceneReadResult
        /// The clock for `time: now`.
        public var environment: @Sendable () -> RenderEnvironment = { RenderEnvironment() }
        /// What draws the frame files `/api/export` offers (the command hands ScenecBuild's in).
        package var frameFiles: FrameFiles?
        /// Where log lines go (standard error).
        public var log: @Sendable (String) -> Void = { _ in }

        public init(scenePath: String, read: @escaping @Sendable (String) -> SceneReadResult) {
            self.scenePath = scenePath
            self.read = read
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The page's address with the token in its fragment (`http://127.0.0.1:PORT/#token=…`),
    /// which the browser never sends to a server: what `scenec preview` prints first.
    public let url: String
    public let port: Int
    private let daemon: Daemon
    private let watcher: FileWatcher
    private let hub: EventHub

    public init(_ configuration: Configuration) throws {
        Self.keepMemoryFlat()
        guard let token = Gate.newToken() else { throw Failure(description: "cannot draw a random token") }
        let source: SceneSource
        do {
            let options = configuration.frontend.options, scenePath = configuration.scenePath
            source = try SceneSource(path: scenePath, read: configuration.read) { bytes in
                SceneImports.files(of: SourceFile(name: scenePath, bytes: bytes), options: options).compactMap { path in
                    guard case .success(let b)? = options.readImport?(path) else { return nil }
                    return (path, b)
                }
            }
        } catch let failure as SceneSource.ReadFailure {
            throw Failure(description: failure.message)
        }
        // The file written back is the one named now: a symbolic link put in its place later is
        // not followed.
        let file: GuardedRewrite
        do throws(GuardedRewrite.Failure) {
            file = try GuardedRewrite(path: configuration.scenePath)
        } catch {
            throw Failure(description: error.message)
        }
        let listener: Listener
        do {
            listener = try Listener(host: configuration.host, port: configuration.port)
        } catch let failure as Listener.Failure {
            throw Failure(description: failure.description)
        }
        port = listener.port
        let gate = Gate(token: token, port: listener.port, extraHost: configuration.host)
        let hub = EventHub()
        self.hub = hub
        let api = PreviewAPI(gate: gate, source: source,
                             renders: RenderService(source: source, frontend: configuration.frontend,
                                                    environment: configuration.environment),
                             hub: hub, initialSet: configuration.initialSet, variants: configuration.variants,
                             writer: SceneWriter(source: source, file: file, maxBytes: configuration.maxFileSize,
                                                 frontend: configuration.frontend) {
                                 hub.publish("{\"hash\":\"\($0)\"}")
                             },
                             log: configuration.log, frameFiles: configuration.frameFiles)
        let shownHost = Gate.isWildcard(configuration.host) ? "127.0.0.1"
            : (configuration.host.contains(":") && !configuration.host.hasPrefix("[") ? "[\(configuration.host)]" : configuration.host)
        url = "http://\(shownHost):\(listener.port)/#token=\(token)"
        let log = configuration.log
        do {
            // The files it imports when the server starts are watched too (an import added later
            // is seen at the next start).
            watcher = try FileWatcher(paths: [configuration.scenePath] + source.importedPaths, debounce: 0.05) { _ in
                guard source.reload() else { return }
                let snapshot = source.snapshot
                log("\(configuration.scenePath) changed" + (snapshot.problem.map { " (\($0))" } ?? ""))
                hub.publish("{\"hash\":\"\(snapshot.hash)\"}")
            }
        } catch {
            throw Failure(description: "\(error)")
        }
        do {
            daemon = try Daemon(listener: listener) { api.respond($0) }
        } catch {
            watcher.stop()
            throw Failure(description: "\(error)")
        }
    }

    /// A server that draws pictures of a few megabytes on a thread per connection would
    /// otherwise grow: glibc raises its mmap threshold after the first large free (so later
    /// surfaces stay in the heap) and gives new threads arenas of their own. A fixed threshold
    /// returns every surface to the system when freed, and two arenas bound the rest.
    static func keepMemoryFlat() {
        mallopt(M_MMAP_THRESHOLD, 256 * 1024)
        mallopt(M_ARENA_MAX, 2)
    }

    /// Stops watching, ends every event stream, and closes every connection.
    public func stop() {
        watcher.stop()
        hub.close()
        daemon.stop()
    }
}
