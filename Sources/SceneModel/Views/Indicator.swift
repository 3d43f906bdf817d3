/// `indicator`: the on/off indicator of seed 004.
public enum Indicator: KindDeclaration {
    public static let on = Attribute<Bool>(
        "on", .bool, default: false, animatable: .steps, doc: "Which colour fills the circle.")
    public static let offColor = Attribute<Color>(
        "offColor", .color, default: .rgb255(255, 0, 0), described: "#ff0000", doc: "Fill when off.")
    public static let onColor = Attribute<Color>(
        "onColor", .color, default: .rgb255(0x34, 0xc7, 0x59), described: "#34c759", doc: "Fill when on.")
    public static let strokeColor = DerivedAttribute<Color>(
        "strokeColor", .color, from: fillInputs, described: "the current fill with r, g, b × 0.75",
        doc: "Colour of the circle's edge.") { values, _ in fill(values).scaled(by: 0.75) }
    public static let lineWidth = DerivedAttribute<Double>(
        "lineWidth", .number(.nonNegative), percent: 5, of: .width,
        doc: "Width of the edge, centred on the circle (half falls outside the bounds).")

    /// The colour the circle is filled with: the on or the off colour.
    public static func fill(_ values: AttributeValues) -> Color {
        values[on] ? values[onColor] : values[offColor]
    }

    /// What `fill` reads.
    public static let fillInputs: [any AttributeKey] = [on, onColor, offColor]

    public static let kind = ViewKind(
        type: .indicator, summary: "On/off indicator: a filled circle with a darker edge.",
        own: [on.spec, offColor.spec, onColor.spec, strokeColor.spec, lineWidth.spec],
        geometry: "a filled circle of radius width/2, stroked on its edge (half the stroke falls outside the bounds). The edge is the fill darkened (r, g, b × 0.75) unless `strokeColor` says.")

    public static func paints(_ values: AttributeValues) -> [PaintedPart] {
        [PaintedPart(values[on] ? onColor.name : offColor.name), PaintedPart(strokeColor.name)]
    }
}
