import Glibc
import SceneModel

/// A gauge: the track arc over the dial's sweep, the value arc over `value` of it, then the
/// needle from the centre to the track's inner edge (on top, so it stays visible at 0).
extension Gauge: ViewDrawer {
    static func draw(_ view: ResolvedView, in g: GraphicsContext, environment: RenderEnvironment) {
        let lineWidth = view[Gauge.lineWidth]
        let radius = Swift.min(view.size.width, view.size.height) / 2 - lineWidth / 2
        guard radius > 0 else { return }
        let cx = view.size.width / 2, cy = view.size.height / 2
        let start = view[Gauge.startAngle].degrees
        let sweep = Gauge.sweep(view.values)
        if sweep > 0, lineWidth > 0 {
            g.setLineCap(view[Gauge.lineCap])
            g.newPath()
            g.arc(cx: cx, cy: cy, radius: radius, from: start, to: start + sweep)
            g.stroke(view[Gauge.trackColor], width: lineWidth)
            let value = view[Gauge.value]
            if value > 0 {  // no arc at 0, even with round caps
                g.newPath()
                g.arc(cx: cx, cy: cy, radius: radius, from: start, to: start + value * sweep)
                g.stroke(view[Gauge.valueColor], width: lineWidth)
            }
        }
        let needleWidth = view[Gauge.needleWidth]
        let length = radius - lineWidth / 2
        guard needleWidth > 0, length > 0 else { return }
        let a = Gauge.needleAngle(view.values) * Double.pi / 180
        g.setLineCap("butt")
        g.newPath()
        g.move(to: cx, cy)
        g.line(to: cx + length * cos(a), cy + length * sin(a))
        g.stroke(view[Gauge.needleColor], width: needleWidth)
    }
}
