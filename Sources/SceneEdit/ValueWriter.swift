import SceneModel
import SceneSupport

/// A value as it will be written: scalars already in their final text (quoted or not), lists
/// and mappings written in flow style (`[4, 2]`) or, replacing a block one, in block style.
indirect enum WrittenValue: Equatable {
    case scalar(String)
    case list([WrittenValue])
    case mapping([Field])

    struct Field: Equatable {
        var key: String
        var value: WrittenValue
    }

    /// `12`, `"#ff2d55"`, `[[0, "50%"], [10, 10]]`, `{row: 4, column: 8}`.
    var flow: String {
        switch self {
        case .scalar(let text): return text
        case .list(let items): return "[" + items.map(\.flow).joined(separator: ", ") + "]"
        case .mapping(let fields): return "{" + fields.map { "\($0.key): \($0.value.flow)" }.joined(separator: ", ") + "}"
        }
    }
}

/// Values in the form a person writes them (docs/commands.md, "scenec edit"): numbers in their shortest
/// exact form, colours in the form given (a name stays a name, hex stays hex), angles in degrees, words plain, and quotes
/// only where a YAML reader could take the text for something else.
enum ValueWriter {
    static func write(_ value: Value) -> WrittenValue {
        switch value {
        case .number(let v): return number(v)
        case .length(let l): return length(l)
        case .angle(let a): return number(a.degrees)
        case .color(let c): return color(c)
        case .colorForm(let form): return color(form)
        case .bool(let b): return .scalar(b ? "true" : "false")
        case .choice(let word): return .scalar(YAMLText.scalar(word))
        case .timeOfDay(let t): return .scalar(YAMLText.scalar(timeText(t)))
        case .points(let points): return .list(points.map { .list([length($0.x), length($0.y)]) })
        case .dash(let lengths): return .list(lengths.map(number))
        case .insets(let i):
            if i.top == i.leading, i.leading == i.bottom, i.bottom == i.trailing { return number(i.top) }
            return .mapping([.init(key: "top", value: number(i.top)), .init(key: "leading", value: number(i.leading)),
                             .init(key: "bottom", value: number(i.bottom)), .init(key: "trailing", value: number(i.trailing))])
        case .gridSpacing(let g):
            if g.row == g.column { return number(g.row) }
            return .mapping([.init(key: "row", value: number(g.row)), .init(key: "column", value: number(g.column))])
        case .text(let t): return .scalar(YAMLText.scalar(t))
        }
    }

    /// `formatNumber` is the shortest text that reads back as the same Double: whole numbers
    /// without `.0`, others as Swift's shortest round-trip form.
    static func number(_ v: Double) -> WrittenValue {
        .scalar(formatNumber(v))
    }

    /// `"22:15"` rather than `"22:15:00"`, as a person writes a time on the minute.
    static func timeText(_ t: TimeOfDay) -> String {
        let text = t.description
        return text.count == 8 && text.hasSuffix(":00") ? String(text.dropLast(3)) : text
    }

    /// Points as a number; a percentage as `"50%"` or `"100% - 10"`.
    static func length(_ l: Length) -> WrittenValue {
        l.percent == 0 ? number(l.points) : .scalar(YAMLText.scalar(l.description))
    }

    /// A colour in the form it was given: a name stays a name (`systemRed`, `tomato`), hex stays
    /// hex, `rgb()` stays `rgb()`, `{color: systemBlue, alpha: 0.8}` and `{light: …, dark: …}`
    /// keep their sides' forms — never flattened to the hex of one appearance.
    static func color(_ form: ColorForm) -> WrittenValue {
        switch form {
        case .hex(let c): return color(c)
        case .rgb, .css, .clear, .system: return .scalar(form.description)
        case .components(let c):
            let channels = [("red", c.red), ("green", c.green), ("blue", c.blue)]
                .map { WrittenValue.Field(key: $0.0, value: number(($0.1 * 255 * 1e9).rounded() / 1e9)) }
            return .mapping(channels + [.init(key: "alpha", value: number(c.alpha))])
        case .white(let c):
            return .mapping([.init(key: "white", value: number(c.red)), .init(key: "alpha", value: number(c.alpha))])
        case .withAlpha(let base, let alpha):
            return .mapping([.init(key: "color", value: color(base)), .init(key: "alpha", value: number(alpha))])
        case .pair(let light, let dark):
            return .mapping([.init(key: "light", value: color(light)), .init(key: "dark", value: color(dark))])
        }
    }

