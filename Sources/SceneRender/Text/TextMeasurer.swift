import SceneFonts
import SceneLayout
import SceneModel

/// Measures labels for layout: their text (bindings written out at the model values) in their
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
        guard view.type == .label else { return Size(width: 0, height: 0) }
        let text = values.resolve(view.values[Label.text].string, now: 0)
        return TextBox.measure(text, style: TextStyle(label: view.values), width: width, engine: engine)
    }
}
