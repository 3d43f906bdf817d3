import SceneModel

/// Seed 001: a wedge from the centre, filled with fillColor (by default the border colour).
/// The layer draws the translucent background under it and the border over it.
extension Pie: ViewDrawer {
    static func draw(_ view: ResolvedView, in g: GraphicsContext, environment: RenderEnvironment) {
        let progress = view[Pie.progress]
        let radius = Swift.min(view.size.width, view.size.height) / 2
        guard progress > 0, radius > 0 else { return }
        let cx = view.size.width / 2, cy = view.size.height / 2
        let start = view[Pie.startAngle].degrees
        let clockwise = view[Pie.clockwise]
        let sweep = progress * 360
        g.newPath()
        g.move(to: cx, cy)
        g.arc(cx: cx, cy: cy, radius: radius, from: start, to: clockwise ? start + sweep : start - sweep,
              clockwise: clockwise)
        g.closePath()
        g.fill(view[Pie.fillColor])
    }
}
