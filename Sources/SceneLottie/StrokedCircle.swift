import SceneModel
import SceneSupport

/// A circle stroked `lineWidth` wide inside the view's square, as the ring and the gauge draw
/// their arcs (the drawers' radius: min(width, height)/2 − lineWidth/2): the ellipse's size and
/// its stroke's width, both 0 where the width leaves no radius.
struct StrokedCircle {
    let side: Double
    let lineWidth: Attribute<Double>
    /// The ellipse's size, [d, d].
    let diameter: JSONValue
    /// The stroke's width.
    let width: JSONValue

    init(_ view: ViewExport, lineWidth: Attribute<Double>) {
        let side = Swift.min(view.size.width, view.size.height)
        func radius(_ v: ResolvedView) -> Double { side / 2 - v[lineWidth] / 2 }
        self.side = side
        self.lineWidth = lineWidth
        diameter = view.vector([lineWidth], Tolerance.points) { v in
            let d = Swift.max(0, 2 * radius(v))
            return [d, d]
        }
        width = view.scalar([lineWidth], Tolerance.points) { v in radius(v) > 0 && v[lineWidth] > 0 ? v[lineWidth] : 0 }
    }

    func radius(_ v: ResolvedView) -> Double { side / 2 - v[lineWidth] / 2 }
    func drawn(_ v: ResolvedView) -> Bool { radius(v) > 0 && v[lineWidth] > 0 }
}
