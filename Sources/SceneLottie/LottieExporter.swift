import SceneAnimation
import SceneFonts
import SceneLayout
import SceneModel
import SceneSupport
import SceneSyntax

/// A checked, laid-out scene and its timeline as a Lottie (Bodymovin) animation: each view a
/// layer (a shape layer; a precomposition when it has children, so a fading container fades as
/// one picture), placed and turned by its layer transform; its background, content and border
/// as shape groups; text as glyph outlines (TextExport). What Lottie cannot express is a located
/// warning (LottieCoverage).
public struct LottieExporter {
    public let scene: Scene
    public let placed: [PlacedView]
    public let sampler: Sampler
    /// Seconds since midnight, for clocks showing `now`.
    public let now: Double
    /// `--scene-timeout`: read before each view is exported (a view's work is bounded by the
    /// frame limit); nil for no limit.
    public let deadline: SceneDeadline?
    /// The fonts text is set in (the scene's `fonts:` and the defaults).
    public let fonts: FontLibrary
    /// How much changing text is outlined and kept.
    public let textBudget: TextBudget

    public init(scene: Scene, placed: [PlacedView], sampler: Sampler, now: Double, deadline: SceneDeadline? = nil,
                fonts: FontLibrary? = nil, textBudget: TextBudget = .standard) {
        self.textBudget = textBudget
        self.scene = scene
        self.placed = placed
        self.sampler = sampler
        self.now = now
        self.deadline = deadline
        self.fonts = fonts ?? FontLibrary.of(scene)
    }

    public struct Result {
        /// The JSON text, one line.
        public var json: String
        public var warnings: [Diagnostic]
    }

    public func export(name: String) throws(SceneTimeout) -> Result {
        let timeline = scene.timeline
        let fps = timeline?.fps ?? 30
        let frames = Swift.max(1, timeline?.frameCount(fps: fps) ?? 1)
        var tracks: [String: [Animation]] = [:]
        var animated: [String: Set<String>] = [:]
        for animation in timeline?.animations ?? [] {
            tracks[animation.viewID + "." + animation.attribute.name, default: []].append(animation)
            animated[animation.viewID, default: []].insert(animation.attribute.name)
        }
        // In order of begin, as the sampler takes them.
        for (key, track) in tracks {
            tracks[key] = track.enumerated().sorted { ($0.element.begin, $0.offset) < ($1.element.begin, $1.offset) }.map(\.element)
        }
        let text = try TextExport(placed: placed, sampler: sampler, animated: animated, fonts: fonts, now: now,
                                  frames: frames, fps: fps, budget: textBudget, deadline: deadline)
        var composer = Composer(builder: PropertyBuilder(fps: fps, lastFrame: frames - 1, tracks: tracks),
                                animated: animated, sampler: sampler, now: now, frames: frames, deadline: deadline)
        composer.text = text.groups
        composer.clips = text.clips
        composer.warnings = text.warnings
        var layers = try composer.layers(for: placed, offset: (0, 0), path: [])
        let canvas = scene.canvas
        if !canvas.background.isClear {
            let rect = Shapes.group("background", [
                Shapes.rect(center: Shapes.fixed([canvas.width / 2, canvas.height / 2]),
                            size: Shapes.fixed([canvas.width, canvas.height]), radius: Shapes.fixed(0)),
                Shapes.fill(Shapes.Paint(color: Shapes.fixed([canvas.background.red, canvas.background.green, canvas.background.blue]),
                                         opacity: Shapes.fixed(canvas.background.alpha * 100))),
            ])
            layers.append(composer.shapeLayer("canvas background", [rect], index: layers.count + 1,
                                              transform: Composer.placement(position: [0, 0], anchor: [0, 0])))
        }
        let document: JSONValue = [
            "v": "5.7.0", "ver": 10001, "nm": .string(name), "fr": .number(fps), "ip": 0, "op": .number(Double(frames)),
            "w": .number(canvas.width.rounded(.up)), "h": .number(canvas.height.rounded(.up)), "ddd": 0,
            "assets": .array(composer.assets), "layers": .array(layers),
        ]
        // Writing is linear in what was built (the text within its budget); the time is read first.
        try deadline?.check(reached: .init())
        return Result(json: LottieJSON.compact(document) + "\n", warnings: composer.warnings.sortedByPosition())
    }
}

