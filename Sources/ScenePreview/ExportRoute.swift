import SceneModel
import SceneRender
import ScenecKit

/// The files made of every frame of the timeline — an animated GIF, WebP or APNG, a flipbook
/// PDF — exactly as `scenec frames` writes them. ScenecBuild encodes them and depends on this
/// module (not the other way round), so the command hands its encoder in through
/// `PreviewServer.Configuration.frameFiles`; without one the page offers stills only.
package struct FrameFiles: Sendable {
    package enum Kind: String, Sendable, CaseIterable {
        case gif, webp, apng, flipbook
    }

    /// The whole file for the scene's timeline at its fps, drawn with `renderer`.
    package var make: @Sendable (Kind, AnimatedScene, Renderer) throws -> [UInt8]

    package init(_ make: @escaping @Sendable (Kind, AnimatedScene, Renderer) throws -> [UInt8]) {
        self.make = make
    }
}

/// `GET /api/export?format=png|svg|pdf|gif|webp|apng|flipbook&scale=&time=&set=&appearance=`:
/// the current state as a download, byte for byte what `scenec render SCENE -o NAME.png --scale S
/// --time T --set … [--appearance …]` writes (or, for the frame files, `scenec frames SCENE -o
/// NAME.gif --scale S --set …`). The same compile as the page's pictures, then the renderer
/// `render` and `frames` make (SceneFile.renderer), with the command line's PDF date and PNG
/// compression. Behind the gate and the token like every `/api/` route (docs/security.md).
extension PreviewAPI {
    /// A frame file is drawn on the request's thread: at most this many frames, and at most
    /// this many pixels over all its frames, else 422 with why (a 10,000-frame 4K timeline
    /// would hold the server for minutes).
    static let maxExportFrames = 1_200
    static let maxExportFramePixels = 1 << 28

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
        let (scene, _) = renders.compile(sets: p.sets, setTexts: p.setTexts, scale: inPixels ? p.scale : nil,
                                         appearance: p.appearance, forPNG: inPixels)
        guard let animated = scene.animated else { return Self.unprocessable(scene) }
        let renderer = SceneFile.renderer(of: animated, .current)
        let bytes: [UInt8]
        do {
            if let still {
                // Without `time`, the poster: what `render` draws without --time.
                var time = animated.scene.canvas.poster
                if p.time != nil {
                    switch Self.seconds(p.time, fps: animated.fileFPS) {
                    case .success(let t): time = t
                    case .failure(let r): return r
                    }
                }
                bytes = try renderer.render(animated.views(at: time), as: still)
            } else if let frames, let frameFiles {
                guard let timeline = animated.scene.timeline else {
                    return Self.json(422, ["error": "the scene has no timeline, so there are no frames to export"])
                }
                let count = timeline.frameCount(fps: timeline.fps)
                let (w, h) = renderer.pixelSize
                let (drawn, overflow) = count.multipliedReportingOverflow(by: w * h)
                guard count <= Self.maxExportFrames, !overflow, drawn <= Self.maxExportFramePixels else {
                    return Self.json(422, ["error": "the timeline has \(count) frames of \(w)×\(h) pixels; the preview exports "
                                               + "at most \(Self.maxExportFrames) frames and \(Self.maxExportFramePixels) pixels in all: "
                                               + "use scenec frames"])
                }
                bytes = try frameFiles.make(frames, animated, renderer)
            } else {
                return .notFound
            }
        } catch {
            return .text(500, "cannot export: \(error)")
        }
        let name = Self.downloadName(scene: source.name, format: formatText, scale: inPixels ? p.scale : nil)
        return Response(status: 200, contentType: Self.contentType(formatText), body: bytes,
                        headers: [("Content-Disposition", "attachment; filename=\"\(name)\"")])
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

    /// `ring.scene.yaml` → `ring@2x.png`, `ring.gif`, `ring-flipbook.pdf`. The name goes into a
    /// header, so only ASCII letters, digits, `-`, `_` and `.` are kept (a quote, CR or LF in a
    /// file name would end the header or the parameter); anything else becomes `_`.
    static func downloadName(scene: String, format: String, scale: Double?) -> String {
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
        let scaled = scale.map { "@\(formatNumber($0))x" } ?? ""
        switch format {
        case "flipbook": return "\(safe)-flipbook.pdf"
        default: return "\(safe)\(scaled).\(format)"
        }
    }
}