    /// `"#rrggbb"` when every component is a whole 0–255 step (anything written as hex, rgb()
    /// of whole numbers or a CSS name); otherwise a form that keeps the value exact rather than
    /// rounding it to the nearest step: `rgba()` for an alpha between steps, `{white, alpha}`
    /// for a grey.
    static func color(_ c: Color) -> WrittenValue {
        func step(_ v: Double) -> Int? {
            let n = (v * 255).rounded()
            return n >= 0 && n <= 255 && n / 255 == v ? Int(n) : nil
        }
        let rgb = [c.red, c.green, c.blue].compactMap(step)
        if rgb.count == 3, step(c.alpha) != nil {
            return .scalar(YAMLText.quoted(c.description))
        }
        if rgb.count == 3 {
            return .scalar(YAMLText.quoted("rgba(\(rgb[0]), \(rgb[1]), \(rgb[2]), \(formatNumber(c.alpha)))"))
        }
        if c.red == c.green, c.green == c.blue {
            return .mapping([.init(key: "white", value: number(c.red)), .init(key: "alpha", value: number(c.alpha))])
        }
        let parts = [c.red, c.green, c.blue].map { formatNumber($0 * 255) }
        return .scalar(YAMLText.quoted("rgba(\(parts.joined(separator: ", ")), \(formatNumber(c.alpha)))"))
    }
}

/// Quoting for YAML scalars.
enum YAMLText {
    /// The text plain when every YAML reader takes it as this very string, else double-quoted.
    static func scalar(_ text: String) -> String {
        needsQuotes(text) ? quoted(text) : text
    }

    /// In double quotes, with YAML's escapes for what cannot stand in them as itself (`\n`, `\N`
    /// for NEL, `\L` and `\P` for the Unicode line and paragraph separators, `\uXXXX` for other
    /// controls): what `edit` writes and what `fmt` writes are one form.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for s in text.unicodeScalars {
            switch s {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            case "\u{85}": out += "\\N"
            case "\u{2028}": out += "\\L"
            case "\u{2029}": out += "\\P"
            default:
                if s.value < 0x20 || s.value == 0x7F || (0x80...0x9F).contains(s.value) || s == "\u{FEFF}" {
                    let hex = String(s.value, radix: 16, uppercase: true)
                    out += "\\u" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
                } else {
                    out.unicodeScalars.append(s)
                }
            }
        }
        return out + "\""
    }

    /// Words YAML 1.1 or 1.2 reads as null or a bool.
    static let reserved: Set<String> = ["", "~", "null", "true", "false", "yes", "no", "on", "off", "y", "n"]

    /// Whether plain text could be read as something else: a comment or another indicator, a
    /// number (anything starting like one, so `"50%"` and `"10:09:30"` — a YAML 1.1 number —
    /// are quoted, as the docs write them), null or a bool, or broken up inside a flow mapping.
    static func needsQuotes(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let first = scalars.first, let last = scalars.last else { return true }
        if reserved.contains(text.lowercased()) { return true }
        if first == " " || last == " " || first == "\t" || last == "\t" || last == ":" { return true }
        if "-?:,[]{}#&*!|>'\"%@`.+".unicodeScalars.contains(first) { return true }
        if ("0"..."9").contains(first) { return true }
        if text.contains(": ") || text.contains(" #") { return true }
        return scalars.contains { ",[]{}".unicodeScalars.contains($0) || $0.value < 0x20 || $0.value == 0x7F }
    }
}
