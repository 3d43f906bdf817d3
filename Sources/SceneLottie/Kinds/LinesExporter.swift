import SceneModel
import SceneSupport

/// Lines: the polygon filled whole, then the path stroked between strokeStart and strokeEnd
/// with a trim path, dashes laid from the first point as scenec lays them.
extension Lines: KindExporter {
    static let lottieSummary: String? = "the polygon filled, the path stroked with a trim path (`strokeStart`, `strokeEnd`), cap, join and dashes (offset so the pattern stays where scenec lays it)"

    static let lottieCoverage: [String: LottieCoverage.Mapping] = [
            "points": .exported("a path"), "closed": .exported("the path's closed flag"),
            "strokeColor": .exported("the stroke colour"), "lineWidth": .exported("the stroke width"),
            "fillColor": .exported("a fill of the closed path"), "lineCap": .exported("the stroke's line cap"),
            "lineJoin": .exported("the stroke's line join"), "dash": .exported("the stroke's dashes and offset"),
            "strokeStart": .exported("the trim path's start"), "strokeEnd": .exported("the trim path's end"),
    ]

    static func shapes(_ view: ViewExport) -> [JSONValue] {
        let values = view.values
        let points = values[Lines.points].map {
            (x: $0.x.resolved(against: view.size.width), y: $0.y.resolved(against: view.size.height))
        }
        guard points.count >= 2 else { return [] }
        let closed = values[Lines.closed]
        let fill = Shapes.group("fill", [Shapes.path(points, closed: true),
                                         Shapes.fill(view.paint(Lines.fillColor))])
        let vertices = closed ? points + [points[0]] : points
        let total = zip(vertices, vertices.dropFirst()).reduce(0.0) {
            $0 + (($1.1.x - $1.0.x) * ($1.1.x - $1.0.x) + ($1.1.y - $1.0.y) * ($1.1.y - $1.0.y)).squareRoot()
        }
        let trimmed = view.timeline.animated.contains(Lines.strokeStart.name) || view.timeline.animated.contains(Lines.strokeEnd.name)
            || values[Lines.strokeStart] > 0 || values[Lines.strokeEnd] < 1
        var items = [Shapes.path(points, closed: closed)]
        if trimmed {
            // scenec draws nothing when the end is not past the start; a trim whose ends meet is empty too.
            items.append(Shapes.trim(
                start: view.scalar([Lines.strokeStart], Tolerance.percent) { $0[Lines.strokeStart] * 100 },
                end: view.scalar([Lines.strokeStart, Lines.strokeEnd], Tolerance.percent) {
                    Swift.max($0[Lines.strokeStart], $0[Lines.strokeEnd]) * 100
                }))
        }
        let width = view.scalar([Lines.lineWidth], Tolerance.points) { total > 0 ? $0[Lines.lineWidth] : 0 }
        items.append(Shapes.stroke(view.paint(Lines.strokeColor), width: width,
                                   cap: values[Lines.lineCap], join: values[Lines.lineJoin],
                                   dashes: values[Lines.dash].map { dashes($0, view: view, total: total) }))
        return [Shapes.group("stroke", items), fill]
    }

    /// Dash and gap lengths (an odd list repeats, as in Cairo), offset by the trimmed-off
    /// length so the pattern stays where it lies on the whole path.
    static func dashes(_ dash: DashPattern, view: ViewExport, total: Double) -> [JSONValue] {
        let pattern = dash.lengths.count % 2 == 0 ? dash.lengths : dash.lengths + dash.lengths
        var items: [JSONValue] = pattern.enumerated().map { i, length in
            ["n": .string(i % 2 == 0 ? "d" : "g"), "v": Shapes.fixed(length)]
        }
        items.append(["n": "o", "v": view.scalar([Lines.strokeStart], Tolerance.points) { $0[Lines.strokeStart] * total }])
        return items
    }
}
