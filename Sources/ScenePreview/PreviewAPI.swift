import FoundationEssentials
import SceneCheck
import SceneCodecs
import SceneModel
import SceneRender
import ScenecKit

/// The routes: the page's own assets and `/api/…`, nothing else (docs/preview.md, "The HTTP
/// API"). Every request has passed the gate first.
struct PreviewAPI: Sendable {
    let gate: Gate
    let source: SceneSource
    let renders: RenderService
    let hub: EventHub
    let initialSet: [String]
    let variants: Variants
    let writer: SceneWriter
    let log: @Sendable (String) -> Void
    /// What draws `/api/export`'s frame files (ExportRoute.swift); nil: stills only.
    var frameFiles: FrameFiles? = nil

    func respond(_ request: Request) -> Response {
        let response = route(request)
        if response.status >= 400 {
            log("\(request.method) \(request.path) → \(response.status)")
        }
        return response
    }

    private func route(_ request: Request) -> Response {
        if let refusal = gate.hostRefusal(request) { return refusal }
        // The page's own files hold no secret: served without the token, which the page then
        // takes from the URL's fragment.
        if let asset = Assets.byPath[request.path] {
            guard request.method == "GET" || request.method == "HEAD" else { return .onlyMethod("GET, HEAD") }
            return Response(status: 200, contentType: asset.contentType, body: asset.bytes)
        }
        // Nothing else exists outside `/api/` (the browser's `/favicon.ico`): 404, token or not.
        guard request.path.hasPrefix("/api/") else { return .notFound }
        if let refusal = gate.tokenRefusal(request) { return refusal }
        if request.path == "/api/write" || request.path == "/api/restore" {
            guard request.method == "POST" else { return .onlyMethod("POST") }
            if let refusal = gate.crossOriginRefusal(request) { return refusal }
            return request.path == "/api/write" ? writer.write(request) : writer.restore(request)
        }
        if request.path == "/api/export" { return export(request) }   // ExportRoute.swift
        if request.path == "/api/styles" { return styles(request) }   // StylesRoute.swift
        guard ["/api/scene", "/api/render.svg", "/api/render.png", "/api/events"].contains(request.path) else {
            return .notFound
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            return .onlyMethod("GET, HEAD")
        }
        switch request.path {
        case "/api/events": return .events(EventSubscriber(hub: hub))
        case "/api/render.svg": return render(request, as: .svg)
        case "/api/render.png": return render(request, as: .png)
        default: return scene(request)
        }
    }

    /// A request's `time`, `scale`, `set` and `appearance` parameters, read as the command line
    /// reads them.
    struct Parameters {
        var setTexts: [String]
        var sets: [Override]
        var scale: Double?
        var time: String?
        /// nil: the appearance `scenec preview` was started with.
        var appearance: Appearance?
    }

    static func parameters(_ request: Request) -> Result<Parameters, Response> {
        let setTexts = request.values("set")
        let sets: [Override]
        switch OverrideList.parse(setTexts) {
        case .success(let s): sets = s
        case .failure(let error): return .failure(badRequest(error.message))
        }
        var scale: Double?
        if let text = request.value("scale") {
            // Below a thousandth Cairo's matrix degenerates; above, the pixel limits (422) apply.
            guard let v = Double(text), v.isFinite, v >= 0.001 else {
                return .failure(badRequest("scale must be a number of at least 0.001, not '\(text)'"))
            }
            scale = v
        }
        var appearance: Appearance?
        if let text = request.value("appearance") {
            guard let a = Appearance(rawValue: text) else {
                return .failure(badRequest("appearance must be light or dark, not '\(text)'"))
            }
            appearance = a
        }
        return .success(Parameters(setTexts: setTexts, sets: sets, scale: scale, time: request.value("time"),
                                   appearance: appearance))
    }

    /// `time` in seconds with the scene's grammar (`1.5`, `1.5s`, `250ms`, `12f`), 0 when absent.
    static func seconds(_ text: String?, fps: Double) -> Result<Double, Response> {
        guard let text else { return .success(0) }
        let parsed = TimeArgument.seconds(text, fps: fps)
        guard let seconds = parsed.seconds else { return .failure(badRequest(parsed.problem ?? "time is not a time")) }
        return .success(seconds)
    }

    /// The moment `p.time` names (0 without one), checked as `render --time` checks it: past the
    /// end of the timeline the scene is compiled again with `CheckOptions.time`, and the 422 carries
    /// the checker's own located error (no copy of its message here). Only `/api/export` asks:
    /// the page's pictures follow the page's state, which an override that shortens the timeline
    /// (`--set` replacing an animation) leaves past the new end, and they draw what the views
    /// hold there, as before.
    func moment(_ p: Parameters, of animated: AnimatedScene, scale: Double?, forPNG: Bool) -> Result<Double, Response> {
        let seconds: Double
        switch Self.seconds(p.time, fps: animated.fileFPS) {
        case .success(let t): seconds = t
        case .failure(let r): return .failure(r)
        }
        guard let timeline = animated.scene.timeline, seconds > timeline.length else { return .success(seconds) }
        let (checked, _) = renders.compile(sets: p.sets, setTexts: p.setTexts, scale: scale, appearance: p.appearance,
                                           forPNG: forPNG, time: p.time)
        return checked.animated == nil ? .failure(Self.unprocessable(checked)) : .success(seconds)
    }

