import FoundationEssentials
import Glibc
import SceneCheck
import CMicroHTTPD
import SceneFiles
import SceneRender
import SceneSupport
import SceneSyntax
import SceneWatch
import ScenecKit

/// What reading the scene file gave: its bytes, or why it could not be read.
public enum SceneReadResult: Sendable {
    case bytes([UInt8])
    case failed(String)
}

/// `scenec preview`'s server: serves the page and the API for one scene file or a folder of
/// them, re-reads a scene when it (or a file it imports) changes on disk and tells the pages
/// open on it through `/api/events`.
public final class PreviewServer: Sendable {
    /// One scene the server serves, and the name the page and the API call it by (`?scene=`).
    public struct ServedScene: Sendable, Equatable {
        public var path: String
        /// Its path relative to the folder served (`sub/ring.scene.yaml`), as `/api/scenes` lists it.
        public var name: String

        public init(path: String, name: String) {
            self.path = path
            self.name = name
        }

        /// `preview SCENE`'s one scene, named by its file's name (`gauge.scene.yaml`).
        public init(path: String) {
            self.init(path: path, name: Self.fileName(path))
        }

        /// A path's last part, `gauge.scene.yaml` for `scenes/gauge.scene.yaml`: the one place
        /// the preview takes a file's name from its path (names, diffs, downloads).
        public static func fileName(_ path: String) -> String {
            path.split(separator: "/").last.map(String.init) ?? path
        }
    }

    public struct Configuration: Sendable {
        /// The scenes served, in the order the scene browser lists them: one for `preview
        /// SCENE`, those found under the folder for `preview DIR` (or the files named).
        public var scenes: [ServedScene]
        /// True for `preview DIR` or several files: the page without `?scene=` is the scene
        /// browser. False for one file, which the page then shows at once.
        public var folder = false
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

        /// The first scene's path (`preview SCENE` serves only it).
        public var scenePath: String { scenes.first?.path ?? "" }

        public init(scenePath: String, read: @escaping @Sendable (String) -> SceneReadResult) {
            self.init(scenes: [ServedScene(path: scenePath)], read: read)
        }

