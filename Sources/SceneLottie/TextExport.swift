import SceneAnimation
import SceneFonts
import SceneLayout
import SceneModel
import SceneRender
import SceneSupport
import SceneSyntax

/// A view's text over the animation: each different drawing of it (its glyph outlines, as
/// SceneRender's drawers place them) and which one each frame shows, in which colours (an
/// animated colour does not make a new drawing).
struct TextTrack {
    var drawings: [[[OutlineSegment]]] = []
    /// For each frame, the index of its drawing.
    var shown: [Int] = []
    /// For each frame, each block's colour.
    var colors: [[Color]] = []
    /// Characters left out (in colour fonts), each once.
    var pictures = ""
    /// The rectangle any drawing's text is clipped to (overflowing text), all frames together.
    var clip: Rect?

    /// Adds a frame's text; returns whether it is a drawing not seen before.
    @discardableResult
    mutating func append(_ outlines: [TextOutline]) -> Bool {
        let drawing = outlines.map(\.segments)
        var made = false
        if let last = shown.last, drawings[last] == drawing {
            shown.append(last)
        } else if let index = drawings.firstIndex(of: drawing) {
            shown.append(index)
        } else {
            drawings.append(drawing)
            shown.append(drawings.count - 1)
            made = true
        }
        colors.append(outlines.map(\.color))
        for rect in outlines.compactMap(\.clip) {
            guard let known = clip else { clip = rect; continue }
            let x = Swift.min(known.x, rect.x), y = Swift.min(known.y, rect.y)
            clip = Rect(x: x, y: y, width: Swift.max(known.x + known.width, rect.x + rect.width) - x,
                        height: Swift.max(known.y + known.height, rect.y + rect.height) - y)
        }
        for character in outlines.map(\.pictureCharacters).joined() where !pictures.contains(character) {
            pictures.append(character)
        }
        return made
    }

    /// A frame not outlined: the last frame's drawing, in its colours.
    mutating func hold() {
        guard let last = shown.last, let lastColors = colors.last else { return }
        shown.append(last)
        colors.append(lastColors)
    }

    /// The colour of drawing `index`'s block `block` at each frame it shows (the last one it
    /// showed at other frames), as a property: one value, or a keyframe where it changes.
    func color(of index: Int, block: Int) -> (color: JSONValue, opacity: JSONValue) {
        // One value per frame, in frame order (frames it does not show carry the last).
        var perFrame: [[Double]] = []
        var last = [0.0, 0, 0, 100]
        if let first = shown.firstIndex(of: index), block < colors[first].count {
            let c = colors[first][block].clamped
            last = [c.red, c.green, c.blue, c.alpha * 100]
        }
        for (frame, shownIndex) in shown.enumerated() {
            if shownIndex == index, block < colors[frame].count {
                let c = colors[frame][block].clamped
                last = [c.red, c.green, c.blue, c.alpha * 100]
            }
            perFrame.append(last)
        }
        func property(_ part: (([Double]) -> [Double])) -> Property {
            let series = perFrame.map(part)
            guard let first = series.first, series.contains(where: { $0 != first }) else { return .fixed(series.first ?? []) }
            var keys: [Keyframe] = []
            for (frame, value) in series.enumerated() {
                // A frame between two of the same value adds nothing.
                if frame > 0, frame + 1 < series.count, series[frame - 1] == value, series[frame + 1] == value { continue }
                keys.append(Keyframe(t: Double(frame), value: value, motion: .linear))
            }
            return .animated(Curve(keys: keys))
        }
        return (property { Array($0.prefix(3)) }.vector, property { [$0[3]] }.scalar)
    }
}

/// How much changing text one export outlines and keeps, so a long animation of changing text
/// (an animated `fontSize`, thousands of bound labels) costs bounded time, memory and output
/// (docs/handoff.md says what happens beyond it).
public struct TextBudget: Sendable, Equatable {
    /// Views' texts outlined after the first frame, about (a step of frames that makes too many
    /// drawings is tried again, coarser).
    public var outlinings: Int
    /// Different drawings kept after the first frame's (each a full copy of the glyphs in the
    /// file). Beyond either, changing text is drawn at a coarser step of frames, held in between.
    public var drawings: Int

