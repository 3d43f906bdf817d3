import SceneSyntax

/// `clock`: the analog clock of seed 003.
public enum Clock: KindDeclaration {
    public static let time = Attribute<TimeOfDay>(
        "time", .timeOfDay, default: .hms(10, 9, 30), described: "\"10:09:30\"",
        doc: "The time the hands show; `now` is the local time at render.")
    public static let motion = Attribute<String>(
        "motion", .choice(["tick", "sweep"]), default: "tick", animatable: .no,
        doc: "tick: hands jump each whole second (the seed's 1 s timer); sweep: continuous.")
    public static let handColor = Attribute<Color>(
        "handColor", .color, default: .whiteColor, described: "white",
        doc: "Colour of the hour and minute hands (and the second hand unless set).")
    public static let secondHandColor = DerivedAttribute<Color>(
        "secondHandColor", .color, sameAs: handColor,
        doc: "Colour of the second hand.")
    public static let hourHandWidth = Attribute<Double>(
        "hourHandWidth", .number(.nonNegative), default: 8, doc: "Stroke width of the hour hand.")
    public static let minuteHandWidth = Attribute<Double>(
        "minuteHandWidth", .number(.nonNegative), default: 5, doc: "Stroke width of the minute hand.")
    public static let secondHandWidth = Attribute<Double>(
        "secondHandWidth", .number(.nonNegative), default: 2, doc: "Stroke width of the second hand.")
    public static let hourHandLength = Attribute<Length>(
        "hourHandLength", .length(reference: "the radius"), default: Length(percent: 100, points: -18),
        described: "\"100% - 18\"", doc: "Length of the hour hand from the centre.")
    public static let minuteHandLength = Attribute<Length>(
        "minuteHandLength", .length(reference: "the radius"), default: Length(percent: 100, points: -12),
        described: "\"100% - 12\"", doc: "Length of the minute hand from the centre.")
    public static let secondHandLength = Attribute<Length>(
        "secondHandLength", .length(reference: "the radius"), default: Length(percent: 100, points: -10),
        described: "\"100% - 10\"", doc: "Length of the second hand from the centre.")
    public static let showsSeconds = Attribute<Bool>(
        "showsSeconds", .bool, default: true, animatable: .no, doc: "Whether the second hand is drawn.")
    public static let faceColor = Attribute<Color>(
        "faceColor", .color, default: .clear, described: "clear",
        doc: "Fills the clock's disc under the hands.")
    public static let tickColor = Attribute<Color>(
        "tickColor", .color, default: .clear, described: "clear (no tick marks)",
        doc: "When set, 12 hour marks from 0.85 r to 0.95 r, width 2.")

    public static let numerals = Attribute<String>(
        "numerals", .choice(["none", "hours", "quarters"]), default: "none", animatable: .no,
        doc: "Numbers on the face: hours (1–12) or quarters (12, 3, 6, 9), on a circle inside the tick marks.")
    public static let numeralColor = DerivedAttribute<Color>(
        "numeralColor", .color, sameAs: handColor, doc: "Colour of the numerals.")
    public static let numeralFont = Attribute<TextValue>(
        "numeralFont", .fontFamily, default: TextValue(Label.defaultFamily), described: Label.defaultFamily,
        animatable: .no, doc: "Font family of the numerals, as a label's font: a default font's family or one of fonts:.")
    public static let numeralSize = DerivedAttribute<Double>(
        "numeralSize", .number(.positive), percent: 18, of: .radius, doc: "Font size of the numerals.")

    public static let kind = ViewKind(
        type: .clock, summary: "Analog clock: hour, minute and second hands from the centre.",
        own: [time.spec, motion.spec, handColor.spec, secondHandColor.spec, hourHandWidth.spec,
              minuteHandWidth.spec, secondHandWidth.spec, hourHandLength.spec, minuteHandLength.spec,
              secondHandLength.spec, showsSeconds.spec, faceColor.spec, tickColor.spec, numerals.spec,
              numeralColor.spec, numeralFont.spec, numeralSize.spec],
        geometry: "radius r = min(width, height)/2; hands from the centre (butt caps). With `motion: tick` the time is floored to whole seconds. Tick marks (when `tickColor` is set) run from 0.85 r to 0.95 r.",
        synonyms: ["textcolor": ("numeralColor", "a label's name"), "fontsize": ("numeralSize", "a label's name"),
                   "font": ("numeralFont", "a label's name"), "fontfamily": ("numeralFont", "CSS's name")])

    public static func paints(_ values: AttributeValues) -> [PaintedPart] {
        [PaintedPart(handColor.name), PaintedPart(secondHandColor.name, drawn: values[showsSeconds]),
         PaintedPart(faceColor.name), PaintedPart(tickColor.name)]
    }

    public static let lintCodes: [DiagnosticCodeEntry] = [
        .warning(.lintHandLength, "A clock hand's length is negative (an error) or reaches past the face (a warning).",
                 .scene("canvas: {width: 200, height: 200}\nviews:\n  - {type: clock, frame: {x: 10, y: 10, width: 100, height: 100}, hourHandLength: 200}\n")),
        .warning(.lintHandWidth, "A clock hand is as wide as the whole face.",
                 .scene("canvas: {width: 200, height: 200}\nviews:\n  - {type: clock, frame: {x: 10, y: 10, width: 100, height: 100}, hourHandWidth: 120}\n")),
    ]

    /// Hands that point backwards (an error) or run past the face, or are as wide as it.
    public static func lint(_ view: LintedView) -> [Diagnostic] {
        let side = Swift.min(view.size.width, view.size.height)
        guard side > 0 else { return [] }
        let radius = side / 2
        var out: [Diagnostic] = []
        var hands = [(hourHandLength, hourHandWidth), (minuteHandLength, minuteHandWidth)]
        if view.values[showsSeconds] { hands.append((secondHandLength, secondHandWidth)) }
        for (lengthKey, widthKey) in hands {
            let length = view.values[lengthKey].resolved(against: radius)
            // The defaults ("100% - 18") run short of 0 on a clock under 36 points: the clock is
            // small, not mistaken. Only a length someone wrote is checked.
            let given = view.given(lengthKey.name)
            if given, length < 0 {
                out.append(.error(.lintHandLength, "\(lengthKey.name) of \(view.name) is \(formatNumber(length)): a hand runs from the centre, so its length is 0 or more",
                                  at: view.range(of: lengthKey.name),
                                  notes: ["the face's radius is \(formatNumber(radius)); \"100% - 18\" is the default hour hand"]))
            } else if given, length > radius {
                out.append(.warning(.lintHandLength, "\(lengthKey.name) of \(view.name) is \(formatNumber(length)), longer than the face's radius \(formatNumber(radius))",
                                    at: view.range(of: lengthKey.name), notes: ["percent lengths are of the radius: \"100%\" reaches the rim"]))
            }
            let width = view.values[widthKey]
            if width >= radius * 2 {
                out.append(.warning(.lintHandWidth, "\(widthKey.name) \(formatNumber(width)) of \(view.name) is as wide as the whole face (\(formatNumber(radius * 2)))",
                                    at: view.range(of: widthKey.name)))
            }
        }
        return out
    }
}

extension DiagnosticCode {
    /// A clock hand that points backwards or runs past the face.
    public static let lintHandLength = DiagnosticCode("lint-hand-length")
    /// A clock hand as wide as the face.
    public static let lintHandWidth = DiagnosticCode("lint-hand-width")
}
