import SceneModel

/// Measures views that size to their content (a label to its text) for layout, which cannot
/// itself: text needs fonts. `width` is the width the view is given, if any (its text wraps to it).
public protocol ContentMeasuring {
    func contentSize(of view: SceneView, width: Double?) -> Size
    /// The texts of `view` that bind values, each at the widest it can show, by attribute
    /// (`PlacedView.boundTexts`); empty where it binds none.
    func boundTexts(of view: SceneView) -> [String: String]
}

extension ContentMeasuring {
    public func boundTexts(of view: SceneView) -> [String: String] { [:] }
}

/// How a container that places its children (`ChildrenRule.placedByContainer`) lays them out:
/// the kind's declaration conforms, next to its layout (`extension Stack: LaysOutChildren` in
/// StackLayout.swift). A kind without it places children by their frames, as a group does.
protocol LaysOutChildren: KindDeclaration {
    /// `ownSize(view, width)`: the size the view has of its own, its text wrapped to `width`
    /// when given.
    static func frames(for children: [SceneView], values: AttributeValues, bounds: Rect,
                       ownSize: (SceneView, Double?) -> Size?) -> [Rect]
}

/// Each container's layout, found once by the registry's list.
let containerLayouts: [ViewType: any LaysOutChildren.Type] = Dictionary(
    Registry.declarations.compactMap { declaration in
        (declaration as? any LaysOutChildren.Type).map { (declaration.kind.type, $0) }
    }, uniquingKeysWith: { first, _ in first })

/// `Scene` → placed views (docs/language.md §3, Containers). Pure: no drawing, no I/O.
public enum Layout {
    /// Places the scene's views; the canvas is the root container and behaves as a group.
    /// Without a `measurer`, views that size to their content have no size of their own.
    public static func place(_ scene: Scene, measurer: ContentMeasuring? = nil) -> [PlacedView] {
        let canvas = Rect(x: 0, y: 0, width: scene.canvas.width, height: scene.canvas.height)
        let placed = placeChildren(of: scene.views, type: .group, values: AttributeValues(), bounds: canvas, origin: (0, 0),
                                   measurer: measurer)
        guard let shown = scene.timeline?.numbersShown(views: scene.views), !shown.isEmpty else { return placed }
        return withKeyframeNumbers(placed, shown)
    }

    /// Each view with an id given the numbers the timeline can give it (`Timeline.numbersShown`:
    /// keyframes, the model value an animation may start from, a curve's overshoot), which a
    /// frame sampled later no longer holds.
    static func withKeyframeNumbers(_ views: [PlacedView], _ shown: [String: [String: [Double]]]) -> [PlacedView] {
        views.map { placed in
            var view = placed
            view.keyframeNumbers = placed.view.id.flatMap { shown[$0] } ?? [:]
            view.children = withKeyframeNumbers(placed.children, shown)
            return view
        }
    }

    /// Frames for `children` inside a container of `type` whose bounds are `bounds` (in its own
    /// coordinates, origin 0,0); `origin` is the container's position on the canvas.
    static func placeChildren(of children: [SceneView], type: ViewType, values: AttributeValues, bounds: Rect,
                              origin: (Double, Double), measurer: ContentMeasuring?) -> [PlacedView] {
        let frames: [Rect]
        let size = { (view: SceneView, width: Double?) in ownSize(of: view, width: width, measurer: measurer) }
        if let layout = containerLayouts[type] {
            frames = layout.frames(for: children, values: values, bounds: bounds, ownSize: size)
        } else {
            frames = children.map { frameInGroup($0, parent: bounds, measurer: measurer) }
        }
        return zip(children, frames).map { child, frame in
            let canvasFrame = frame.offsetBy(x: origin.0, y: origin.1)
            let own = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
            let grandchildren = placeChildren(of: child.children, type: child.type, values: child.values, bounds: own,
                                              origin: (canvasFrame.x, canvasFrame.y), measurer: measurer)
            return PlacedView(view: child, frame: frame, canvasFrame: canvasFrame, children: grandchildren,
                              boundTexts: measurer?.boundTexts(of: child) ?? [:])
        }
    }

    /// The size a view has of its own (pie's 37 × 37, a label's text), if any; a label given a
    /// `width` wraps its text to it.
    static func ownSize(of view: SceneView, width: Double?, measurer: ContentMeasuring?) -> Size? {
        let kind = view.type.kind
        if let fixed = kind.intrinsicSize { return fixed }
        guard kind.sizesToContent else { return nil }
        let measured = measurer?.contentSize(of: view, width: width) ?? Size(width: 0, height: 0)
        return Size(width: nonNegative(measured.width), height: nonNegative(measured.height))
    }

    /// A view placed by its own frame, percentages of the parent's size.
    static func frameInGroup(_ view: SceneView, parent: Rect, measurer: ContentMeasuring?) -> Rect {
        guard let spec = view.frame else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let givenWidth = spec.width.map { nonNegative($0.resolved(against: parent.width)) }
        let intrinsic = givenWidth != nil && spec.height != nil ? nil
            : ownSize(of: view, width: givenWidth, measurer: measurer)
        let width = givenWidth ?? nonNegative(intrinsic?.width ?? 0)
        let height = nonNegative(spec.height?.resolved(against: parent.height) ?? intrinsic?.height ?? 0)
        func position(_ p: FramePosition, _ reference: Double, _ extent: Double) -> Double {
            switch p {
            case .origin(let l): return l.resolved(against: reference)
            case .center(let l): return l.resolved(against: reference) - extent / 2
            }
        }
        return Rect(x: position(spec.x, parent.width, width), y: position(spec.y, parent.height, height),
                    width: width, height: height)
    }

    /// Sizes never go below zero, whatever a percentage with an offset works out to.
    static func nonNegative(_ v: Double) -> Double {
        v.isFinite ? Swift.max(0, v) : 0
    }
}