        public init(scenes: [ServedScene], read: @escaping @Sendable (String) -> SceneReadResult) {
            self.scenes = scenes
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
    private let hubs: [EventHub]

    public init(_ configuration: Configuration) throws {
        Self.keepMemoryFlat()
        guard !configuration.scenes.isEmpty else { throw Failure(description: "no scene to serve") }
        guard let token = Gate.newToken() else { throw Failure(description: "cannot draw a random token") }
        // Every scene read before the port is taken: a scene that cannot be read stops the start.
        let files = try configuration.scenes.map { try Self.read($0, configuration) }
        let listener: Listener
        do {
            listener = try Listener(host: configuration.host, port: configuration.port)
        } catch let failure as Listener.Failure {
            throw Failure(description: failure.description)
        }
        port = listener.port
        let gate = Gate(token: token, port: listener.port, extraHost: configuration.host)
        var served: [(scene: ServedScene, source: SceneSource, hub: EventHub, api: PreviewAPI)] = []
        // One write at a time across the scenes: two of them may import, and write, one file.
        let writing = Locked(())
        // Every scene's changes, for the scene browser.
        let siteHub = EventHub()
        for (scene, (source, file)) in zip(configuration.scenes, files) {
            let (api, hub) = Self.serve(scene, source: source, file: file, configuration, gate: gate, writing: writing, site: siteHub)
            served.append((scene, source, hub, api))
        }
        hubs = served.map(\.hub) + [siteHub]
        let site = PreviewSite(gate: gate, folder: configuration.folder, hub: siteHub,
                               scenes: served.map { PreviewSite.Entry(name: $0.scene.name, path: $0.scene.path, api: $0.api) })
        let shownHost = Gate.isWildcard(configuration.host) ? "127.0.0.1"
            : (configuration.host.contains(":") && !configuration.host.hasPrefix("[") ? "[\(configuration.host)]" : configuration.host)
        url = "http://\(shownHost):\(listener.port)/#token=\(token)"
        let log = configuration.log
        do {
            // Every scene and the files each imports when the server starts are watched (an
            // import added later is seen at the next start); a change re-reads each scene, and
            // only those whose bytes or imports changed tell their pages.
            let entries = served
            let paths = entries.flatMap { [$0.source.path] + $0.source.importedPaths }
            watcher = try FileWatcher(paths: paths, debounce: 0.05) { _ in
                for entry in entries where entry.source.reload() {
                    let snapshot = entry.source.snapshot
                    log("\(entry.source.path) changed" + (snapshot.problem.map { " (\($0))" } ?? ""))
                    entry.hub.publish(Self.event(hash: snapshot.hash, scene: entry.scene.name))
                    siteHub.publish(Self.event(hash: snapshot.hash, scene: entry.scene.name))
                }
            }
        } catch {
            throw Failure(description: "\(error)")
        }
        do {
            daemon = try Daemon(listener: listener) { site.respond($0) }
        } catch {
            watcher.stop()
            throw Failure(description: "\(error)")
        }
    }

    /// One scene's source, as read now, and its file as a write will replace it.
    private static func read(_ scene: ServedScene, _ configuration: Configuration) throws -> (SceneSource, GuardedRewrite) {
        let source: SceneSource
        do {
            let options = configuration.frontend.options, scenePath = scene.path
            source = try SceneSource(path: scenePath, read: configuration.read) { bytes in
                SceneImports.files(of: SourceFile(name: scenePath, bytes: bytes), options: options).compactMap { path in
                    guard case .success(let b)? = options.readImport?(path) else { return nil }
                    return (path, b)
                }
            }
        } catch let failure as SceneSource.ReadFailure {
            throw Failure(description: configuration.folder ? "\(scene.path): \(failure.message)" : failure.message)
        }
        // The file written back is the one named now: a symbolic link put in its place later is
        // not followed.
        do throws(GuardedRewrite.Failure) {
            return (source, try GuardedRewrite(path: scene.path))
        } catch {
            throw Failure(description: error.message)
        }
    }

    /// One scene's API and event hub.
    private static func serve(_ scene: ServedScene, source: SceneSource, file: GuardedRewrite, _ configuration: Configuration,
                              gate: Gate, writing: Locked<Void>, site: EventHub) -> (PreviewAPI, EventHub) {
        let hub = EventHub()
        // Imported files a style write may change: only inside the project root.
        let root = (configuration.frontend.options.readScope ?? .around(scene.path)).root
        let api = PreviewAPI(gate: gate, source: source,
                             renders: RenderService(source: source, frontend: configuration.frontend,
                                                    environment: configuration.environment),
                             hub: hub, initialSet: configuration.initialSet, variants: configuration.variants,
                             writer: SceneWriter(source: source, file: file, maxBytes: configuration.maxFileSize,
                                                 frontend: configuration.frontend, root: root, writing: writing) {
                                 hub.publish(Self.event(hash: $0, scene: scene.name))
                                 site.publish(Self.event(hash: $0, scene: scene.name))
                             },
                             log: configuration.log, frameFiles: configuration.frameFiles)
        return (api, hub)
    }

    /// A `changed` event's data: the scene's new hash, and which scene (its name in `/api/scenes`).
    static func event(hash: String, scene: String) -> String {
        struct Changed: Encodable { var hash: String; var scene: String }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(Changed(hash: hash, scene: scene)) else { return "{\"hash\":\"\(hash)\"}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// A server that draws pictures of a few megabytes on a thread per connection would
    /// otherwise grow: glibc raises its mmap threshold after each larger free (so ever larger
    /// surfaces stay in the heap) and gives new threads arenas of their own. A fixed threshold
    /// bounds what stays in the heap, and two arenas bound the rest. It is above a drag's quick
    /// PNG (800×500: 1.6 MB, and as much again for Cairo's group surface of a view with
    /// opacity), and the trim threshold keeps that much freed for the next picture: at 256 KB
    /// every such block was mapped, faulted in zeroed and unmapped at each picture (367 page
    /// faults a picture, now 13: bench/page-speed.sh). Larger pictures are still returned to the
    /// system when freed (PreviewTests' flat-memory check); the renderer's own surface and
    /// encoder are kept apart from this (KeptBuffers).
    static func keepMemoryFlat() {
        mallopt(M_MMAP_THRESHOLD, 2 << 20)
        mallopt(M_TRIM_THRESHOLD, 4 << 20)
        mallopt(M_ARENA_MAX, 2)
    }

    /// Stops watching, ends every event stream, and closes every connection.
    public func stop() {
        watcher.stop()
        for hub in hubs { hub.close() }
        daemon.stop()
    }
}
