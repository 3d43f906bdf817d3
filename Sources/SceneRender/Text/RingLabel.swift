import SceneModel

/// A ring's `label`: its progress as a percentage, or text (which may show values), centred in
/// the ring as a centred label in the ring's bounds would be.
enum RingLabel {
    /// The text `percent` is sized for by default, so the size stays put as the digits change.
    static let widestPercent = "100%"
    /// The size text is measured at to find the size that fits.
    static let probeSize = 100.0

    static func draw(_ view: ResolvedView, radius: Double, in g: GraphicsContext, environment: RenderEnvironment) {
        let label = view[Ring.label].string
        guard label != "none" else { return }
        let isPercent = label == "percent"
        let text = isPercent
            ? TextTemplate.write(.number(view[Ring.progress]), as: .percent(digits: 0), now: 0)
            : g.values.resolve(label, now: environment.nowSecondsSinceMidnight)
        var style = TextStyle(family: view[Ring.labelFont].string, alignment: "center")
        let inner = radius - view[Ring.lineWidth] / 2
        // labelSize's measured default (Ring.labelSize states it): the largest that fits.
        if let given = view[Ring.labelSize] {
            style.size = given
        } else {
            guard inner > 0 else { return }
            style.size = fittingSize(isPercent ? widestPercent : text, style: style, radius: inner, engine: g.text)
        }
        guard style.size > 0 else { return }
        TextBox(text: text, style: style, color: view[Ring.labelColor])
            .draw(in: (view.size.width, view.size.height), g: g)
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
