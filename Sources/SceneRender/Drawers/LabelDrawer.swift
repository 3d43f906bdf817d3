import SceneModel

/// `label`: its text, values it binds written out at the time drawn, set with Pango in the frame.
extension Label: ViewDrawer {
    static func draw(_ view: ResolvedView, in g: GraphicsContext, environment: RenderEnvironment) {
        let text = g.values.resolve(view[Label.text].string, now: environment.nowSecondsSinceMidnight)
        TextBox(text: text, style: TextStyle(label: view.values), color: view[Label.textColor],
                verticalAlignment: view[Label.verticalAlignment])
            .draw(in: (view.size.width, view.size.height), g: g)
    }

    /// Its text, bindings written out at the model values (layout runs before any time is
    /// sampled), in its font.
    static func contentSize(of view: SceneView, width: Double?, measurer: TextMeasurer) -> Size {
        let text = measurer.values.resolve(view.values[Label.text].string, now: 0)
        return TextBox.measure(text, style: TextStyle(label: view.values), width: width, engine: measurer.engine)
    }
}
