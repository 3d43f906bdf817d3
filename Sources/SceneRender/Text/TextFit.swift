import SceneFonts
import SceneLayout
import SceneModel

/// What of a view's text does not fit where it is drawn (`TextFit.misfit`).
package enum TextMisfit: Equatable {
    /// A label's text needs `needed` (wrapped to its frame's width, cut at its `lineLimit`), more
    /// than its frame; it is drawn clipped to the frame. `widest`: the text measured, where
    /// bindings make it differ from the text written (`{r.progress:percent}` measured as `100%`).
    case overflow(needed: Size, widest: String?)
    /// A ring label's default size is `size`, below `TextFit.smallestRingLabelShare` of the
    /// `percentSize` that `100%` gets in the same ring.
    case ringLabelSmall(size: Double, percentSize: Double)
}

/// Text that does not fit where it is drawn, measured as the drawers set it, for the lint: each
/// kind with text says what of it does not fit (`ViewDrawer.textMisfit`). Bound text is measured
/// at its widest values, as layout measures it.
package final class TextFit {
    let engine: TextEngine
    let values: ValueTable

    /// The least share of `100%`'s size a ring label's default size takes without a warning.
    package static var smallestRingLabelShare: Double { RingLabel.smallestShare }

    /// `views`: the scene's views as laid out (what text bindings read, with the numbers the
    /// timeline gives them).
    package init(fonts: FontLibrary, views: [PlacedView]) {
        engine = TextEngine.lease(fonts)
        values = Renderer.valueTable(views)
    }

    deinit { TextEngine.giveBack(engine) }

    /// What of `placed`'s text does not fit; nil where it all fits or the view has no text.
    package func misfit(_ placed: PlacedView) -> TextMisfit? {
        placed.view.type.drawer?.textMisfit(placed.resolved, boundTexts: placed.boundTexts, fit: self)
    }

    /// The size `text` in `style` needs wrapped to `frame`'s width, where it does not fit:
    /// wider than the frame, lines past the first below its bottom, or a single line whose ink
    /// is taller than it (`TextBox.isTaller`, as drawn); all of it in a frame without width.
    /// nil where it fits.
    /// `bound`: the text as layout measured it (`PlacedView.boundTexts`), where it binds values.
    func overflow(_ text: String, bound: String?, style: TextStyle, frame: Size) -> TextMisfit? {
        let wide = bound ?? BoundText.widest(text, values: values, style: style, engine: engine, now: 0)
        guard !wide.isEmpty else { return nil }
        let shown: String? = wide == text ? nil : wide
        guard frame.width > 0 else {
            return .overflow(needed: TextBox.measure(wide, style: style, width: nil, engine: engine), widest: shown)
        }
        guard let block = engine.block(wide, style: style, width: frame.width) else { return nil }
        let needed = block.size
        guard needed.width > frame.width + 0.01 || TextBox.isTaller(block, than: frame.height) else { return nil }
        return .overflow(needed: needed, widest: shown)
    }
}