    private func render(_ request: Request, as format: OutputFormat) -> Response {
        let p: Parameters
        switch Self.parameters(request) {
        case .success(let v): p = v
        case .failure(let r): return r
        }
        let clock = ContinuousClock()
        let started = clock.now
        let (scene, key) = renders.compile(sets: p.sets, setTexts: p.setTexts, scale: p.scale, appearance: p.appearance,
                                           forPNG: format == .png)
        let compiled = clock.now
        guard let animated = scene.animated else { return Self.unprocessable(scene) }
        let time: Double
        switch Self.seconds(p.time, fps: animated.fileFPS) {
        case .success(let t): time = t
        case .failure(let r): return r
        }
        do {
            // `quick=1`: a passing picture, shown during a drag and replaced when it stops. Its
            // bytes never leave this machine: deflated at the quickest level (PNGCompression).
            if format == .png && request.value("quick") == "1" {
                return try quick(scene, key: key, time: time, base: request.value("base").flatMap { UInt64($0) },
                                 timing: (started, compiled, clock))
            }
            guard let bytes = try renders.picture(scene, key: key, time: time, format: format) else {
                return Self.unprocessable(scene)
            }
            let type = format == .svg ? "image/svg+xml" : "image/png"
            // Where the server's time went (bench/page-speed.sh splits a picture's wait with it).
            let timing = Self.serverTiming([("compile", compiled - started), ("draw", clock.now - compiled)])
            return Response(status: 200, contentType: type, body: bytes,
                            headers: [("X-Scene-Hash", key.hash), ("Server-Timing", timing)])
        } catch {
            return .text(500, "cannot render: \(error)")
        }
    }

    /// A quick picture (RenderService.quickPicture). Over `base`, the picture the page's canvas
    /// holds, the body is the changed rectangles' PNGs one after another and `Scenec-Patches`
    /// says where each goes and how many bytes it is (`x,y,bytes;…`, none when nothing changed);
    /// without one (or when the server no longer holds it) the body is one PNG of the whole.
    /// `Scenec-Picture` numbers this picture, the next one's `base`; `Scenec-Base` names the
    /// picture the rectangles patch, absent for a whole one.
    private func quick(_ scene: CompiledScene, key: RenderService.CompileKey, time: Double, base: UInt64?,
                       timing: (ContinuousClock.Instant, ContinuousClock.Instant, ContinuousClock)) throws -> Response {
        guard let picture = try renders.quickPicture(scene, time: time, base: base) else { return Self.unprocessable(scene) }
        var headers = [("X-Scene-Hash", key.hash), ("Scenec-Picture", String(picture.number)),
                       ("Scenec-Size", "\(picture.width)x\(picture.height)"),
                       ("Scenec-Patches", picture.patches.map { "\($0.x),\($0.y),\($0.png.count)" }.joined(separator: ";"))]
        if let base = picture.base { headers.append(("Scenec-Base", String(base))) }
        let (started, compiled, clock) = timing
        headers.append(("Server-Timing", Self.serverTiming([("compile", compiled - started), ("draw", clock.now - compiled)])))
        return Response(status: 200, contentType: picture.base == nil ? "image/png" : "application/octet-stream",
                        body: picture.patches.flatMap(\.png), headers: headers)
    }

    private func scene(_ request: Request) -> Response {
        let p: Parameters
        switch Self.parameters(request) {
        case .success(let v): p = v
        case .failure(let r): return r
        }
        let (scene, key) = renders.compile(sets: p.sets, setTexts: p.setTexts, scale: nil, appearance: p.appearance,
                                           forPNG: false)
        guard let animated = scene.animated else { return Self.unprocessable(scene) }
        let time: Double
        switch Self.seconds(p.time, fps: animated.fileFPS) {
        case .success(let t): time = t
        case .failure(let r): return r
        }
        // The file alone (cached like any compile), for the values the overrides hide.
        let fileScene = p.sets.isEmpty ? nil : renders.compile(sets: [], setTexts: [], scale: nil, appearance: p.appearance,
                                                               forPNG: false).0.animated
        let document = SceneDocument(scene: scene, animated: animated, hash: key.hash, time: time, initialSet: initialSet,
                                     variants: variants, fileScene: fileScene, overrides: p.sets)
        return Self.json(200, document)
    }

    /// A `Server-Timing` header's value: each step's name and milliseconds (`compile;dur=4.2, draw;dur=7.9`).
    static func serverTiming(_ steps: [(String, Duration)]) -> String {
        steps.map { name, duration in
            let (seconds, attoseconds) = duration.components
            let ms = (Double(seconds) * 1000 + Double(attoseconds) / 1e15)
            return "\(name);dur=\((ms * 10).rounded() / 10)"
        }.joined(separator: ", ")
    }

    static func unprocessable(_ scene: CompiledScene) -> Response {
        json(422, DiagnosticsDocument(scene))
    }

    static func badRequest(_ message: String) -> Response {
        json(400, ["error": message])
    }

    static func json<T: Encodable>(_ status: Int, _ value: T) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return .text(500, "cannot encode the response") }
        return Response(status: status, contentType: "application/json", body: Array(data))
    }
}

/// A refusal travels in a `Result` while parameters are read.
extension Response: Error {}
