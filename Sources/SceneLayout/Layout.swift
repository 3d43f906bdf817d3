import SceneModel

/// `Scene` → placed views (docs/language.md §3, Containers). Pure: no drawing, no I/O.
public enum Layout {
    /// Places the scene's views; the canvas is the root container and behaves as a group.
    public static func place(_ scene: Scene) -> [PlacedView] {
        let canvas = Rect(x: 0, y: 0, width: scene.canvas.width, height: scene.canvas.height)
        return placeChildren(of: scene.views, type: .group, values: AttributeValues(), bounds: canvas, origin: (0, 0))
    }

    /// Frames for `children` inside a container of `type` whose bounds are `bounds` (in its own
    /// coordinates, origin 0,0); `origin` is the container's position on the canvas.
    static func placeChildren(of children: [SceneView], type: ViewType, values: AttributeValues, bounds: Rect,
                              origin: (Double, Double)) -> [PlacedView] {
        let frames: [Rect]
        switch type {
        case .stack: frames = StackLayout(values: values, bounds: bounds).frames(for: children)
        case .grid: frames = GridLayout(values: values, bounds: bounds).frames(for: children)
        default: frames = children.map { frameInGroup($0, parent: bounds) }
        }
        return zip(children, frames).map { child, frame in
            let canvasFrame = frame.offsetBy(x: origin.0, y: origin.1)
            let own = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
            let grandchildren = placeChildren(of: child.children, type: child.type, values: child.values, bounds: own,
                                              origin: (canvasFrame.x, canvasFrame.y))
            return PlacedView(view: child, frame: frame, canvasFrame: canvasFrame, children: grandchildren)
        }
    }

    /// A view placed by its own frame, percentages of the parent's size.
    static func frameInGroup(_ view: SceneView, parent: Rect) -> Rect {
        guard let spec = view.frame else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        let intrinsic = view.type.kind.intrinsicSize
        let width = nonNegative(spec.width?.resolved(against: parent.width) ?? intrinsic?.width ?? 0)
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
