import SceneModel

/// A colour attribute's form as the page's colour control edits it: the whole form as written
/// and each appearance's side, so the control shows the name (`systemBlue`) rather than the hex
/// of one side, edits only the current appearance's side of a pair, and commits text the
/// grammar reads back as the form chosen.
struct ColorFormInfo: Encodable, Sendable {
    struct Side: Encodable, Sendable {
        /// The side as written: `systemBlue`, `{color: systemBlue, alpha: 0.5}`, `"#ff0000"`.
        var text: String
        /// The system colour's name, with or without `{color, alpha}`.
        var system: String?
        /// The alpha `{color, alpha}` gives; nil when the side has none of its own.
        var alpha: Double?
        /// The colour it draws in its appearance (`#rrggbbaa` when not opaque).
        var color: String
    }

    /// The whole form as written.
    var text: String
    /// The appearance the page shows: the side the control edits.
    var appearance: String
    /// `{light, dark}`: each side its own.
    var paired: Bool
    var light: Side
    var dark: Side

    init(_ form: ColorForm, appearance: Appearance) {
        text = form.description
        self.appearance = appearance.rawValue
        if case .pair = form { paired = true } else { paired = false }
        light = Self.side(form.side(.light), .light)
        dark = Self.side(form.side(.dark), .dark)
    }

    static func side(_ form: ColorForm, _ appearance: Appearance) -> Side {
        var alpha: Double?
        if case .withAlpha(_, let a) = form { alpha = a }
        return Side(text: form.description, system: form.systemName, alpha: alpha,
                    color: form.color(for: appearance).description)
    }
}

/// The iOS system colours by name with both sides, for the colour control's list.
struct SystemColorInfo: Encodable, Sendable {
    var name: String
    var light: String
    var dark: String

    static let all = SystemColors.all.map { SystemColorInfo(name: $0.name, light: $0.light.description, dark: $0.dark.description) }
}
