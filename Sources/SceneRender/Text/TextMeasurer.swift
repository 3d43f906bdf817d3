import SceneFonts
import SceneLayout
import SceneModel

/// Measures the kinds that size to their content for layout (a label: its text in its font).
/// Layout runs once, before any time is sampled, so a bound label is measured with each binding
/// at the widest value it can show over the timeline (`BoundText.widest`): it never reflows.
public final class TextMeasurer: ContentMeasuring {
    let engine: TextEngine
    let values: ValueTable

    public init(fonts: FontLibrary, scene: Scene) {
        engine = TextEngine.lease(fonts)
        values = ValueTable(views: scene.views, timeline: scene.timeline)
    }

    deinit { TextEngine.giveBack(engine) }

    /// `BoundText.widest` of each text and style measured so far: a label in a row is measured
    /// again at its share, and its bound texts asked for once more when placed.
    private var widestSoFar: [String: String] = [:]

    public func contentSize(of view: SceneView, width: Double?) -> Size {
        view.type.drawer?.contentSize(of: view, width: width, measurer: self) ?? Size(width: 0, height: 0)
    }

    public func boundTexts(of view: SceneView) -> [String: String] {
        view.type.drawer?.boundTexts(of: view, measurer: self) ?? [:]
    }

    /// `text` with its bindings at their widest in `style` (`BoundText.widest`), measured once.
    func widest(_ text: String, style: TextStyle) -> String {
        guard BoundText.binds(text) else { return text }
        let key = "\(style)\u{0}\(text)"
        if let known = widestSoFar[key] { return known }
        let wide = BoundText.widest(text, values: values, style: style, engine: engine, now: 0)
        widestSoFar[key] = wide
        return wide
    }
}
