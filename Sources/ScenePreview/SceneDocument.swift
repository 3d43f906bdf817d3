import SceneCheck
import SceneLayout
import SceneModel
import SceneSupport
import SceneSyntax
import ScenecKit

/// `GET /api/scene`: the `inspect --json` document at a time, with each view's address and the
/// prefix its overrides use, the timeline, the registry and the diagnostics.
struct SceneDocument: Encodable {
    /// One view as `inspect --json` shows it, plus where it sits in the file.
    struct View: Encodable {
        /// `views[0].children[2]`: names a view with no id.
        var address: String
        /// What `set=` names the view by (`download` in `download.progress=0.3`); nil when the
        /// overrides cannot reach it yet (a view without an id).
        var setPrefix: String?
        var id: String?
        var type: String
        var frame: InspectReport.Frame
        /// By its frame in its parent's box, or by the stack or grid holding it.
        var placement: Placement
        /// The frame as written, for a view placed by its frame; nil for one a container places.
        var frameForm: FrameForm?
        var attributes: [InspectReport.AttributeInfo]
        /// The component an instance is of, and its arguments with where each came from
        /// (inspect's; the inspector's Arguments section); nil for other views.
        var component: String?
        var arguments: [InspectReport.ArgumentInfo]?
        /// Each colour attribute's form as written, by attribute name (the colour control's state).
        var colorForms: [String: ColorFormInfo]
        var children: [View]
        /// For each attribute the page's overrides set, the value the file itself gives now, so
        /// a page whose file changed on disk shows both (nil without overrides); for each frame
        /// key they set, `frame.x` …, the file's own text (`"100% - 20"`), null where the file's
        /// frame does not write that key.
        var fileValues: [String: JSONScalar]?
    }

    struct TimelineInfo: Encodable {
        var fps: Double
        var duration: Double
        var frames: Int
        var loop: Bool
        /// `canvas.poster` in seconds: the moment the page opens at, as stills show the scene.
        var poster: Double
    }

    var file: String
    var hash: String
    var time: Double
    /// light or dark: the appearance the colours were resolved for.
    var appearance: String
    var canvas: InspectReport.CanvasInfo
    var views: [View]
    var timeline: TimelineInfo?
    var diagnostics: [JSONValue]
    var registry: RegistryDescription
    /// The `--set`s `scenec preview` was started with: the page's first overrides.
    var initialSet: [String]
    /// The `--vary` cells, each drawn with the page's overrides and then its own, with its row
    /// and column; and the grid's row and column labels (nil without `--vary`): the grid's one
    /// shape, which the page and the static sheet both read.
    var variants: [Variants.Cell]
    var variantHeaders: Variants.Headers?
    /// The font families the scene's text can use (the default fonts' and its `fonts:`), for the
    /// font menu; colour emoji fonts are left out, as they are never a text's family.
    var fonts: [String]

    /// `fileScene` is the scene compiled without the page's overrides (nil when there are none):
    /// where `fileValues` come from; `overrides` are those overrides, for the frame keys they set.
    init(scene: CompiledScene, animated: AnimatedScene, hash: String, time: Double, initialSet: [String],
         variants: Variants = .empty, fileScene: AnimatedScene? = nil, overrides: [Override] = []) {
        file = scene.file.name
        self.hash = hash
        self.time = time
        let report = InspectReport(scene: animated.scene, placed: animated.views(at: time),
                                   sampler: animated.sampler, time: time)
        appearance = report.appearance
        canvas = report.canvas
        let placed = animated.views(at: time)
        let canvasBox = Rect(x: 0, y: 0, width: animated.scene.canvas.width, height: animated.scene.canvas.height)
        views = report.views.enumerated().map { i, v in
            Self.view(v, placed: placed.indices.contains(i) ? placed[i] : nil, placement: .frame(in: canvasBox),
                      appearance: animated.scene.appearance, address: "views[\(i)]", sampler: animated, time: time)
        }
        timeline = animated.scene.timeline.map {
            TimelineInfo(fps: $0.fps, duration: $0.length.isFinite ? $0.length : 0,
                         frames: $0.frameCount(fps: $0.fps), loop: $0.loop, poster: animated.scene.canvas.poster)
        }
        diagnostics = scene.diagnostics.map { JSONDiagnostic($0, file: scene.file.name).json }
        registry = .shared
        self.initialSet = initialSet
        self.variants = variants.cells
        variantHeaders = variants.headers
        fonts = animated.fonts.families.filter { !animated.fonts.isColor($0) }
        if let file = fileScene {
            let fileReport = InspectReport(scene: file.scene, placed: file.views(at: time), sampler: file.sampler, time: time)
            let frameKeys = overrides.compactMap { o -> (ViewSelector, String)? in
                guard case .view(let selector, _) = o.address, let key = o.address.frameKey else { return nil }
                return (selector, key)
            }
            views = Self.withFileValues(views, file: fileReport.views, placed: file.views(at: time), frameKeys: frameKeys)
        }
    }

