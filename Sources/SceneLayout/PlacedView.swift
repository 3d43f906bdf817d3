import SceneModel

/// A rectangle in points, y downward.
public struct Rect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    public func offsetBy(x dx: Double, y dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }
}

/// A view with its place: `frame` relative to its parent's origin (the canvas for root views),
/// and `canvasFrame` in canvas coordinates (before any rotation), as `inspect` shows it.
public struct PlacedView: Sendable {
    public var view: SceneView
    public var frame: Rect
    public var canvasFrame: Rect
    public var children: [PlacedView]
    /// The numbers the timeline's keyframes give the view's attributes, by attribute: text
    /// bound to them is laid out, and a ring's label sized, for the widest they can show, in
    /// every frame alike (`ValueTable.possibleValues`).
    public var keyframeNumbers: [String: [Double]]
    /// The text each attribute that binds values is laid out, drawn and checked with, by
    /// attribute (a label's `text`, a ring's `label`): its bindings written at the widest values
    /// they can show, found once at layout (`ContentMeasuring.boundTexts`) and carried to every
    /// frame, so nothing measures it again.
    public var boundTexts: [String: String]

    public init(view: SceneView, frame: Rect, canvasFrame: Rect, children: [PlacedView],
                keyframeNumbers: [String: [Double]] = [:], boundTexts: [String: String] = [:]) {
        self.view = view
        self.frame = frame
        self.canvasFrame = canvasFrame
        self.children = children
        self.keyframeNumbers = keyframeNumbers
        self.boundTexts = boundTexts
    }

    public var values: AttributeValues { view.values }

    /// The view as its consumers read it: each attribute given, defaulted or derived, with its source.
    public var resolved: ResolvedView {
        ResolvedView(values: view.values, size: Size(width: frame.width, height: frame.height), type: view.type)
    }
}
