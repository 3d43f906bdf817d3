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
        engine = TextEngine(library: fonts)
        values = ValueTable(views: scene.views, timeline: scene.timeline)
    }

    public func contentSize(of view: SceneView, width: Double?) -> Size {
        view.type.drawer?.contentSize(of: view, width: width, measurer: self) ?? Size(width: 0, height: 0)
    }
}
