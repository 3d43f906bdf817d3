import SceneModel
import SceneSupport

/// A pie's wedge: a circle of half the radius stroked as wide as the radius, so the stroke
/// covers the disc, trimmed to `progress` from `startAngle`; the layer gives the disc and ring.
extension Pie: KindExporter {
    static let lottieSummary: String? = "the wedge: a circle of half the radius stroked as wide as the radius, trimmed to `progress`"

    static let lottieCoverage: [String: LottieCoverage.Mapping] = [
            "progress": .exported("the trim path's end on a circle stroked as wide as the radius"),
            "fillColor": .exported("the wedge's colour"),
            "startAngle": .exported("the wedge group's rotation"),
            "clockwise": .exported("the wedge circle's direction"),
    ]

    static func shapes(_ view: ViewExport) -> [JSONValue] {
        let radius = Swift.min(view.size.width, view.size.height) / 2
        guard radius > 0 else { return [] }
        let wedge = Shapes.group("wedge", [
            Shapes.ellipse(center: Shapes.fixed([0, 0]), size: Shapes.fixed([radius, radius]),
                           clockwise: view.values[Pie.clockwise]),
            Shapes.trim(start: Shapes.fixed(0), end: view.scalar([Pie.progress], Tolerance.percent) { $0[Pie.progress] * 100 }),
            Shapes.stroke(view.paint(Pie.fillColor),
                          width: Shapes.fixed(radius), cap: "butt"),
        ], transform: Shapes.transform(position: Shapes.fixed(view.center),
                                       rotation: Ring.startRotation(view, Pie.startAngle)))
        return [wedge]
    }
}
