import SceneModel

/// Draws one view kind's own content inside its bounds (origin 0,0), between the layer's
/// background and border. One conforming type per view kind, one file each.
protocol ViewDrawer {
    /// `view`'s values are clamped to their ranges; its size is its frame's.
    static func draw(_ view: ResolvedView, in g: GraphicsContext, environment: RenderEnvironment)
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

extension ViewType {
    /// The drawer of a kind; containers draw nothing of their own.
    var drawer: ViewDrawer.Type? {
        switch self {
        case .ring: return RingDrawer.self
        case .pie: return PieDrawer.self
        case .clock: return ClockDrawer.self
        case .indicator: return IndicatorDrawer.self
        case .lines: return LinesDrawer.self
        case .label: return LabelDrawer.self
        case .group, .stack, .grid: return nil
        }
    }
}
