/// `clock`: the analog clock of seed 003.
public enum Clock {
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
        animatable: .no, doc: "Font family of the numerals.")
    public static let numeralSize = DerivedAttribute<Double>(
        "numeralSize", .number(.positive), percent: 18, of: .radius, doc: "Font size of the numerals.")

    public static let kind = ViewKind(
        type: .clock, summary: "Analog clock: hour, minute and second hands from the centre.",
        own: [time.spec, motion.spec, handColor.spec, secondHandColor.spec, hourHandWidth.spec,
              minuteHandWidth.spec, secondHandWidth.spec, hourHandLength.spec, minuteHandLength.spec,
              secondHandLength.spec, showsSeconds.spec, faceColor.spec, tickColor.spec, numerals.spec,
              numeralColor.spec, numeralFont.spec, numeralSize.spec])
}
