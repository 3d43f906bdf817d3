import SceneModel

/// Seed 004: a filled circle of radius width/2, stroked on its edge in a darker shade.
extension Indicator: ViewDrawer {
    static func draw(_ view: ResolvedView, in g: GraphicsContext, environment: RenderEnvironment) {
        let radius = view.size.width / 2
        guard radius > 0 else { return }
        let fill = Indicator.fill(view.values)
        let stroke = view[Indicator.strokeColor]
        let lineWidth = view[Indicator.lineWidth]
        g.newPath()
        g.circle(cx: view.size.width / 2, cy: view.size.height / 2, radius: radius)
        g.fill(fill, preserve: true)
        if lineWidth > 0 {
            g.stroke(stroke, width: lineWidth)
        } else {
            g.newPath()
        }
    }
}
