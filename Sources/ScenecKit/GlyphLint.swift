import SceneFonts
import SceneModel
import SceneSyntax

extension Linted {
    /// Characters of the view's texts that no font of the scene's set can draw: Pango would draw
    /// each as a box with its code point in it, so it is a warning naming them. Every text
    /// attribute of the kind (a label's text, a ring's label) as written: a `{…}` shows numbers,
    /// which DejaVu has, and a clock's numerals are digits.
    func missingGlyphs(in fonts: FontLibrary) -> [Diagnostic] {
        placed.view.type.kind.attributes.filter { $0.kind == .text }.flatMap { spec -> [Diagnostic] in
            guard case .text(let text)? = placed.resolved.value(of: spec.name) else { return [] }
            let missing = fonts.missing(in: text)
            // A control character is no font's to draw: its own warning, which says to remove it.
            let controls = missing.filter { $0.properties.generalCategory == .control }
            return [missingGlyphs(missing.filter { $0.properties.generalCategory != .control }, of: spec.name),
                    controlCharacters(controls, of: spec.name)].compactMap { $0 }
        }
    }

    private func controlCharacters(_ controls: [Unicode.Scalar], of attribute: String) -> Diagnostic? {
        guard !controls.isEmpty else { return nil }
        let (noun, verb) = controls.count == 1 ? ("control character", "draws") : ("control characters", "draw")
        return .warning(.missingGlyph, "\(attribute) of \(name): \(Self.list(controls)) \(controls.count == 1 ? "is a" : "are") \(noun), which \(verb) as a box",
                        at: range(of: attribute),
                        notes: ["remove \(controls.count == 1 ? "it" : "them") from the text (a line break is \\n)"])
    }

    private func missingGlyphs(_ missing: [Unicode.Scalar], of attribute: String) -> Diagnostic? {
        guard !missing.isEmpty else { return nil }
        let (verb, each) = missing.count == 1 ? ("has", "it") : ("have", "each")
        return .warning(.missingGlyph, "\(attribute) of \(name): \(Self.list(missing)) \(verb) no glyph in the scene's fonts, so \(each) would draw as a box",
                        at: range(of: attribute),
                        notes: ["add a font that has \(missing.count == 1 ? "it" : "them") to fonts:"])
    }

    private static let namedAtMost = 5

    /// The first few described, then how many more.
    private static func list(_ scalars: [Unicode.Scalar]) -> String {
        let named = scalars.prefix(namedAtMost).map(describe).joined(separator: ", ")
        return named + (scalars.count > namedAtMost ? " and \(scalars.count - namedAtMost) more" : "")
    }

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
