import SceneModel

/// `label`: its text, values it binds written out at the time drawn, set with Pango in the frame.
enum LabelDrawer: ViewDrawer {
    static func draw(_ values: AttributeValues, size: (width: Double, height: Double), in g: GraphicsContext,
                     environment: RenderEnvironment) {
        let text = g.values.resolve(values[Label.text].string, now: environment.nowSecondsSinceMidnight)
        TextBox(text: text, style: TextStyle(label: values), color: values[Label.textColor],
                verticalAlignment: values[Label.verticalAlignment])
            .draw(in: size, g: g)
    }
}
