/// The attributes every view has, as a CALayer does (docs/language.md §3, and §10's "Common to every view").
public enum Layer {
    public static let opacity = Attribute<Double>(
        "opacity", .number(.unit), default: 1,
        doc: "Opacity of the view and its children, applied to them as one group.")
    public static let hidden = Attribute<Bool>(
        "hidden", .bool, default: false, animatable: .steps,
        doc: "When true, neither the view nor its children are drawn.")
    public static let backgroundColor = Attribute<Color>(
        "backgroundColor", .color, default: .clear, described: "clear",
        doc: "Fills the bounds, clipped to the corner radius, under the content.")
    public static let borderColor = Attribute<Color>(
        "borderColor", .color, default: .black, described: "black",
        doc: "Colour of the border drawn inside the bounds, over the content.")
    public static let borderWidth = Attribute<Double>(
        "borderWidth", .number(.nonNegative), default: 0,
        doc: "Width of the border, drawn inside the bounds.")
    public static let cornerRadius = Attribute<Length>(
        "cornerRadius", .length(reference: "the smaller side"), default: .pt(0),
        doc: "Rounds the background and border; \"50%\" of the smaller side makes a circle.")
    public static let rotation = Attribute<Angle>(
        "rotation", .angle, default: Angle(degrees: 0),
        doc: "Turns the view and its children about the view's centre, clockwise.")

    public static let attributes: [AttributeSpec] = [
        opacity.spec, hidden.spec, backgroundColor.spec, borderColor.spec, borderWidth.spec,
        cornerRadius.spec, rotation.spec,
    ]
}