    /// `views` with each overridden attribute's and frame key's file value, matched by address:
    /// overrides never add or remove views, so the file's views sit at the same index paths.
    static func withFileValues(_ views: [View], file: [InspectReport.ViewInfo], placed: [PlacedView],
                               frameKeys: [(ViewSelector, String)], parent: [Int] = []) -> [View] {
        views.enumerated().map { i, view in
            guard file.indices.contains(i) else { return view }
            var view = view
            let fileAttributes = Dictionary(file[i].attributes.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
            var overridden = view.attributes.filter { $0.source == "--set" }.compactMap { a in fileAttributes[a.name].map { (a.name, $0) } }
            let indices = parent + [i]
            let path = ViewPath(root: indices[0], children: Array(indices.dropFirst()))
            let filePlaced = placed.indices.contains(i) ? placed[i] : nil
            if let spec = filePlaced?.view.frame {
                let form = FrameForm(spec)
                for (selector, key) in frameKeys where selector.selects(id: view.id, path: path) {
                    overridden.append((SceneAddress.frameKeyPrefix + key, form.text(of: key).map(JSONScalar.text) ?? .null))
                }
            }
            view.fileValues = overridden.isEmpty ? nil : Dictionary(overridden, uniquingKeysWith: { a, _ in a })
            view.children = withFileValues(view.children, file: file[i].children, placed: filePlaced?.children ?? [],
                                           frameKeys: frameKeys, parent: indices)
            return view
        }
    }

    /// `placed` is the same view as laid out, read for what the report does not carry (colour forms).
    static func view(_ v: InspectReport.ViewInfo, placed: PlacedView?, placement: Placement, appearance: Appearance,
                     address: String, sampler: AnimatedScene, time: Double) -> View {
        let children = v.children.enumerated().map { i, child in
            let placedChild = placed.flatMap { $0.children.indices.contains(i) ? $0.children[i] : nil }
            let childPlacement = placed.map { Placement.child(of: $0, at: address) }
                ?? Placement(by: "frame", parentBox: v.frame)
            return view(child, placed: placedChild, placement: childPlacement, appearance: appearance,
                        address: "\(address).children[\(i)]", sampler: sampler, time: time)
        }
        let frameForm = placement.by == "frame" ? placed.flatMap { p in p.view.frame.map { FrameForm($0) } } : nil
        var forms: [String: ColorFormInfo] = [:]
        for attribute in v.attributes where attribute.source != "timeline" {
            // A default colour has no written form: it is shown as the hex a user would type.
            guard let entry = placed?.values.resolved(attribute.name), case .color(let c) = entry.value else { continue }
            forms[attribute.name] = ColorFormInfo(entry.form ?? .hex(c), appearance: appearance)
        }
        return View(address: address, setPrefix: v.id ?? address, id: v.id, type: v.type, frame: v.frame,
                    placement: placement, frameForm: frameForm, attributes: v.attributes, component: v.component,
                    arguments: v.arguments, colorForms: forms, children: children)
    }
}

/// The body of a 422: the diagnostics as `--diagnostics json` gives them, and as the command
/// line prints them (`file:line:col: error: …`, the source line, a caret).
struct DiagnosticsDocument: Encodable {
    var diagnostics: [JSONValue]
    var text: String

    init(_ scene: CompiledScene) {
        self.init(diagnostics: scene.diagnostics, file: scene.file)
    }

    init(diagnostics: [Diagnostic], file: SourceFile) {
        self.diagnostics = diagnostics.map { JSONDiagnostic($0, file: file.name).json }
        text = diagnostics.map { $0.rendered(in: file) }.joined()
    }
}
