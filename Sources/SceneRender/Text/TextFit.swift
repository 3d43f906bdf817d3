import SceneFonts
import SceneLayout
import SceneModel

/// Text that does not fit where it is drawn, measured as the drawers set it, for the lint: a
/// label's text overflowing its frame (drawn clipped to it), a ring's label shrunk far below
/// what `100%` gets. Bound text is measured at its widest values, as layout measures it.
package final class TextFit {
    let engine: TextEngine
    let values: ValueTable

    /// The least share of `100%`'s size a ring label's default size takes without a warning.
    package static var smallestRingLabelShare: Double { RingLabel.smallestShare }

    /// `views`: the scene's views as laid out (what text bindings read, with the numbers the
    /// timeline gives them).
    package init(fonts: FontLibrary, views: [PlacedView]) {
        engine = TextEngine(library: fonts)
        values = Renderer.valueTable(views)
    }

    /// The size a label's text needs, wrapped to its frame's width and cut at its `lineLimit`,
    /// where that is more than its frame (by more than rounding); nil where it fits or the
    /// label draws nothing.
    package func labelOverflow(_ placed: PlacedView) -> Size? {
        guard placed.view.type == .label, placed.frame.width > 0 else { return nil }
        let style = TextStyle(label: placed.values)
        let text = BoundText.widest(placed.values[Label.text].string, values: values, style: style, engine: engine, now: 0)
        guard !text.isEmpty else { return nil }
        let needed = TextBox.measure(text, style: style, width: placed.frame.width, engine: engine)
        let slack = 0.01
        guard needed.width > placed.frame.width + slack || needed.height > placed.frame.height + slack else { return nil }
        return needed
    }

    /// A ring label's default size and the size `100%` gets in the same ring, where the label's
    /// is below `RingLabel.smallestShare` of it; nil where it is not (or `labelSize` is given).
    package func ringLabelShrink(_ placed: PlacedView) -> (size: Double, percentSize: Double)? {
        let view = placed.resolved
        guard placed.view.type == .ring, view[Ring.labelSize] == nil,
              let text = RingLabel.texts(view, values: values, now: 0, engine: engine) else { return nil }
        let size = RingLabel.measuredSize(view, fitting: text.fitted, engine: engine)
        let percentSize = RingLabel.measuredSize(view, fitting: RingLabel.widestPercent, engine: engine)
        guard percentSize > 0, size < percentSize * RingLabel.smallestShare else { return nil }
        return (size, percentSize)
    }
}
