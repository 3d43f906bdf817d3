import SceneFonts
import SceneModel
import SceneSyntax

extension Linted {
    /// Characters of the view's texts that no font of the scene's set can draw: Pango would draw
    /// each as a box with its code point in it, so it is a warning naming them. Every text
    /// attribute of the kind (a label's text, a ring's label) as written: a `{…}` shows numbers,
    /// which DejaVu has, and a clock's numerals are digits.
    func missingGlyphs(in fonts: FontLibrary) -> [Diagnostic] {
        placed.view.type.kind.attributes.filter { $0.kind == .text }.compactMap { spec in
            guard case .text(let text)? = placed.resolved.value(of: spec.name) else { return nil }
            return missingGlyphs(in: text, of: spec.name, fonts: fonts)
        }
    }

    private func missingGlyphs(in text: String, of attribute: String, fonts: FontLibrary) -> Diagnostic? {
        let missing = fonts.missing(in: text)
        guard !missing.isEmpty else { return nil }
        let named = missing.prefix(Self.namedAtMost).map(Self.describe).joined(separator: ", ")
        let more = missing.count > Self.namedAtMost ? " and \(missing.count - Self.namedAtMost) more" : ""
        let (verb, each) = missing.count == 1 ? ("has", "it") : ("have", "each")
        return .warning(.missingGlyph, "\(attribute) of \(name): \(named)\(more) \(verb) no glyph in the scene's fonts, so \(each) would draw as a box",
                        at: range(of: attribute),
                        notes: ["add a font that has \(missing.count == 1 ? "it" : "them") to fonts:"])
    }

    private static let namedAtMost = 5

    /// `U+4F60 '你'`: the code point, and the character itself when it is one a terminal shows
    /// (not an unassigned, private-use or surrogate code point), escaped as all message text is.
    private static func describe(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let point = "U+" + String(repeating: "0", count: Swift.max(0, 4 - hex.count)) + hex
        switch scalar.properties.generalCategory {
        case .unassigned, .privateUse, .surrogate, .format, .control: return point
        default: return "\(point) '\(String(scalar).escaped(.text))'"
        }
    }
}
