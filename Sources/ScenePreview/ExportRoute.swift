import SceneModel
import SceneRender
import ScenecKit
import Synchronization

/// The files made of every frame of the timeline — an animated GIF, WebP or APNG, a flipbook
/// PDF — exactly as `scenec frames` writes them. ScenecBuild encodes them and depends on this
/// module (not the other way round), so the command hands its encoder in through
/// `PreviewServer.Configuration.frameFiles`; without one the page offers stills only.
package struct FrameFiles: Sendable {
    package enum Kind: String, Sendable, CaseIterable {
        case gif, webp, apng, flipbook
    }

    /// How long one frame-file export may draw before it is stopped (422): the limits count
    /// frames and pixels, not what a frame costs, and a client that gives up does not stop the
    /// drawing (libmicrohttpd runs the handler to its end), so the deadline is what bounds it.
    /// `scenec frames` has `--scene-timeout` (the same 60 s) for longer ones.
    package static let defaultSeconds = 60.0

    /// The whole file for the scene's timeline at its fps, drawn with `renderer` (whose
    /// environment carries the deadline); the `String` is the download's name, for messages;
    /// what the user should know about the file (a GIF over 50 fps plays slow) goes to the
    /// last argument.
    package var make: @Sendable (Kind, String, AnimatedScene, Renderer, (String) -> Void) throws -> [UInt8]
    package var seconds: Double
    /// Shared by every copy (each scene's API in a folder preview holds one): a frame export
    /// holds up to two cores and hundreds of megabytes, so only `atOnce` draw at a time and
    /// the rest are told to come back (503, Retry-After).
    let slots: ExportSlots

    package init(seconds: Double = defaultSeconds, atOnce: Int = 1,
                 _ make: @escaping @Sendable (Kind, String, AnimatedScene, Renderer, (String) -> Void) throws -> [UInt8]) {
        self.make = make
        self.seconds = seconds
        slots = ExportSlots(atOnce)
    }
}

/// How many frame exports are drawing, out of how many may.
final class ExportSlots: Sendable {
    let limit: Int
    private let running = Mutex(0)

    init(_ limit: Int) { self.limit = max(1, limit) }

    /// Takes a slot if one is free.
    func take() -> Bool {
        running.withLock { n in
            guard n < limit else { return false }
            n += 1
            return true
        }
    }

    func give() { running.withLock { $0 -= 1 } }
}

/// `GET /api/export?format=png|svg|pdf|gif|webp|apng|flipbook&scale=&time=&set=&appearance=`:
/// the current state as a download, byte for byte what `scenec render SCENE -o NAME.png --scale S
/// --time T --set … [--appearance …]` writes (or, for the frame files, `scenec frames SCENE -o
/// NAME.gif --scale S --set …`). The same compile as the page's pictures, then the renderer
/// `render` and `frames` make (SceneFile.renderer) with the page's clock (the configuration's
/// environment), the command line's PDF date and PNG compression. Behind the gate and the token
/// like every `/api/` route (docs/security.md). The file's name is in `X-Scenec-Filename` (and
/// Content-Disposition); a warning about the file, in `X-Scenec-Warning`.
extension PreviewAPI {
    /// A frame file is drawn on the request's thread: at most this many frames, and at most
    /// this many pixels over all its frames, else 422 with why (a 10,000-frame 4K timeline
    /// would hold the server for minutes).
    static let maxExportFrames = 1_200
    static let maxExportFramePixels = 1 << 28
    /// What a busy server asks the page to wait, in seconds, before trying again.
    static let exportRetrySeconds = 5