/// Builds the layers view by view, collecting the precompositions and the warnings.
struct Composer {
    let builder: PropertyBuilder
    let animated: [String: Set<String>]
    let sampler: Sampler
    let now: Double
    let frames: Int
    let deadline: SceneDeadline?
    var assets: [JSONValue] = []
    var warnings: [Diagnostic] = []
    /// Each view's text as shapes (TextExport), by its place in the tree.
    var text: [[Int]: JSONValue] = [:]
    /// Where each view's text is clipped (TextExport), by its place in the tree.
    var clips: [[Int]: Rect] = [:]

    init(builder: PropertyBuilder, animated: [String: Set<String>], sampler: Sampler, now: Double, frames: Int,
         deadline: SceneDeadline?) {
        self.builder = builder
        self.animated = animated
        self.sampler = sampler
        self.now = now
        self.frames = frames
        self.deadline = deadline
    }

    /// Layers for sibling views, the last drawn (the last view) first. `offset`: where the
    /// parent's origin is in the composition holding them; `path`: the parent's place in the tree.
    mutating func layers(for views: [PlacedView], offset: (Double, Double), path: [Int]) throws(SceneTimeout) -> [JSONValue] {
        var layers: [JSONValue] = []
        for (i, view) in views.reversed().enumerated() {
            layers.append(try layer(for: view, offset: offset, index: i + 1, path: path + [views.count - 1 - i]))
        }
        return layers
    }

    mutating func layer(for placed: PlacedView, offset: (Double, Double), index: Int, path: [Int]) throws(SceneTimeout) -> JSONValue {
        try deadline?.check(reached: .init(view: (placed.view.displayName, placed.view.range)))
        let timeline = ViewTimeline(placed: placed, animated: placed.view.id.flatMap { animated[$0] } ?? [], sampler: sampler)
        let view = ViewExport(timeline: timeline, builder: builder, now: now, text: text[path])
        warn(about: placed.view)
        let f = placed.frame
        let name = placed.view.id ?? placed.view.displayName
        let radius = { (v: ResolvedView) in
            Swift.max(0, Swift.min(v[Layer.cornerRadius].resolved(against: Swift.min(f.width, f.height)), Swift.min(f.width, f.height) / 2))
        }
        let background = Shapes.group("background", [
            Shapes.rect(center: Shapes.fixed(view.center), size: Shapes.fixed([f.width, f.height]),
                        radius: view.scalar([Layer.cornerRadius], Tolerance.points, radius)),
            Shapes.fill(view.paint(Layer.backgroundColor)),
        ])
        let borderWidth = { (v: ResolvedView) in Swift.min(v[Layer.borderWidth], Swift.min(f.width, f.height) / 2) }
        let border = Shapes.group("border", [
            Shapes.rect(center: Shapes.fixed(view.center),
                        size: view.vector([Layer.borderWidth], Tolerance.points) { [f.width - borderWidth($0), f.height - borderWidth($0)] },
                        radius: view.scalar([Layer.cornerRadius, Layer.borderWidth], Tolerance.points) { Swift.max(0, radius($0) - borderWidth($0) / 2) }),
            Shapes.stroke(view.paint(Layer.borderColor),
                          width: view.scalar([Layer.borderWidth], Tolerance.points) { Swift.max(0, borderWidth($0)) }, cap: "butt"),
        ])
        let content = placed.view.type.exporter?.shapes(view) ?? []
        let transform = Self.placement(
            position: [offset.0 + f.x + f.width / 2, offset.1 + f.y + f.height / 2], anchor: [f.width / 2, f.height / 2],
            rotation: view.scalar([Layer.rotation], Tolerance.degrees) { $0[Layer.rotation].degrees },
            opacity: view.scalar([Layer.opacity, Layer.hidden], Tolerance.percent) { $0[Layer.hidden] ? 0 : $0[Layer.opacity] * 100 })
        // Overflowing text clipped to its box: a mask on the layer that holds it.
        let clip = clips[path]
        let clipped = { (layer: JSONValue) in
            clip.map { layer.setting("hasMask", true).setting("masksProperties", TextExport.mask($0)) } ?? layer
        }
        guard !placed.children.isEmpty else {
            return clipped(shapeLayer(name, [border] + content + [background], index: index, transform: transform))
        }
        // Children in a precomposition of their own, with room around the view for children
        // placed outside it (a precomposition clips to its size).
        let room = Self.reach(of: placed).rounded(.up)
        let inner = Self.placement(position: [room, room], anchor: [0, 0])
        var contents = [shapeLayer(name + " border", [border], index: 1, transform: inner)]
        contents += try layers(for: placed.children, offset: (room, room), path: path).enumerated().map { i, layer in
            layer.setting("ind", .number(Double(i + 2)))
        }
        contents.append(clipped(shapeLayer(name + " content", content + [background], index: contents.count + 1, transform: inner)))
        let id = "view-\(assets.count + 1)"
        assets.append(["id": .string(id), "nm": .string(name), "layers": .array(contents)])
        let size = (f.width + 2 * room).rounded(.up), height = (f.height + 2 * room).rounded(.up)
        return [
            "ty": 0, "nm": .string(name), "ind": .number(Double(index)), "refId": .string(id),
            "w": .number(size), "h": .number(height), "ip": 0, "op": .number(Double(frames)), "st": 0,
            "ks": transform.setting("a", Shapes.fixed([f.width / 2 + room, f.height / 2 + room])),
        ]
    }

