import Glibc
import SceneModel

/// Seed 003: face, optional hour marks, then hour, minute and second hands from the centre.
extension Clock: ViewDrawer {
    /// Hand angles in degrees (0 = 3 o'clock, clockwise) for a time in seconds since midnight.
    static func handAngles(seconds total: Double, sweep: Bool) -> (hour: Double, minute: Double, second: Double) {
        let t = sweep ? total : total.rounded(.down)
        let h = (t / 3600).rounded(.down)
        let m = (t / 60).rounded(.down) - h * 60
        let s = t - h * 3600 - m * 60
        let hour = h.truncatingRemainder(dividingBy: 12) * 30 + m * 0.5 + (sweep ? s / 120 : 0) - 90
        let minute = m * 6 + (sweep ? s * 0.1 : 0) - 90
        let second = s * 6 - 90
        return (hour, minute, second)
    }

    static func draw(_ view: ResolvedView, in g: GraphicsContext, environment: RenderEnvironment) {
        let r = Swift.min(view.size.width, view.size.height) / 2
        guard r > 0 else { return }
        let cx = view.size.width / 2, cy = view.size.height / 2
        let face = view[Clock.faceColor]
        if !face.isClear {
            g.newPath()
            g.circle(cx: cx, cy: cy, radius: r)
            g.fill(face)
        }
        g.setLineCap("butt")
        let ticks = view[Clock.tickColor]
        if !ticks.isClear {
            for hour in 0..<12 {
                let a = (Double(hour) * 30 - 90) * Double.pi / 180
                g.newPath()
                g.move(to: cx + 0.85 * r * cos(a), cy + 0.85 * r * sin(a))
                g.line(to: cx + 0.95 * r * cos(a), cy + 0.95 * r * sin(a))
                g.stroke(ticks, width: 2)
            }
        }
        ClockNumerals.draw(view, center: (cx, cy), radius: r, in: g)
        let seconds: Double
        switch view[Clock.time] {
        case .seconds(let s): seconds = s
        case .now: seconds = environment.nowSecondsSinceMidnight
        }
        let angles = handAngles(seconds: Swift.max(0, seconds), sweep: view[Clock.motion] == "sweep")
        let handColor = view[Clock.handColor]
        func hand(_ degrees: Double, _ length: Length, _ width: Double, _ color: Color) {
            let l = length.resolved(against: r)
            guard width > 0, l != 0 else { return }
            let a = degrees * Double.pi / 180
            g.newPath()
            g.move(to: cx, cy)
            g.line(to: cx + l * cos(a), cy + l * sin(a))
            g.stroke(color, width: width)
        }
        hand(angles.hour, view[Clock.hourHandLength], view[Clock.hourHandWidth], handColor)
        hand(angles.minute, view[Clock.minuteHandLength], view[Clock.minuteHandWidth], handColor)
        if view[Clock.showsSeconds] {
            hand(angles.second, view[Clock.secondHandLength], view[Clock.secondHandWidth],
                 view[Clock.secondHandColor])
        }
    }
}
