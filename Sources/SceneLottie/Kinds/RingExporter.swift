import SceneModel
import SceneSupport

/// A ring: the track, an ellipse stroked all round; over it the progress, the same ellipse
/// trimmed to `progress` and turned so the trim starts at `startAngle`; the label over them.
extension Ring: KindExporter {
    static let lottieSummary: String? = "the track: an ellipse stroked all round; the progress: the same ellipse, trim path end = `progress`, turned to `startAngle`, its direction from `clockwise`, `lineCap` on its stroke"

    static let lottieCoverage: [String: LottieCoverage.Mapping] = [
            "progress": .exported("the trim path's end on the progress ellipse"),
            "trackColor": .exported("the track ellipse's stroke colour"),
            "progressColor": .exported("the progress ellipse's stroke colour"),
            "lineWidth": .exported("both strokes' width and the ellipses' size"),
            "startAngle": .exported("the progress group's rotation"),
            "clockwise": .exported("the progress ellipse's direction"),
            "lineCap": .exported("the progress stroke's line cap"),
            "label": .exported(LottieCoverage.text),
            "labelColor": .goesWith("label"), "labelFont": .goesWith("label"), "labelSize": .goesWith("label"),
    ]

    static func shapes(_ view: ViewExport) -> [JSONValue] {
        let circle = StrokedCircle(view, lineWidth: Ring.lineWidth)
        let (diameter, width) = (circle.diameter, circle.width)
        let track = Shapes.group("track", [
            Shapes.ellipse(center: Shapes.fixed(view.center), size: diameter),
            Shapes.stroke(view.paint(Ring.trackColor), width: width, cap: "butt"),
        ])
        let end = view.scalar([Ring.progress, Ring.lineWidth], Tolerance.percent) { circle.drawn($0) ? $0[Ring.progress] * 100 : 0 }
        let progress = Shapes.group("progress", [
            Shapes.ellipse(center: Shapes.fixed([0, 0]), size: diameter, clockwise: view.values[Ring.clockwise]),
            Shapes.trim(start: Shapes.fixed(0), end: end),
            Shapes.stroke(view.paint(Ring.progressColor), width: width,
                          cap: view.values[Ring.lineCap]),
        ], transform: Shapes.transform(position: Shapes.fixed(view.center), rotation: startRotation(view, Ring.startAngle)))
        return (view.text.map { [$0] } ?? []) + [progress, track]
    }

    /// The ellipse starts at 12 o'clock (−90°); turning it by startAngle + 90° starts it there.
    static func startRotation(_ view: ViewExport, _ attribute: Attribute<Angle>) -> JSONValue {
        view.scalar([attribute], Tolerance.degrees) { $0[attribute].degrees + 90 }
    }
}
