import SceneModel

/// Draws one view kind's own content inside its bounds (origin 0,0), between the layer's
/// background and border. The kind's declaration conforms, in the kind's drawer file
/// (`extension Ring: ViewDrawer` in RingDrawer.swift); containers draw nothing of their own.
protocol ViewDrawer: KindDeclaration {
    /// `view`'s values are clamped to their ranges; its size is its frame's.
    static func draw(_ view: ResolvedView, in g: GraphicsContext, environment: RenderEnvironment)
    /// The size of its content where the kind sizes to it (`ViewKind.sizesToContent`: a label's
    /// text), wrapped to `width` when given.
    static func contentSize(of view: SceneView, width: Double?, measurer: TextMeasurer) -> Size
    /// A default only text layout can give (`MeasuredAttribute`: a ring's labelSize), for
    /// `inspect`; nil where the kind measures none by that name.
    static func measuredDefault(of name: String, in view: ResolvedView, boundTexts: [String: String], now: Double,
                                measurer: MeasuredDefaults) -> Value?
    /// What of its text does not fit where it is drawn, for the lint; nil where it all fits or
    /// the kind has no text.
    static func textMisfit(_ view: ResolvedView, boundTexts: [String: String], fit: TextFit) -> TextMisfit?
    /// Its texts that bind values, at their widest, by attribute, for layout to carry
    /// (`PlacedView.boundTexts`); empty where it has none.
    static func boundTexts(of view: SceneView, measurer: TextMeasurer) -> [String: String]
}

extension ViewDrawer {
    static func contentSize(of view: SceneView, width: Double?, measurer: TextMeasurer) -> Size {
        Size(width: 0, height: 0)
    }

    static func measuredDefault(of name: String, in view: ResolvedView, boundTexts: [String: String], now: Double,
                                measurer: MeasuredDefaults) -> Value? {
        nil
    }

    static func textMisfit(_ view: ResolvedView, boundTexts: [String: String], fit: TextFit) -> TextMisfit? {
        nil
    }

    static func boundTexts(of view: SceneView, measurer: TextMeasurer) -> [String: String] {
        [:]
    }
}

/// What drawing needs from outside the scene.
public struct RenderEnvironment: Sendable {
    /// Local time of day, in seconds, for clocks showing `now`.
    public var nowSecondsSinceMidnight: Double
    /// `--scene-timeout`: read before each view is drawn; nil for no limit.
    public var deadline: SceneDeadline?

    public init(nowSecondsSinceMidnight: Double = 0, deadline: SceneDeadline? = nil) {
        self.nowSecondsSinceMidnight = nowSecondsSinceMidnight
        self.deadline = deadline
    }
}

/// Each kind's drawer, found once by the registry's list (no cast while drawing).
let drawers: [ViewType: any ViewDrawer.Type] = Dictionary(
    Registry.declarations.compactMap { declaration in
        (declaration as? any ViewDrawer.Type).map { (declaration.kind.type, $0) }
    }, uniquingKeysWith: { first, _ in first })

extension ViewType {
    /// The drawer of a kind; containers draw nothing of their own.
    var drawer: (any ViewDrawer.Type)? { drawers[self] }
}
