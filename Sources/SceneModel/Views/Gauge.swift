import SceneSyntax

/// `gauge`: a dial, as a speedometer or a battery gauge shows a level: a track arc from
/// `startAngle` to `endAngle`, over it a value arc filled to `value`, and a needle from the
/// centre pointing at the value. Angles follow the ring's: degrees, 0 is 3 o'clock, growing
/// clockwise on the screen.
public enum Gauge: KindDeclaration {
    public static let value = Attribute<Double>(
        "value", .number(.unit), default: 0,
        doc: "How far along the dial the value arc and the needle reach: 0 at startAngle, 1 at endAngle.")
    public static let startAngle = Attribute<Angle>(
        "startAngle", .angle, default: Angle(degrees: -225), described: "-225 (bottom left)",
        doc: "Where the dial begins (value 0); 0 is 3 o'clock, −90 is 12 o'clock.")
    public static let endAngle = Attribute<Angle>(
        "endAngle", .angle, default: Angle(degrees: 45), described: "45 (bottom right)",
        doc: "Where the dial ends (value 1), clockwise from startAngle: the defaults make a 270° dial open at the bottom.")
    public static let trackColor = Attribute<Color>(
        "trackColor", .color, default: .rgb255(235, 237, 236), described: "rgb(235, 237, 236)",
        doc: "Colour of the whole dial, under the value arc.")
    public static let valueColor = Attribute<Color>(
        "valueColor", .color, default: .rgb255(1, 111, 37), described: "rgb(1, 111, 37)",
        doc: "Colour of the value arc.")
    public static let needleColor = DerivedAttribute<Color>(
        "needleColor", .color, sameAs: valueColor, doc: "Colour of the needle.")
    public static let lineWidth = Attribute<Double>(
        "lineWidth", .number(.nonNegative), default: 10,
        doc: "Stroke width of the dial and the value arc; the arcs' radius is min(width, height)/2 − lineWidth/2.")
    public static let needleWidth = DerivedAttribute<Double>(
        "needleWidth", .number(.nonNegative), from: [lineWidth], described: "a third of lineWidth",
        doc: "Width of the needle; 0 hides it.") { values, _ in values[lineWidth] / 3 }
    public static let lineCap = Attribute<String>(
        "lineCap", .choice(["butt", "round", "square"]), default: "round", animatable: .no,
        doc: "Shape of the dial's and the value arc's ends (the needle's ends are always flat).")

    public static let kind = ViewKind(
        type: .gauge, summary: "Dial gauge: a track arc, a value arc over it and a needle pointing at the value.",
        own: [value.spec, startAngle.spec, endAngle.spec, trackColor.spec, valueColor.spec, needleColor.spec,
              lineWidth.spec, needleWidth.spec, lineCap.spec],
        geometry: "centre of the bounds; radius = min(width, height)/2 − lineWidth/2. The track runs clockwise from `startAngle` to `endAngle` (at most a full turn); the value arc from `startAngle` over `value` of that sweep; the needle from the centre to the track's inner edge at the value's angle. Value 0 draws no value arc (even with round caps); an `endAngle` not past `startAngle` draws only the needle.")

    /// The dial's sweep in degrees, clockwise: 0 when endAngle is not past startAngle, at most
    /// a full turn. What the drawer and the exporter both draw.
    public static func sweep(_ values: AttributeValues) -> Double {
        Swift.min(360, Swift.max(0, values[endAngle].degrees - values[startAngle].degrees))
    }

    /// The needle's angle in degrees: `value` of the way from startAngle to endAngle.
    public static func needleAngle(_ values: AttributeValues) -> Double {
        values[startAngle].degrees + values[value] * sweep(values)
    }

    public static func paints(_ values: AttributeValues) -> [PaintedPart] {
        let dial = sweep(values) > 0
        // needleWidth's rule reads no size, so a view of no size resolves it.
        let needle = ResolvedView(values: values, size: Size(width: 0, height: 0), type: .gauge)[needleWidth]
        return [PaintedPart(trackColor.name, drawn: dial), PaintedPart(valueColor.name, drawn: dial && values[value] > 0),
                PaintedPart(needleColor.name, drawn: needle > 0)]
    }

    /// lint-no-radius is the ring's (Ring.swift).
    public static let lintCodes: [DiagnosticCodeEntry] = [
        .warning(.lintNoSweep, "A gauge's endAngle is not past its startAngle, so its dial has no sweep: only the needle is drawn.",
                 .scene("canvas: {width: 200, height: 200}\nviews:\n  - {type: gauge, frame: {x: 10, y: 10, width: 100, height: 100}, startAngle: 90, endAngle: 90}\n")),
    ]

    /// A line width that leaves no radius draws nothing; an endAngle not past startAngle
    /// leaves the dial no sweep.
    public static func lint(_ view: LintedView) -> [Diagnostic] {
        var out: [Diagnostic] = []
        let side = Swift.min(view.size.width, view.size.height)
        let width = view.values[lineWidth]
        if width > 0, side / 2 - width / 2 <= 0 {
            out.append(.warning(.lintNoRadius, "lineWidth \(formatNumber(width)) leaves \(view.name) no radius (min(width, height)/2 − lineWidth/2 = \(formatNumber(side / 2)) − \(formatNumber(width / 2))), so nothing is drawn",
                                at: view.range(of: lineWidth.name),
                                notes: ["a line width under \(formatNumber(side)) keeps the gauge visible"]))
        }
        let start = view.values[startAngle].degrees, end = view.values[endAngle].degrees
        if end <= start {
            let attribute = view.given(endAngle.name) || !view.given(startAngle.name) ? endAngle.name : startAngle.name
            out.append(.warning(.lintNoSweep, "endAngle \(formatNumber(end)) of \(view.name) is not past its startAngle \(formatNumber(start)), so its dial has no sweep and only the needle is drawn",
                                at: view.range(of: attribute),
                                notes: ["the dial runs clockwise from startAngle to endAngle: -225 to 45 is a 270° dial open at the bottom"]))
        }
        return out
    }
}

extension DiagnosticCode {
    /// A gauge whose endAngle is not past its startAngle.
    public static let lintNoSweep = DiagnosticCode("lint-no-sweep")
}
