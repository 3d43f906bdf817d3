import SceneModel

/// `label`: its text, values it binds written out at the time drawn, set with Pango in the frame.
extension Label: ViewDrawer {
    static func draw(_ view: ResolvedView, in g: GraphicsContext, environment: RenderEnvironment) {
        let text = g.values.resolve(view[Label.text].string, now: environment.nowSecondsSinceMidnight)
        TextBox(text: text, style: TextStyle(label: view.values), color: view[Label.textColor],
                verticalAlignment: view[Label.verticalAlignment])
            .draw(in: (view.size.width, view.size.height), g: g)
    }

    /// Its text in its font, bindings written at the widest values they can show (layout runs
    /// once, before any time is sampled, and must hold every frame's text).
    static func contentSize(of view: SceneView, width: Double?, measurer: TextMeasurer) -> Size {
        let style = TextStyle(label: view.values)
        let text = measurer.widest(view.values[Label.text].string, style: style)
        return TextBox.measure(text, style: style, width: width, engine: measurer.engine)
    }

    /// Its text at its widest, where it binds values.
    static func boundTexts(of view: SceneView, measurer: TextMeasurer) -> [String: String] {
        let text = view.values[Label.text].string
        guard BoundText.binds(text) else { return [:] }
        return [Label.text.name: measurer.widest(text, style: TextStyle(label: view.values))]
    }

    /// Its text, bindings at their widest, wrapped to its frame, where it needs more room.
    static func textMisfit(_ view: ResolvedView, boundTexts: [String: String], fit: TextFit) -> TextMisfit? {
        fit.overflow(view[Label.text].string, bound: boundTexts[Label.text.name], style: TextStyle(label: view.values),
                     frame: view.size)
    }
}
