/// `pie`: the layer-backed pie progress view of seed 001.
public enum Pie: KindDeclaration {
    public static let progress = Attribute<Double>(
        "progress", .number(.unit), default: 0,
        doc: "Fraction of the disc the wedge covers, from startAngle.")
    public static let fillColor = DerivedAttribute<Color>(
        "fillColor", .color, sameAs: Layer.borderColor,
        doc: "Colour of the wedge (the seed fills with its border colour).")
    public static let startAngle = Attribute<Angle>(
        "startAngle", .angle, default: Angle(degrees: -90), described: "-90 (12 o'clock)",
        doc: "Where the wedge starts; 0 is 3 o'clock.")
    public static let clockwise = Attribute<Bool>(
        "clockwise", .bool, default: true, animatable: .no,
        doc: "Direction the wedge sweeps.")

    public static let kind = ViewKind(
        type: .pie, summary: "Pie progress: a wedge over a translucent disc inside a border.",
        own: [progress.spec, fillColor.spec, startAngle.spec, clockwise.spec],
        layerDefaults: [
            "borderColor": .color(.whiteColor),
            "borderWidth": .number(2),
            "backgroundColor": .color(.white(1, alpha: 0.15)),
            "cornerRadius": .length(Length(percent: 50)),
        ],
        layerDefaultDescriptions: ["borderColor": "white", "backgroundColor": "{white: 1, alpha: 0.15}",
                                   "cornerRadius": "\"50%\""],
        intrinsicSize: Size(width: 37, height: 37),
        geometry: "a wedge from the centre, radius min(width, height)/2, over its translucent background and under its border. Its size of its own is 37 × 37.")

    public static func paints(_ values: AttributeValues) -> [PaintedPart] {
        [PaintedPart(fillColor.name, drawn: values[progress] > 0)]
    }
}