    func export(_ request: Request) -> Response {
        guard request.method == "GET" || request.method == "HEAD" else { return .onlyMethod("GET, HEAD") }
        let formatText = request.value("format") ?? ""
        let still = OutputFormat(rawValue: formatText)
        let frames = still == nil ? FrameFiles.Kind(rawValue: formatText) : nil
        guard still != nil || frames != nil else {
            return Self.badRequest("format must be png, svg, pdf, gif, webp, apng or flipbook, not '\(formatText)'")
        }
        if frames != nil, frameFiles == nil { return Self.badRequest("this server cannot write frame files") }
        let p: Parameters
        switch Self.parameters(request) {
        case .success(let v): p = v
        case .failure(let r): return r
        }
        // Scale means pixels per point, so only the pixel formats take it (as `render --scale`
        // changes nothing in a PDF or SVG).
        let inPixels = still == .png || (frames != nil && frames != .flipbook)
        let scale = inPixels ? p.scale : nil
        let (scene, _) = renders.compile(sets: p.sets, setTexts: p.setTexts, scale: scale,
                                         appearance: p.appearance, forPNG: inPixels)
        guard let animated = scene.animated else { return Self.unprocessable(scene) }
        var settings = SceneFile.RenderSettings(environment: renders.environment(),
                                                sourceDateEpoch: SceneFile.RenderSettings.current.sourceDateEpoch)
        let dark = (p.appearance ?? renders.frontend.options.appearance) == .dark
        let bytes: [UInt8]
        let name: String
        var warnings: [String] = []
        do {
            if let still {
                // Without `time`, the poster: what `render` draws without --time; past the end,
                // `render`'s error.
                var time = animated.scene.canvas.poster
                if p.time != nil {
                    switch moment(p, of: animated, scale: scale, forPNG: inPixels) {
                    case .success(let t): time = t
                    case .failure(let r): return r
                    }
                }
                name = Self.downloadName(scene: source.name, format: formatText, scale: scale, dark: dark,
                                         time: time == animated.scene.canvas.poster ? nil : time)
                bytes = try SceneFile.renderer(of: animated, settings).render(animated.views(at: time), as: still)
            } else if let frames, let frameFiles {
                guard let timeline = animated.scene.timeline else {
                    return Self.json(422, ["error": "the scene has no timeline, so there are no frames to export"])
                }
                settings.environment.deadline = SceneDeadline(seconds: frameFiles.seconds)
                let renderer = SceneFile.renderer(of: animated, settings)
                let count = timeline.frameCount(fps: timeline.fps)
                let (w, h) = renderer.pixelSize
                let (drawn, overflow) = count.multipliedReportingOverflow(by: w * h)
                guard count <= Self.maxExportFrames, !overflow, drawn <= Self.maxExportFramePixels else {
                    return Self.json(422, ["error": "the timeline has \(count) frames of \(w)×\(h) pixels; the preview exports "
                                               + "at most \(Self.maxExportFrames) frames and \(Self.maxExportFramePixels) pixels in all: "
                                               + "use scenec frames"])
                }
                guard frameFiles.slots.take() else {
                    return Response(status: 503, contentType: "application/json",
                                    body: Array(#"{"error":"another export is being drawn: try again when it has finished"}"#.utf8),
                                    headers: [("Retry-After", String(Self.exportRetrySeconds))])
                }
                defer { frameFiles.slots.give() }
                name = Self.downloadName(scene: source.name, format: formatText, scale: scale, dark: dark, time: nil)
                bytes = try frameFiles.make(frames, name, animated, renderer) { warnings.append($0) }
            } else {
                return .notFound
            }
        } catch let timeout as SceneTimeout {
            return Self.json(422, ["error": Self.stopped(timeout)])
        } catch {
            return .text(500, "cannot export: \(error)")
        }
        var headers = [("Content-Disposition", "attachment; filename=\"\(name)\""), ("X-Scenec-Filename", name)]
        if let warning = warnings.first { headers.append(("X-Scenec-Warning", Self.headerText(warning))) }
        return Response(status: 200, contentType: Self.contentType(formatText), body: bytes, headers: headers)
    }

    /// "the export took longer than 60 s and was stopped at frame 12 of 300, drawing ring 'r1'"
    /// with what to do: the timeout's own place, in the preview's words (it has no --scene-timeout).
    static func stopped(_ timeout: SceneTimeout) -> String {
        var at = ""
        if let frame = timeout.place.frame { at += " at frame \(frame.number) of \(frame.count)" }
        if let view = timeout.place.view { at += (at.isEmpty ? " at " : ", drawing ") + view.name }
        return "the export took longer than \(formatNumber(timeout.seconds)) s and was stopped\(at); "
            + "write it with scenec frames (--scene-timeout SECONDS) instead"
    }

    /// A message as a header value: printable ASCII only (a CR or LF would end the header).
    static func headerText(_ text: String) -> String {
        String(text.unicodeScalars.map { (0x20...0x7E).contains($0.value) ? Character($0) : "?" })
    }

    static func contentType(_ format: String) -> String {
        switch format {
        case "png": return "image/png"
        case "svg": return "image/svg+xml"
        case "gif": return "image/gif"
        case "webp": return "image/webp"
        case "apng": return "image/apng"
        default: return "application/pdf"
        }
    }

    /// `ring.scene.yaml` → `ring@2x.png`, `ring.gif`, `ring-flipbook.pdf`; drawn dark,
    /// `ring-dark@2x.png`; a still at another moment than the poster, `ring-t1.5s@2x.png`
    /// (`ring-dark-t1.5s.svg`), so no two different pictures save under one name. The name goes
    /// into a header, so only ASCII letters, digits, `-`, `_` and `.` are kept (a quote, CR or LF
    /// in a file name would end the header or the parameter); anything else becomes `_`.
    static func downloadName(scene: String, format: String, scale: Double?, dark: Bool = false, time: Double? = nil) -> String {
        var base = scene
        for suffix in [".scene.yaml", ".scene.yml", ".yaml", ".yml"] where base.hasSuffix(suffix) {
            base = String(base.dropLast(suffix.count))
            break
        }
        var safe = String(base.unicodeScalars.map { s -> Character in
            s.isASCII && (s.properties.isAlphabetic || ("0"..."9").contains(s) || "-_.".unicodeScalars.contains(s)) ? Character(s) : "_"
        })
        // A name of dots alone (`..`) would mean a folder to some browsers.
        if safe.allSatisfy({ $0 == "." || $0 == "_" }) { safe = "scene" }
        if safe.count > 100 { safe = String(safe.prefix(100)) }
        if dark { safe += "-dark" }
        if let time { safe += "-t\(formatNumber(time))s" }
        let scaled = scale.map { "@\(formatNumber($0))x" } ?? ""
        switch format {
        case "flipbook": return "\(safe)-flipbook.pdf"
        default: return "\(safe)\(scaled).\(format)"
        }
    }
}
