import SceneModel

/// Seeds 000 and 002: a full track circle, then the progress arc from startAngle.
enum RingDrawer: ViewDrawer {
    static func draw(_ values: AttributeValues, size: (width: Double, height: Double), in g: GraphicsContext,
                     environment: RenderEnvironment) {
        let lineWidth = values[Ring.lineWidth]
        let radius = Swift.min(size.width, size.height) / 2 - lineWidth / 2
        guard radius > 0, lineWidth > 0 else { return }
        defer { RingLabel.draw(values, size: size, radius: radius, in: g, environment: environment) }
        let cx = size.width / 2, cy = size.height / 2
        g.setLineCap("butt")
        g.newPath()
        g.circle(cx: cx, cy: cy, radius: radius)
        g.stroke(values[Ring.trackColor], width: lineWidth)

        let progress = values[Ring.progress]
        guard progress > 0 else { return }  // no arc at 0, even with round caps
        let start = values[Ring.startAngle].degrees
        let sweep = progress * 360
        let clockwise = values[Ring.clockwise]
        g.setLineCap(values[Ring.lineCap])
        g.newPath()
        g.arc(cx: cx, cy: cy, radius: radius, from: start, to: clockwise ? start + sweep : start - sweep,
              clockwise: clockwise)
        g.stroke(values[Ring.progressColor], width: lineWidth)
    }
}
