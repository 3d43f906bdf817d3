/// `lines`: polylines and polygons (seed 000, "Drawing"), trimmed like a CAShapeLayer.
public enum Lines: KindDeclaration {
    public static let points = Attribute<[Point]>(
        "points", .points, default: [], animatable: .no, required: true,
        doc: "The path's points, [x, y] each, percent of the view's bounds; at least two.")
    public static let closed = Attribute<Bool>(
        "closed", .bool, default: false, animatable: .no, doc: "Joins the last point back to the first.")
    public static let strokeColor = Attribute<Color>(
        "strokeColor", .color, default: .rgb255(255, 0, 0), described: "red", doc: "Colour of the line.")
    public static let lineWidth = Attribute<Double>(
        "lineWidth", .number(.nonNegative), default: 1, doc: "Width of the line.")
    public static let fillColor = Attribute<Color>(
        "fillColor", .color, default: .clear, described: "clear", doc: "Fills the path's inside.")
    public static let lineCap = Attribute<String>(
        "lineCap", .choice(["butt", "round", "square"]), default: "butt", animatable: .no,
        doc: "Shape of the line's ends.")
    public static let lineJoin = Attribute<String>(
        "lineJoin", .choice(["miter", "round", "bevel"]), default: "miter", animatable: .no,
        doc: "Shape of the corners.")
    public static let dash = OptionalAttribute<DashPattern>(
        "dash", .dash, described: "none", animatable: .no,
        doc: "Dash pattern: lengths of dashes and gaps, laid from the first point.")
    public static let strokeStart = Attribute<Double>(
        "strokeStart", .number(.unit), default: 0,
        doc: "Fraction of the path's length where the visible stroke starts.")
    public static let strokeEnd = Attribute<Double>(
        "strokeEnd", .number(.unit), default: 1,
        doc: "Fraction of the path's length where the visible stroke ends.")

    public static let kind = ViewKind(
        type: .lines, summary: "Polylines and polygons through points.",
        own: [points.spec, closed.spec, strokeColor.spec, lineWidth.spec, fillColor.spec, lineCap.spec,
              lineJoin.spec, dash.spec, strokeStart.spec, strokeEnd.spec],
        geometry: "a path through `points` (percent of the view's bounds), `closed` joins the ends; the dash pattern is laid from the first point, then `strokeStart`/`strokeEnd` trim it.")

    public static func paints(_ values: AttributeValues) -> [PaintedPart] {
        [PaintedPart(strokeColor.name, drawn: values[lineWidth] > 0), PaintedPart(fillColor.name)]
    }
}
