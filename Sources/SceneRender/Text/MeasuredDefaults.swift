import SceneFonts
import SceneLayout
import SceneModel

/// The derived defaults only text layout can give (a ring's labelSize, `MeasuredAttribute`),
/// measured as the drawer measures them, for `inspect`.
package final class MeasuredDefaults {
    let engine: TextEngine
    let values: ValueTable

    /// `views`: the scene's views as placed at the time shown (what text bindings read).
    package init(fonts: FontLibrary, views: [PlacedView]) {
        engine = TextEngine(library: fonts)
        values = Renderer.valueTable(views)
    }

    /// The measured default of `name` in `view`; nil where the kind measures none by that name.
    package func value(of name: String, in view: ResolvedView, now: Double) -> Value? {
        guard view.type == .ring, name == Ring.labelSize.name else { return nil }
        guard let text = RingLabel.texts(view, values: values, now: now) else { return nil }
        return .number(RingLabel.measuredSize(view, fitting: text.fitted, engine: engine))
    }
}
