import SceneModel

/// A ring's `label`: its progress as a percentage, or text (which may show values), centred in
/// the ring as a centred label in the ring's bounds would be.
enum RingLabel {
    /// The text `percent` is sized for by default, so the size stays put as the digits change.
    static let widestPercent = "100%"
    /// The size text is measured at to find the size that fits.
    static let probeSize = 100.0
    /// The least share of the size `100%` gets in the same ring that a label's default size may
    /// shrink to without a warning (`lint-ring-label-small`): below it, text is too long for a ring.
    static let smallestShare = 0.5

    static func draw(_ view: ResolvedView, in g: GraphicsContext, environment: RenderEnvironment) {
        guard let text = texts(view, values: g.values, now: environment.nowSecondsSinceMidnight,
                               bound: g.boundTexts[Ring.label.name], engine: g.text)
        else { return }
        var style = style(view)
        style.size = view[Ring.labelSize] ?? measuredSize(view, fitting: text.fitted, engine: g.text)
        guard style.size > 0 else { return }
        TextBox(text: text.shown, style: style, color: view[Ring.labelColor])
            .draw(in: (view.size.width, view.size.height), g: g)
    }

    /// The label's style but its size.
    static func style(_ view: ResolvedView) -> TextStyle {
        TextStyle(family: view[Ring.labelFont].string, alignment: "center")
    }

    /// A text label that binds values, at its widest (`PlacedView.boundTexts`); `percent` has its
    /// own widest, `100%`.
    static func boundTexts(of view: SceneView, measurer: TextMeasurer) -> [String: String] {
        let label = view.values[Ring.label].string
        guard label != "none", label != "percent", BoundText.binds(label) else { return [:] }
        let resolved = ResolvedView(values: view.values, size: Size(width: 0, height: 0), type: view.type)
        return [Ring.label.name: measurer.widest(label, style: style(resolved))]
    }

    /// The text drawn, and the text the default size is fitted to: for `percent` "100%", for
    /// text its bindings at their widest values (`BoundText`), so `percent` and
    /// `{r.progress:percent}` get one size, the same in every frame; nil for no label. `bound`:
    /// the text at its widest as layout found it (`PlacedView.boundTexts`), measured again only
    /// for a ring laid out without a measurer.
    static func texts(_ view: ResolvedView, values: ValueTable, now: Double, bound: String?,
                      engine: TextEngine) -> (shown: String, fitted: String)? {
        let label = view[Ring.label].string
        guard label != "none" else { return nil }
        guard label == "percent" else {
            return (values.resolve(label, now: now),
                    bound ?? BoundText.widest(label, values: values, style: style(view), engine: engine, now: now))
        }
        return (TextTemplate.write(.number(view[Ring.progress]), as: .percent(digits: 0), now: 0), widestPercent)
    }

    /// labelSize's measured default (`Ring.labelSize` states it): the largest size at which
    /// `text` fits inside the ring's inner circle; 0 where there is no room.
    static func measuredSize(_ view: ResolvedView, fitting text: String, engine: TextEngine) -> Double {
        let lineWidth = view[Ring.lineWidth]
        let radius = Swift.min(view.size.width, view.size.height) / 2 - lineWidth / 2
        let inner = radius - lineWidth / 2
        guard inner > 0 else { return 0 }
        return fittingSize(text, style: style(view), radius: inner, engine: engine)
    }

    /// The largest size at which the text's box (advances × line height) fits inside a circle
    /// of `radius`: text scales linearly without hinting, so one measurement gives it.
    static func fittingSize(_ text: String, style: TextStyle, radius: Double, engine: TextEngine) -> Double {
        var probe = style
        probe.size = probeSize
        let box = TextBox.measure(text, style: probe, width: nil, engine: engine)
        let diagonal = (box.width * box.width + box.height * box.height).squareRoot()
        guard diagonal > 0 else { return 0 }
        return probeSize * 2 * radius / diagonal
    }
}
