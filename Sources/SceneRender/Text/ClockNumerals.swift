import Glibc
import SceneModel

/// A clock's `numerals`: 1–12 or 12, 3, 6, 9, each centred on a circle inside the tick marks
/// (which run from 0.85 r to 0.95 r).
enum ClockNumerals {
    static func draw(_ view: ResolvedView, center: (x: Double, y: Double), radius r: Double,
                     in g: GraphicsContext) {
        let hours: [Int]
        switch view[Clock.numerals] {
        case "hours": hours = Array(1...12)
        case "quarters": hours = [3, 6, 9, 12]
        default: return
        }
        let size = view[Clock.numeralSize]
        guard size > 0, r > 0 else { return }
        let style = TextStyle(family: view[Clock.numeralFont].string, size: size, alignment: "center")
        let color = view[Clock.numeralColor]
        // Far enough in that a two-digit numeral's box clears the ticks' inner end.
        let circle = 0.85 * r - 0.75 * size
        for hour in hours {
            let a = (Double(hour) * 30 - 90) * Double.pi / 180
            guard let block = g.text.block(String(hour), style: style, width: nil) else { continue }
            let box = block.size
            g.draw(block, x: center.x + circle * cos(a) - box.width / 2, y: center.y + circle * sin(a) - box.height / 2,
                   color: color)
        }
    }
}