    public init(outlinings: Int, drawings: Int) {
        self.outlinings = outlinings
        self.drawings = drawings
    }

    public static let standard = TextBudget(outlinings: 20_000, drawings: 1_000)

    /// Every how many frames `views` changing texts over `frames` frames are outlined.
    func step(views: Int, frames: Int) -> Int {
        let wanted = views * Swift.max(0, frames - 1)
        guard wanted > outlinings, outlinings > 0 else { return outlinings > 0 ? 1 : Swift.max(1, frames) }
        return Swift.min((wanted + outlinings - 1) / outlinings, Swift.max(1, frames))
    }
}

/// Text in Lottie as glyph outlines in shape groups, so players draw it without the fonts. The
/// outlines come from SceneRender's own drawers (TextOutliner), at every frame for a view whose
/// text can change (its own attributes animated, or text showing values), once for the rest;
/// each different drawing is a group shown by hold opacity keyframes at the frames it is drawn.
struct TextExport {
    /// The text groups by view, keyed by the view's place in the tree (child indices).
    var groups: [[Int]: JSONValue] = [:]
    /// Where a view's drawer clips its text (overflowing text, clipped to its box), by view.
    var clips: [[Int]: Rect] = [:]
    var warnings: [Diagnostic] = []

    init(placed: [PlacedView], sampler: Sampler, animated: [String: Set<String>], fonts: FontLibrary, now: Double,
         frames: Int, fps: Double, budget: TextBudget, deadline: SceneDeadline?) throws(SceneTimeout) {
        guard let outliner = TextOutliner(fonts: fonts, environment: RenderEnvironment(nowSecondsSinceMidnight: now)) else { return }
        var tracks: [[Int]: TextTrack] = [:]
        // In the walk's order (for the warnings), and as a set (for the lookups).
        var changing: [[Int]] = [], changingSet: Set<[Int]> = []
        let start = sampler.sample(placed, at: 0)
        outliner.moment(start)
        try Self.walk(start, path: []) { (view, path) throws(SceneTimeout) in
            try deadline?.check(reached: .init(view: (view.view.displayName, view.view.range)))
            var track = TextTrack()
            track.append(outliner.text(of: view))
            guard !track.drawings[0].isEmpty else { return }
            tracks[path] = track
            if frames > 1, Self.canChange(view.view, animated: animated) {
                changing.append(path)
                changingSet.insert(path)
            }
        }
        var warnings: [Diagnostic] = []
        if let first = changing.first, let view = Self.view(at: first, in: placed)?.view {
            // Every `step` frames, so the outlining stays within the budget; a step that makes
            // more drawings than it keeps is doubled and the frames outlined again (the work
            // stays within about twice the budget), so the text follows the whole animation,
            // coarser, rather than stopping part way.
            var step = budget.step(views: changing.count, frames: frames)
            let start = tracks
            while try !Self.outline(changing, into: &tracks, every: step, frames: frames, fps: fps, keeping: budget.drawings,
                                    placed: placed, sampler: sampler, outliner: outliner, deadline: deadline) {
                tracks = start
                step = Swift.min(step * 2, frames)
            }
            if step > 1 {
                let others = changing.count > 1 ? " (and \(changing.count - 1) other views')" : ""
                let instead = step >= frames ? "it keeps its first frame's drawing throughout"
                                             : "it is drawn every \(step) frames and held in between"
                warnings.append(.warning(.lottieUnsupported,
                                         "the text of \(view.displayName)\(others) changes over \(frames) frames, more than the export outlines and keeps (\(budget.outlinings) texts, \(budget.drawings) different drawings after the first frame): \(instead)",
                                         at: Self.textRange(of: view)))
            }
        }
        var groups: [[Int]: JSONValue] = [:], clips: [[Int]: Rect] = [:]
        try Self.walk(placed, path: []) { (view, path) throws(SceneTimeout) in
            guard let track = tracks[path] else { return }
            try deadline?.check(reached: .init(view: (view.view.displayName, view.view.range)))
            groups[path] = Self.group(track, frames: changingSet.contains(path) ? frames : 1)
            clips[path] = track.clip
            let pictures = track.pictures
            if !pictures.isEmpty {
                warnings.append(.warning(.lottieUnsupported,
                                         "Lottie cannot express colour glyphs ('\(pictures)'); a colour font's glyphs are pictures, not outlines: they are left out of the animation",
                                         at: Self.textRange(of: view.view)))
            }
        }
        self.groups = groups
        self.clips = clips
        self.warnings = warnings
    }

