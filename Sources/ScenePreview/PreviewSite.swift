import FoundationEssentials
import SceneSyntax

/// The server's first router: the gate, the page's files, `/api/scenes`, and the per-scene API a
/// request's `scene` parameter names (docs/preview.md, "A folder of scenes"). Every scene's
/// routes are its own `PreviewAPI`'s; only the choice of scene is made here.
struct PreviewSite: Sendable {
    struct Entry: Sendable {
        /// The scene's path relative to the folder served: what `scene=` says.
        var name: String
        /// The scene's file as the command line spelled it, which messages name.
        var path: String
        var api: PreviewAPI
    }

    let gate: Gate
    /// `preview DIR` or several files: the page without `?scene=` is the scene browser.
    let folder: Bool
    let scenes: [Entry]
    /// Every scene's `changed` events (each naming its scene): the scene browser's stream.
    let hub: EventHub
    private let byName: [String: PreviewAPI]

    init(gate: Gate, folder: Bool, hub: EventHub, scenes: [Entry]) {
        self.gate = gate
        self.folder = folder
        self.hub = hub
        self.scenes = scenes
        byName = Dictionary(scenes.map { ($0.name, $0.api) }) { first, _ in first }
    }

    func respond(_ request: Request) -> Response {
        if let refusal = gate.hostRefusal(request) { return refusal }
        // The page's own files and every 404 outside /api/ are the same for every scene: the
        // first scene's API answers them, with its own gate's checks.
        guard request.path.hasPrefix("/api/") else { return scenes[0].api.respond(request) }
        // The token before anything is said about which scenes exist.
        if let refusal = gate.tokenRefusal(request) { return refusal }
        if request.path == "/api/scenes" {
            guard request.method == "GET" || request.method == "HEAD" else { return .onlyMethod("GET, HEAD") }
            return PreviewAPI.json(200, SceneList(folder: folder, scenes: scenes))
        }
        // The scene browser's stream: every scene's changes, without naming one.
        if folder, request.path == "/api/events", request.value("scene") == nil {
            guard request.method == "GET" || request.method == "HEAD" else { return .onlyMethod("GET, HEAD") }
            return .events(EventSubscriber(hub: hub))
        }
        guard let api = api(for: request.value("scene")) else {
            let named = request.value("scene").map { "no scene '\($0)' in this preview" }
                ?? "this preview serves several scenes: name one with scene= as /api/scenes lists it"
            scenes[0].api.log("\(request.method) \(request.path) → 404")
            return PreviewAPI.json(404, ["error": named])
        }
        return api.respond(request)
    }

    /// The scene `name` names, only as `/api/scenes` lists it (never a path looked up on
    /// disk); without a name, the only scene.
    func api(for name: String?) -> PreviewAPI? {
        guard let name else { return scenes.count == 1 ? scenes[0].api : nil }
        return byName[name]
    }
}

/// `GET /api/scenes`: every scene served, each with what its file says now (compiled without
/// overrides, from the scene's own cache), for the scene browser.
struct SceneList: Encodable {
    struct Item: Encodable {
        /// What `scene=` names it by.
        var name: String
        var hash: String
        var errors: Int
        var warnings: Int
        /// The first error as the command line prints it (`file:line:col: error: …`); nil when none.
        var firstError: String?
        var width: Double?
        var height: Double?
        /// `canvas.poster` in seconds: the moment the browser's picture shows, as a build's still does.
        var poster: Double?
        /// Why the file cannot be read now (removed, renamed, unreadable); the rest is of the last
        /// reading. Nil while it reads.
        var problem: String?
    }

    var folder: Bool
    var scenes: [Item]

    init(folder: Bool, scenes: [PreviewSite.Entry]) {
        self.folder = folder
        self.scenes = scenes.map { entry in
            let (scene, key) = entry.api.renders.compile(sets: [], setTexts: [], scale: nil, appearance: nil, forPNG: false)
            let errors = scene.diagnostics.filter { $0.severity == .error }
            let canvas = scene.animated?.scene.canvas
            return Item(name: entry.name, hash: key.hash, errors: errors.count,
                        warnings: scene.diagnostics.filter { $0.severity == .warning }.count,
                        // Named by the path as given (`scenes/sub/e.scene.yaml:1:11`), as the
                        // command line prints it: two scenes `x/a` and `y/a` stay apart.
                        firstError: errors.first.map { error in
                            let file = SourceFile(name: entry.path, bytes: scene.file.bytes)
                            return String(error.rendered(in: file).split(separator: "\n").first ?? "")
                        },
                        width: canvas?.width, height: canvas?.height, poster: canvas?.poster,
                        problem: entry.api.source.snapshot.problem)
        }
    }
}
