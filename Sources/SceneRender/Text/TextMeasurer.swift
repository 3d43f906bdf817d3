import SceneFonts
import SceneLayout
import SceneModel

/// Measures the kinds that size to their content for layout (a label: its text (bindings written out at the model values) in their
/// font. Layout runs once, before any time is sampled, so a bound label is as wide as its text
/// at the values the file gives.
public final class TextMeasurer: ContentMeasuring {
    let engine: TextEngine
    let values: ValueTable

    public init(fonts: FontLibrary, scene: Scene) {
        engine = TextEngine(library: fonts)
        values = ValueTable(views: scene.views)
    }

    public func contentSize(of view: SceneView, width: Double?) -> Size {
        view.type.drawer?.contentSize(of: view, width: width, measurer: self) ?? Size(width: 0, height: 0)
    }
}
