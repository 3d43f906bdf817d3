import SceneModel

/// Seed 004: a filled circle of radius width/2, stroked on its edge in a darker shade.
enum IndicatorDrawer: ViewDrawer {
    static func draw(_ values: AttributeValues, size: (width: Double, height: Double), in g: GraphicsContext,
                     environment: RenderEnvironment) {
        let radius = size.width / 2
        guard radius > 0 else { return }
        let fill = values[Indicator.on] ? values[Indicator.onColor] : values[Indicator.offColor]
        let stroke = values[Indicator.strokeColor] ?? fill.scaled(by: 0.75)
        let lineWidth = values[Indicator.lineWidth] ?? size.width * 0.05
        g.newPath()
        g.circle(cx: size.width / 2, cy: size.height / 2, radius: radius)
        g.fill(fill, preserve: true)
        if lineWidth > 0 {
            g.stroke(stroke, width: lineWidth)
        } else {
            g.newPath()
        }
    }
}
