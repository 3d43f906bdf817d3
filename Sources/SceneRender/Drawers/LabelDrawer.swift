import SceneModel

/// `label`: its text, values it binds written out at the time drawn, set with Pango in the frame.
enum LabelDrawer: ViewDrawer {
    static func draw(_ view: ResolvedView, in g: GraphicsContext, environment: RenderEnvironment) {
        let text = g.values.resolve(view[Label.text].string, now: environment.nowSecondsSinceMidnight)
        TextBox(text: text, style: TextStyle(label: view.values), color: view[Label.textColor],
                verticalAlignment: view[Label.verticalAlignment])
            .draw(in: (view.size.width, view.size.height), g: g)
    }
}
