import Glibc
import SceneModel
import ScenecKit

/// The attribute registry as the page reads it: for every view kind, every attribute with the
/// control its value kind calls for, its range, choices, default and doc. The page builds its
/// inspector from this alone, so a new view kind or attribute appears there with no page code.
struct RegistryDescription: Encodable, Sendable {
    struct AttributeInfo: Encodable, Sendable {
        var name: String
        /// The value kind in the docs' words ("number 0–1", "color").
        var kind: String
        /// Which control edits it: number, integer, length, angle, color, bool, choice,
        /// timeOfDay, points, dash, insets, gridSpacing, text, fontFamily, fontWeight (one per
        /// `ValueKind` case; the page shows a text field for any control it has no builder for).
        var control: String
        var min: Double?
        var max: Double?
        var minExclusive: Bool?
        var choices: [String]?
        /// Where the words depend on another attribute's value (a stack's `alignment` on its
        /// `axis`): that attribute and the words for each of its values; the page offers those.
        var choicesBy: ChoicesBy?
        /// What a percentage of a length is of.
        var reference: String?
        var `default`: String
        var defaultValue: JSONScalar
        var animatable: String
        var required: Bool
        var doc: String
        /// "own" (the kind's) or "layer" (every view's): the inspector heads the layer rows.
        var group: String
        /// What an arrow key adds in the number field: a power of ten near a hundredth of a
        /// bounded range (0.01 for 0–1, 1 for 0–360), 1 for whole numbers and for unbounded
        /// numbers, lengths and angles (all in points or degrees).
        var step: Double?
        /// The rule of a default worked out from other values or measured ("the largest that
        /// fits inside the ring"): the page shows it as the rule, never as a number it made up.
        var derived: Bool?
    }

    struct ChoicesBy: Encodable, Sendable {
        var attribute: String
        var words: [String: [String]]
    }

    struct KindInfo: Encodable, Sendable {
        var summary: String
        var attributes: [AttributeInfo]
    }

    var kinds: [String: KindInfo]
    /// The iOS system colours the colour control offers by name, with their light and dark values.
    var systemColors = SystemColorInfo.all

    static let shared = RegistryDescription()

    init() {
        var kinds: [String: KindInfo] = [:]
        for kind in Registry.kinds {
            // `attributes` lists the kind's own first, then the layer ones: only the tag needs the split.
            let ownCount = kind.ownAttributes.count
            let dependent = kind.type.declaration.dependentChoices
            kinds[kind.type.rawValue] = KindInfo(summary: kind.summary, attributes: kind.attributes.enumerated().map { i, spec in
                var info = Self.info(spec, group: i < ownCount ? "own" : "layer")
                info.choicesBy = dependent.first { $0.attribute == spec.name }.map { ChoicesBy(attribute: $0.on, words: $0.words) }
                return info
            })
        }
        self.kinds = kinds
    }

    static func info(_ spec: AttributeSpec, group: String) -> AttributeInfo {
        var info = AttributeInfo(name: spec.name, kind: spec.kind.name, control: control(spec.kind),
                                 default: spec.defaultDescription, defaultValue: JSONScalar(spec.defaultValue),
                                 animatable: spec.animatable.rawValue, required: spec.isRequired, doc: spec.doc,
                                 group: group, derived: spec.derivation == nil ? nil : true)
        switch spec.kind {
        case .number(let range):
            (info.min, info.max) = (range.min, range.max)
            info.minExclusive = range.minExclusive ? true : nil
            info.step = step(min: range.min, max: range.max)
        case .integer(let min):
            info.min = Double(min)
            info.step = 1
        case .length(let reference):
            info.reference = reference
            info.step = 1
        case .angle: info.step = 1
        case .choice(let words): info.choices = words
        case .fontWeight:
            info.min = FontWeight.range.lowerBound
            info.max = FontWeight.range.upperBound
            info.choices = FontWeight.words.map(\.name)
        case .color, .bool, .timeOfDay, .points, .dash, .insets, .gridSpacing, .text, .fontFamily: break
        }
        return info
    }

    /// A hundredth of a bounded range rounded down to a power of ten, so the field's arrow keys
    /// walk values a person would type (0.725 → 0.735, never → 1); 1 where the range is open.
    static func step(min: Double?, max: Double?) -> Double {
        guard let min, let max, max > min else { return 1 }
        // The nudge keeps an exact power of ten from rounding down a whole step (log10(0.01) may be
        // a hair under −2).
        return pow(10, (log10((max - min) / 100) + 1e-9).rounded(.down))
    }

    /// The page's control for a value kind: the case's own name.
    static func control(_ kind: ValueKind) -> String {
        switch kind {
        case .number: return "number"
        case .integer: return "integer"
        case .length: return "length"
        case .angle: return "angle"
        case .color: return "color"
        case .bool: return "bool"
        case .choice: return "choice"
        case .timeOfDay: return "timeOfDay"
        case .points: return "points"
        case .dash: return "dash"
        case .insets: return "insets"
        case .gridSpacing: return "gridSpacing"
        case .text: return "text"
        case .fontFamily: return "fontFamily"
        case .fontWeight: return "fontWeight"
        }
    }
}
