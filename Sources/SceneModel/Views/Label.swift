/// `label`: text drawn with Pango, sized to its text when its frame or stack gives no size.
public enum Label: KindDeclaration {
    /// The family every text attribute defaults to: DejaVu Sans, from Debian's
    /// fonts-dejavu-core, which the Makefile installs (so text lays out alike on every machine).
    public static let defaultFamily = "DejaVu Sans"

    public static let text = Attribute<TextValue>(
        "text", .text, default: TextValue(""), described: "\"\"", animatable: .no,
        doc: "The text; {id.attribute:format} shows another view's value at the time drawn (formats: percent, percent(N), number(N), time, hh:mm); {{ writes a brace.")
    public static let font = Attribute<TextValue>(
        "font", .fontFamily, default: TextValue(defaultFamily), described: defaultFamily, animatable: .no,
        doc: "Font family: DejaVu Sans, another default font's family (Noto Sans Arabic, NanumGothic …) or one of the scene's fonts: files; another, or a colour emoji font, is a warning and draws DejaVu Sans.")
    public static let fontSize = Attribute<Double>(
        "fontSize", .number(.positive), default: 17, doc: "Size of the font, in points.")
    public static let fontWeight = Attribute<Double>(
        "fontWeight", .fontWeight, default: 400, described: "regular", animatable: .no,
        doc: "regular, medium, semibold, bold, heavy, or a weight from 100 to 900.")
    public static let italic = Attribute<Bool>(
        "italic", .bool, default: false, animatable: .no, doc: "Slants the text.")
    public static let textColor = Attribute<Color>(
        "textColor", .color, default: .black, described: "black", doc: "Colour of the text.")
    public static let alignment = Attribute<String>(
        "alignment", .choice(["leading", "center", "trailing"]), default: "leading", animatable: .no,
        doc: "Where each line sits across the frame (leading is the left for left-to-right text).")
    public static let verticalAlignment = Attribute<String>(
        "verticalAlignment", .choice(["top", "center", "bottom"]), default: "center", animatable: .no,
        doc: "Where the block of lines sits in the frame's height.")
    public static let lineLimit = Attribute<Int>(
        "lineLimit", .integer(min: 0), default: 0, described: "0 (no limit)", animatable: .no,
        doc: "The most lines the text wraps to; the last one ends in an ellipsis when text is left over.")
    public static let lineSpacing = Attribute<Double>(
        "lineSpacing", .number(.nonNegative), default: 0, animatable: .no,
        doc: "Extra space between lines, in points.")
    public static let tracking = Attribute<Double>(
        "tracking", .number(.any), default: 0, doc: "Extra space between letters, in points.")

    public static let kind = ViewKind(
        type: .label, summary: "Text in one font, wrapped to the frame's width.",
        own: [text.spec, font.spec, fontSize.spec, fontWeight.spec, italic.spec, textColor.spec, alignment.spec,
              verticalAlignment.spec, lineLimit.spec, lineSpacing.spec, tracking.spec],
        sizesToContent: true,
        geometry: "text in one font, sized to its text or wrapped to its width; a ring's `label` and a clock's `numerals` draw the same way ([§8](#8-text)).",
        synonyms: ["color": ("textColor", "CSS's name for the text's colour"),
                   "foregroundcolor": ("textColor", "SwiftUI's name"), "foregroundstyle": ("textColor", "SwiftUI's name"),
                   "fontcolor": ("textColor", "a common name"), "textalign": ("alignment", "CSS's name"),
                   "numberoflines": ("lineLimit", "UILabel's name"), "letterspacing": ("tracking", "CSS's name"),
                   "kern": ("tracking", "UIKit's name"), "fontfamily": ("font", "CSS's name")])
}

/// The words `fontWeight` takes, with the CSS weights they stand for (UIKit's names).
public enum FontWeight {
    public static let words: [(name: String, weight: Double)] = [
        ("regular", 400), ("medium", 500), ("semibold", 600), ("bold", 700), ("heavy", 800),
    ]
    public static let range = 100.0...900.0
}
