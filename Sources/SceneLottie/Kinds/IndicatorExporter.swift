import SceneModel
import SceneSupport

/// An indicator: a circle of radius width/2 filled with the on or off colour (hold keyframes
/// where `on` switches), its edge stroked on top.
enum IndicatorExporter: KindExporter {
    static func shapes(_ view: ViewExport) -> [JSONValue] {
        let width = view.size.width
        guard width > 0 else { return [] }
        let fillReads = ["on", "onColor", "offColor"]
        func fill(_ v: AttributeValues) -> Color { v[Indicator.on] ? v[Indicator.onColor] : v[Indicator.offColor] }
        return [Shapes.group("circle", [
            Shapes.ellipse(center: Shapes.fixed(view.center), size: Shapes.fixed([width, width])),
            Shapes.stroke(view.paint(["strokeColor"] + fillReads) { $0[Indicator.strokeColor] ?? fill($0).scaled(by: 0.75) },
                          width: view.scalar(["lineWidth"], Tolerance.points) { $0[Indicator.lineWidth] ?? width * 0.05 },
                          cap: "butt"),
            Shapes.fill(view.paint(fillReads, fill)),
        ])]
    }
}