    /// The changing views' text at every `step`th frame after the first, held in between;
    /// false as soon as there are more than `keeping` drawings after the first frame's.
    static func outline(_ changing: [[Int]], into tracks: inout [[Int]: TextTrack], every step: Int, frames: Int, fps: Double,
                        keeping: Int, placed: [PlacedView], sampler: Sampler, outliner: TextOutliner,
                        deadline: SceneDeadline?) throws(SceneTimeout) -> Bool {
        var made = 0
        for frame in 1..<frames {
            guard frame % step == 0 else {
                for path in changing { tracks[path]?.hold() }
                continue
            }
            let views = sampler.sample(placed, at: Double(frame) / fps)
            outliner.moment(views)
            for path in changing {
                guard let view = Self.view(at: path, in: views) else { continue }
                try deadline?.check(reached: .init(view: (view.view.displayName, view.view.range)))
                if tracks[path]?.append(outliner.text(of: view)) == true { made += 1 }
                if made > keeping { return false }
            }
        }
        return true
    }

    /// Whether a view's text may differ between frames: an attribute its drawer reads is animated
    /// (not one of the layer's: a label that only fades or turns keeps one drawing, and an
    /// animated colour is a keyframed fill of it), or some text of it shows values
    /// (`{ring.progress:percent}`, not an escaped brace), which any animation may move.
    static func canChange(_ view: SceneView, animated: [String: Set<String>]) -> Bool {
        if let id = view.id, (animated[id] ?? []).contains(where: { LottieCoverage.layer[$0] == nil }) { return true }
        guard !animated.isEmpty else { return false }
        return view.type.kind.attributes.contains { spec in
            guard case .text(let text)? = view.values.resolved(spec.name)?.value else { return false }
            guard case .success(let template) = TextTemplate.parse(text) else { return false }
            return !template.bindings.isEmpty
        }
    }

    /// Where the view's text is written (its kind's attribute that is text in Lottie), else the view.
    static func textRange(of view: SceneView) -> SourceRange {
        let text = view.type.kind.attributes.first { LottieCoverage.mapping(view.type, $0.name) == .exported(LottieCoverage.text) }
        guard let range = text.flatMap({ view.values.resolved($0.name)?.range }), !range.isNone else { return view.range }
        return range
    }

    /// Each view and its place, in the order the Composer makes their layers (the last sibling
    /// first), so a timeout names the view the export of layers would have reached first.
    static func walk(_ views: [PlacedView], path: [Int], _ body: (PlacedView, [Int]) throws(SceneTimeout) -> Void) throws(SceneTimeout) {
        for (i, view) in views.enumerated().reversed() {
            try body(view, path + [i])
            try walk(view.children, path: path + [i], body)
        }
    }

    static func view(at path: [Int], in views: [PlacedView]) -> PlacedView? {
        guard let first = path.first, views.indices.contains(first) else { return nil }
        return path.count == 1 ? views[first] : view(at: Array(path.dropFirst()), in: views[first].children)
    }

    /// The layer's mask for text clipped to `rect`: Lottie clips only whole layers, and a view's
    /// layer draws nothing outside its box but overflowing text, so a mask of the box clips only it.
    static func mask(_ rect: Rect) -> JSONValue {
        let corners = [[rect.x, rect.y], [rect.x + rect.width, rect.y], [rect.x + rect.width, rect.y + rect.height],
                       [rect.x, rect.y + rect.height]]
        let zero = JSONValue.array(corners.map { _ in LottieJSON.numbers([0, 0]) })
        let path: JSONValue = ["c": true, "v": .array(corners.map(LottieJSON.numbers)), "i": zero, "o": zero]
        return .array([["nm": "text clip", "inv": false, "mode": "a", "pt": ["a": 0, "k": path], "o": Shapes.fixed(100),
                        "x": Shapes.fixed(0)]])
    }

