import SceneModel
import SceneSupport

/// A gauge: the track and the value arc are one ellipse each, trimmed to their share of the
/// circle and turned so the trim starts at `startAngle` (as the ring's progress); the needle
/// is a bar from the centre turned to the value's angle (as a clock's hand).
extension Gauge: KindExporter {
    static let lottieSummary: String? = "the track and the value arc: ellipses trimmed to the dial's sweep and to `value` of it, turned to `startAngle`, `lineCap` on their strokes; the needle a bar turned to the value's angle"

    static let lottieCoverage: [String: LottieCoverage.Mapping] = [
            "value": .exported("the value ellipse's trim end and the needle's rotation"),
            "startAngle": .exported("the arcs' rotation, their trims' ends and the needle's rotation"),
            "endAngle": .exported("the arcs' trims' ends and the needle's rotation"),
            "trackColor": .exported("the track ellipse's stroke colour"),
            "valueColor": .exported("the value ellipse's stroke colour"),
            "needleColor": .exported("the needle's fill"),
            "lineWidth": .exported("both arcs' stroke width, the ellipses' size and the needle's length"),
            "needleWidth": .exported("the needle's bar height"),
            "lineCap": .exported("both arcs' line caps"),
    ]

    static func shapes(_ view: ViewExport) -> [JSONValue] {
        let circle = StrokedCircle(view, lineWidth: Gauge.lineWidth)
        let (diameter, width, radius, drawn) = (circle.diameter, circle.width, circle.radius, circle.drawn)
        let cap = view.values[Gauge.lineCap]
        let rotation = Ring.startRotation(view, Gauge.startAngle)
        /// An arc: the ellipse from startAngle, trimmed to `share` (0–1) of the whole circle.
        func arc(_ name: String, _ reads: [any AttributeKey], share: @escaping (ResolvedView) -> Double,
                 color: Shapes.Paint) -> JSONValue {
            let end = view.scalar(reads + [Gauge.lineWidth], Tolerance.percent) { drawn($0) ? share($0) * 100 : 0 }
            return Shapes.group(name, [
                Shapes.ellipse(center: Shapes.fixed([0, 0]), size: diameter),
                Shapes.trim(start: Shapes.fixed(0), end: end),
                Shapes.stroke(color, width: width, cap: cap),
            ], transform: Shapes.transform(position: Shapes.fixed(view.center), rotation: rotation))
        }
        let angles: [any AttributeKey] = [Gauge.startAngle, Gauge.endAngle]
        let track = arc("track", angles, share: { Gauge.sweep($0.values) / 360 }, color: view.paint(Gauge.trackColor))
        let value = arc("value", angles + [Gauge.value], share: { $0[Gauge.value] * Gauge.sweep($0.values) / 360 },
                        color: view.paint(Gauge.valueColor))
        // The drawer's needle: from the centre to the track's inner edge, butt-capped.
        func length(_ v: ResolvedView) -> Double { radius(v) > 0 ? Swift.max(0, radius(v) - v[Gauge.lineWidth] / 2) : 0 }
        let bar = Shapes.rect(
            center: view.vector([Gauge.lineWidth], Tolerance.points) { [length($0) / 2, 0] },
            size: view.vector([Gauge.lineWidth, Gauge.needleWidth], Tolerance.points) { [length($0), $0[Gauge.needleWidth]] },
            radius: Shapes.fixed(0))
        let needle = Shapes.group("needle", [bar, Shapes.fill(view.paint(Gauge.needleColor))],
                                  transform: Shapes.transform(position: Shapes.fixed(view.center),
                                                              rotation: view.scalar(angles + [Gauge.value], Tolerance.degrees) {
                                                                  Gauge.needleAngle($0.values)
                                                              }))
        return [needle, value, track]
    }
}