    /// How far a view's descendants can reach from it (each frame's offset and size, added up).
    static func reach(of placed: PlacedView) -> Double {
        placed.children.reduce(Swift.max(placed.frame.width, placed.frame.height)) {
            $0 + abs($1.frame.x) + abs($1.frame.y) + $1.frame.width + $1.frame.height + reach(of: $1)
        }
    }

    func shapeLayer(_ name: String, _ shapes: [JSONValue], index: Int, transform: JSONValue) -> JSONValue {
        ["ty": 4, "nm": .string(name), "ind": .number(Double(index)), "ip": 0, "op": .number(Double(frames)), "st": 0,
         "ks": transform, "shapes": .array(shapes)]
    }

    /// A layer's transform: `anchor` (in the layer's coordinates) lands on `position`; it turns
    /// about the anchor.
    /// The rotation is written twice: as `r`, which the format names and lottie-web reads, and
    /// as `rz`, the only one rlottie reads on a layer (lottie-ios and lottie-android take either).
    static func placement(position: [Double], anchor: [Double], rotation: JSONValue = Shapes.fixed(0),
                          opacity: JSONValue = Shapes.fixed(100)) -> JSONValue {
        ["a": Shapes.fixed(anchor), "p": Shapes.fixed(position), "s": Shapes.fixed([100, 100]), "r": rotation,
         "rz": rotation, "o": opacity]
    }

    /// The located warnings for what this view has that Lottie cannot express.
    mutating func warn(about view: SceneView) {
        for spec in view.type.kind.attributes {
            guard let mapping = LottieCoverage.mapping(view.type, spec.name), let entry = view.values.resolved(spec.name) else { continue }
            let range = entry.range.isNone ? view.range : entry.range
            switch mapping {
            case .leftOut(let unless, let reason) where entry.value != unless:
                warnings.append(.warning(.lottieUnsupported, "Lottie cannot express \(spec.name); \(reason)", at: range))
            case .exported(_, let except?, let reason) where entry.value == except:
                warnings.append(.warning(.lottieUnsupported, "Lottie cannot express \(spec.name): \(entry.value); \(reason)", at: range))
            default:
                break
            }
        }
    }
}