    /// The view's text: one group of its drawing, or a group per drawing each shown (opacity
    /// 100, else 0, in hold keyframes) at the frames that draw it.
    static func group(_ track: TextTrack, frames: Int) -> JSONValue {
        guard track.drawings.count > 1 else { return Shapes.group("text", drawing(track, 0)) }
        let drawings = track.drawings.indices.map { index -> JSONValue in
            var keys: [Keyframe] = []
            for (frame, shown) in track.shown.prefix(frames).enumerated() {
                let opacity: Double = shown == index ? 100 : 0
                if keys.last?.value != [opacity] { keys.append(Keyframe(t: Double(frame), value: [opacity], motion: .hold)) }
            }
            let property = keys.count > 1 ? Property.animated(Curve(keys: keys)) : Property.fixed(keys.first?.value ?? [0])
            return Shapes.group("text \(index + 1)", drawing(track, index), transform: Shapes.transform(opacity: property.scalar))
        }
        return Shapes.group("text", drawings)
    }

    /// One drawing: each block of text a group of its glyphs' contours filled in its colour
    /// (the last drawn first, on top).
    static func drawing(_ track: TextTrack, _ index: Int) -> [JSONValue] {
        guard track.drawings.indices.contains(index) else { return [] }
        return track.drawings[index].enumerated().reversed().compactMap { block, segments -> JSONValue? in
            let contours = Self.contours(segments)
            guard !contours.isEmpty else { return nil }
            let paint = track.color(of: index, block: block)
            return Shapes.group("glyphs", contours + [Shapes.fill(Shapes.Paint(color: paint.color, opacity: paint.opacity))])
        }
    }

    /// Cairo's path as Lottie paths, one per contour: each vertex with its incoming and
    /// outgoing Bézier handles relative to it (a straight segment's are zero).
    static func contours(_ segments: [OutlineSegment]) -> [JSONValue] {
        var contours: [JSONValue] = []
        var vertices: [[Double]] = [], ins: [[Double]] = [], outs: [[Double]] = []
        // Where the last contour started: a segment after a close (with no move) starts there.
        var origin = (0.0, 0.0)
        func start(_ x: Double, _ y: Double) {
            origin = (x, y)
            vertices = [[x, y]]
            ins = [[0, 0]]
            outs = [[0, 0]]
        }
        func flush(closed: Bool) {
            defer { vertices = []; ins = []; outs = [] }
            guard vertices.count > 1 else { return }
            // A contour that ends where it starts: its last vertex is its first.
            if closed, let first = vertices.first, let last = vertices.last, abs(first[0] - last[0]) < 1e-9,
               abs(first[1] - last[1]) < 1e-9, let lastIn = ins.last {
                ins[0] = lastIn
                vertices.removeLast()
                ins.removeLast()
                outs.removeLast()
            }
            let bezier: JSONValue = ["c": .bool(closed), "v": .array(vertices.map(LottieJSON.numbers)),
                                     "i": .array(ins.map(LottieJSON.numbers)), "o": .array(outs.map(LottieJSON.numbers))]
            contours.append(["ty": "sh", "ks": ["a": 0, "k": bezier]])
        }
        for segment in segments {
            switch segment {
            case .move(let x, let y):
                flush(closed: false)
                start(x, y)
            case .line(let x, let y):
                if vertices.isEmpty { start(origin.0, origin.1) }
                vertices.append([x, y])
                ins.append([0, 0])
                outs.append([0, 0])
            case .curve(let x1, let y1, let x2, let y2, let x, let y):
                if vertices.isEmpty { start(origin.0, origin.1) }
                let p = vertices[vertices.count - 1]
                outs[outs.count - 1] = [x1 - p[0], y1 - p[1]]
                vertices.append([x, y])
                ins.append([x2 - x, y2 - y])
                outs.append([0, 0])
            case .close:
                flush(closed: true)
            }
        }
        flush(closed: false)
        return contours
    }
}
