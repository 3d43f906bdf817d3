import SceneModel

/// Seed 000's line and rectangle: a polyline or polygon, filled whole, stroked between
/// strokeStart and strokeEnd like a CAShapeLayer (dashes counted from the first point).
extension Lines: ViewDrawer {
    typealias XY = (x: Double, y: Double)

    /// The most dashes one path is drawn with.
    static let maxDashes = 100_000

    static func draw(_ view: ResolvedView, in g: GraphicsContext, environment: RenderEnvironment) {
        let points: [XY] = view[Lines.points].map {
            ($0.x.resolved(against: view.size.width), $0.y.resolved(against: view.size.height))
        }
        guard let first = points.first else { return }
        let closed = view[Lines.closed]

        let fill = view[Lines.fillColor]
        if !fill.isClear {
            g.newPath()
            trace(points, closed: true, in: g)
            g.fill(fill)
        }

        let width = view[Lines.lineWidth]
        let color = view[Lines.strokeColor]
        let start = view[Lines.strokeStart], end = view[Lines.strokeEnd]
        guard width > 0, !color.isClear, end > start else { return }
        let vertices = closed ? points + [first] : points
        let total = pathLength(vertices)
        guard total > 0 else { return }

        g.setLineCap(view[Lines.lineCap])
        g.setLineJoin(view[Lines.lineJoin])
        let from = start * total
        var strokeColor = color
        if let dash = view[Lines.dash] {
            let pattern = dash.lengths.count % 2 == 0 ? dash.lengths : dash.lengths + dash.lengths
            let period = pattern.reduce(0, +)
            let on = stride(from: 0, to: pattern.count, by: 2).reduce(0) { $0 + pattern[$1] }
            if (end - start) * total / period > Double(maxDashes) {
                // Dashes far finer than a pixel, so many that Cairo would take seconds to lay
                // them: they look like the line at the pattern's share of ink, so draw that.
                strokeColor = Color(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * on / period)
            } else {
                // Trimming starts the visible path at `from`; offsetting the dash by the same
                // length keeps the pattern where it lies on the untrimmed path.
                g.setDash(dash.lengths, offset: from)
            }
        }
        g.newPath()
        if start <= 0, end >= 1 {
            trace(points, closed: closed, in: g)
        } else {
            trace(trimmed(vertices, from: from, to: end * total), closed: false, in: g)
        }
        g.stroke(strokeColor, width: width)
        g.setDash([], offset: 0)
    }

    static func trace(_ points: [XY], closed: Bool, in g: GraphicsContext) {
        guard let first = points.first else { return }
        g.move(to: first.x, first.y)
        for p in points.dropFirst() {
            g.line(to: p.x, p.y)
        }
        if closed { g.closePath() }
    }

    static func pathLength(_ vertices: [XY]) -> Double {
        zip(vertices, vertices.dropFirst()).reduce(0) { $0 + distance($1.0, $1.1) }
    }

    static func distance(_ a: XY, _ b: XY) -> Double {
        ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
    }

    /// The part of the polyline between arc lengths `from` and `to`.
    static func trimmed(_ vertices: [XY], from: Double, to: Double) -> [XY] {
        var result: [XY] = []
        var travelled = 0.0
        for (a, b) in zip(vertices, vertices.dropFirst()) {
            let length = distance(a, b)
            let segStart = travelled, segEnd = travelled + length
            travelled = segEnd
            guard length > 0, segEnd >= from, segStart <= to else { continue }
            func at(_ s: Double) -> XY {
                let t = Swift.min(1, Swift.max(0, (s - segStart) / length))
                return (a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
            }
            if result.isEmpty { result.append(at(Swift.max(from, segStart))) }
            result.append(at(Swift.min(to, segEnd)))
        }
        return result
    }
}
