import SceneSyntax

/// `ring`: the circular progress view of seeds 000 and 002.
public enum Ring: KindDeclaration {
    public static let progress = Attribute<Double>(
        "progress", .number(.unit), default: 0,
        doc: "Fraction of the circle the progress arc covers, from startAngle.")
    public static let trackColor = Attribute<Color>(
        "trackColor", .color, default: .rgb255(235, 237, 236), described: "rgb(235, 237, 236)",
        doc: "Colour of the full circle under the progress arc.")
    public static let progressColor = Attribute<Color>(
        "progressColor", .color, default: .rgb255(1, 111, 37), described: "rgb(1, 111, 37)",
        doc: "Colour of the progress arc.")
    public static let lineWidth = Attribute<Double>(
        "lineWidth", .number(.nonNegative), default: 10,
        doc: "Stroke width of track and arc; the circle's radius is min(width, height)/2 − lineWidth/2.")
    public static let startAngle = Attribute<Angle>(
        "startAngle", .angle, default: Angle(degrees: -90), described: "-90 (12 o'clock)",
        doc: "Where the progress arc starts; 0 is 3 o'clock.")
    public static let clockwise = Attribute<Bool>(
        "clockwise", .bool, default: true, animatable: .no,
        doc: "Direction the progress arc sweeps.")
    public static let lineCap = Attribute<String>(
        "lineCap", .choice(["butt", "round", "square"]), default: "butt", animatable: .no,
        doc: "Shape of the progress arc's ends.")

    public static let label = Attribute<TextValue>(
        "label", .text, default: TextValue("none"), described: "none", animatable: .no,
        doc: "Text in the middle: none, percent (the progress, as 72%), or any text, which may show values as a label's text does.")
    public static let labelColor = DerivedAttribute<Color>(
        "labelColor", .color, sameAs: progressColor, doc: "Colour of the label.")
    public static let labelFont = Attribute<TextValue>(
        "labelFont", .fontFamily, default: TextValue(Label.defaultFamily), described: Label.defaultFamily,
        animatable: .no, doc: "Font family of the label, as a label's font: a default font's family or one of fonts:.")
    public static let labelSize = MeasuredAttribute<Double>(
        "labelSize", .number(.positive), from: [label, labelFont, lineWidth],
        described: "the largest that fits inside the ring",
        doc: "Font size of the label; by default the largest whose text fits inside the ring's inner circle (for percent, the text 100%).")

    public static let kind = ViewKind(
        type: .ring, summary: "Circular progress view: a track circle and a progress arc.",
        own: [progress.spec, trackColor.spec, progressColor.spec, lineWidth.spec, startAngle.spec,
              clockwise.spec, lineCap.spec, label.spec, labelColor.spec, labelFont.spec, labelSize.spec],
        geometry: "centre of the bounds; radius = min(width, height)/2 − lineWidth/2. The track is the full circle; the arc starts at `startAngle` and sweeps progress × 360°. Progress 0 draws no arc (even with round caps).",
        synonyms: ["textcolor": ("labelColor", "a label's name"), "fontsize": ("labelSize", "a label's name"),
                   "font": ("labelFont", "a label's name"), "fontfamily": ("labelFont", "CSS's name")])

    public static func paints(_ values: AttributeValues) -> [PaintedPart] {
        [PaintedPart(trackColor.name), PaintedPart(progressColor.name, drawn: values[progress] > 0)]
    }

    public static let lintCodes: [DiagnosticCodeEntry] = [
        .warning(.lintNoRadius, "A ring's (or indicator's) lineWidth is so wide that it leaves no radius: nothing is drawn.",
                 .scene("canvas: {width: 200, height: 200}\nviews:\n  - {type: ring, id: r, frame: {x: 10, y: 10, width: 100, height: 100}, lineWidth: 150}\n")),
    ]

    /// A line width that leaves no radius draws nothing.
    public static func lint(_ view: LintedView) -> [Diagnostic] {
        let side = Swift.min(view.size.width, view.size.height)
        let width = view.values[lineWidth]
        guard width > 0, side / 2 - width / 2 <= 0 else { return [] }
        return [.warning(.lintNoRadius, "lineWidth \(formatNumber(width)) leaves \(view.name) no radius (min(width, height)/2 − lineWidth/2 = \(formatNumber(side / 2)) − \(formatNumber(width / 2))), so nothing is drawn",
                         at: view.range(of: lineWidth.name),
                         notes: ["a line width under \(formatNumber(side)) keeps the ring visible"])]
    }
}

extension DiagnosticCode {
    /// A line width that leaves a ring (or gauge) no radius: declared here, used by both.
    public static let lintNoRadius = DiagnosticCode("lint-no-radius")
}
