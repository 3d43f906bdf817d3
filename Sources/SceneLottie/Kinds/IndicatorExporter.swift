import SceneModel
import SceneSupport

/// An indicator: a circle of radius width/2 filled with the on or off colour (hold keyframes
/// where `on` switches), its edge stroked on top.
extension Indicator: KindExporter {
    static let lottieSummary: String? = "an ellipse filled with the on or off colour (hold keyframes where `on` switches) and stroked on top"

    static let lottieCoverage: [String: LottieCoverage.Mapping] = [
            "on": .exported("the fill colour, in hold keyframes"),
            "offColor": .exported("the fill colour when off"), "onColor": .exported("the fill colour when on"),
            "strokeColor": .exported("the edge's stroke colour"), "lineWidth": .exported("the edge's stroke width"),
    ]

    static func shapes(_ view: ViewExport) -> [JSONValue] {
        let width = view.size.width
        guard width > 0 else { return [] }
        return [Shapes.group("circle", [
            Shapes.ellipse(center: Shapes.fixed(view.center), size: Shapes.fixed([width, width])),
            Shapes.stroke(view.paint(Indicator.strokeColor),
                          width: view.scalar([Indicator.lineWidth], Tolerance.points) { $0[Indicator.lineWidth] },
                          cap: "butt"),
            Shapes.fill(view.paint(Indicator.fillInputs) { Indicator.fill($0.values) }),
        ])]
    }
}
