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
        engine = TextEngine.lease(fonts)
        values = Renderer.valueTable(views)
    }

    deinit { TextEngine.giveBack(engine) }

    /// The measured default of `name` in `view`; nil where the kind measures none by that name.
    /// `boundTexts`: the view's bound texts at their widest, as layout found them
    /// (`PlacedView.boundTexts`); measured here only where not given.
    package func value(of name: String, in view: ResolvedView, boundTexts: [String: String] = [:], now: Double) -> Value? {
        view.type.drawer?.measuredDefault(of: name, in: view, boundTexts: boundTexts, now: now, measurer: self)
    }
}
