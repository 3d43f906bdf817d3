import SceneModel

/// Seed 001: a wedge from the centre, filled with the border colour unless fillColor is set.
/// The layer draws the translucent background under it and the border over it.
enum PieDrawer: ViewDrawer {
    static func draw(_ values: AttributeValues, size: (width: Double, height: Double), in g: GraphicsContext,
                     environment: RenderEnvironment) {
        let progress = values[Pie.progress]
        let radius = Swift.min(size.width, size.height) / 2
        guard progress > 0, radius > 0 else { return }
        let cx = size.width / 2, cy = size.height / 2
        let start = values[Pie.startAngle].degrees
        let clockwise = values[Pie.clockwise]
        let sweep = progress * 360
        g.newPath()
        g.move(to: cx, cy)
        g.arc(cx: cx, cy: cy, radius: radius, from: start, to: clockwise ? start + sweep : start - sweep,
              clockwise: clockwise)
        g.closePath()
        g.fill(values[Pie.fillColor] ?? values[Layer.borderColor])
    }
}
