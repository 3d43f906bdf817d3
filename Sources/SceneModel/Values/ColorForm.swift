/// A colour as the file wrote it: which of the forms of docs/language.md §2 and its values, so
/// inspect, the language server, `edit` and the preview show and write back the form the user
/// chose (`systemBlue` stays `systemBlue`, not the hex of one of its sides). Drawing reads only
/// `color(for:)`, the concrete colour for an appearance.
public indirect enum ColorForm: Sendable, Hashable, CustomStringConvertible {
    /// `"#0a84ff"` (also `#rgb`, `#rgba`, `#rrggbbaa`).
    case hex(Color)
    /// `rgb(1, 111, 37)`, or `rgba(…)` when alpha is not 1.
    case rgb(Color)
    /// `{red: 235, green: 237, blue: 236, alpha: 1}`, channels 0–255.
    case components(Color)
    /// `{white: 1, alpha: 0.15}`.
    case white(Color)
    /// A CSS colour name as written (any case), with its colour.
    case css(String, Color)
    /// `clear` (or `transparent`).
    case clear
    /// An iOS system colour by name: its own side in each appearance.
    case system(SystemColors.Entry)
    /// `{color: C, alpha: A}`: C's colour with its alpha replaced by A (0–1).
    case withAlpha(ColorForm, Double)
    /// `{light: F, dark: F}`: a side for each appearance.
    case pair(light: ColorForm, dark: ColorForm)

    /// The concrete colour drawn in `appearance`.
    public func color(for appearance: Appearance) -> Color {
        switch self {
        case .hex(let c), .rgb(let c), .components(let c), .white(let c), .css(_, let c): return c
        case .clear: return .clear
        case .system(let entry): return appearance == .light ? entry.light : entry.dark
        case .withAlpha(let base, let alpha):
            var c = base.color(for: appearance)
            c.alpha = alpha
            return c
        case .pair(let light, let dark): return (appearance == .light ? light : dark).color(for: appearance)
        }
    }

    /// The form drawn in `appearance`: a pair's side, any other form itself.
    public func side(_ appearance: Appearance) -> ColorForm {
        guard case .pair(let light, let dark) = self else { return self }
        return appearance == .light ? light : dark
    }

    /// Whether the colour differs by appearance (a system colour, a pair, or either with alpha).
    public var dependsOnAppearance: Bool {
        switch self {
        case .system, .pair: return true
        case .withAlpha(let base, _): return base.dependsOnAppearance
        default: return false
        }
    }

    /// The system colour's name, for a system colour with or without `{color, alpha}`.
    public var systemName: String? {
        switch self {
        case .system(let entry): return entry.name
        case .withAlpha(let base, _): return base.systemName
        default: return nil
        }
    }

    /// A system colour by its UIKit name; nil for any other word.
    public static func system(named name: String) -> ColorForm? {
        SystemColors.named[name].map(ColorForm.system)
    }

    /// Where a resolved colour came from, as inspect shows it: `systemBlue (dark)`,
    /// `{color: systemBlue, alpha: 0.5} (dark)` or `{light, dark} → dark`.
    public func origin(for appearance: Appearance) -> String {
        if case .pair = self { return "{light, dark} → \(appearance.rawValue)" }
        return "\(description) (\(appearance.rawValue))"
    }

    /// As written, in YAML flow style, text the grammar reads back as this very form (hex and
    /// `rgb()` quoted: a bare `#` starts a comment, a comma ends a flow value): `"#0a84ff"`,
    /// `"rgba(255, 0, 0, 0.5)"`, `systemBlue`, `{color: systemBlue, alpha: 0.8}`,
    /// `{light: systemRed, dark: "#0a84ff"}`.
    public var description: String {
        switch self {
        case .hex(let c): return "\"\(c)\""
        case .rgb(let c):
            let channels = [c.red, c.green, c.blue].map { formatNumber(($0 * 255 * 1e9).rounded() / 1e9) }.joined(separator: ", ")
            return c.alpha == 1 ? "\"rgb(\(channels))\"" : "\"rgba(\(channels), \(formatNumber(c.alpha)))\""
        case .components(let c):
            let channels = [("red", c.red), ("green", c.green), ("blue", c.blue)]
                .map { "\($0.0): \(formatNumber(($0.1 * 255 * 1e9).rounded() / 1e9))" }.joined(separator: ", ")
            return "{\(channels), alpha: \(formatNumber(c.alpha))}"
        case .white(let c): return "{white: \(formatNumber(c.red)), alpha: \(formatNumber(c.alpha))}"
        case .css(let name, _): return name
        case .clear: return "clear"
        case .system(let entry): return entry.name
        case .withAlpha(let base, let alpha): return "{color: \(base), alpha: \(formatNumber(alpha))}"
        case .pair(let light, let dark): return "{light: \(light), dark: \(dark)}"
        }
    }
}
