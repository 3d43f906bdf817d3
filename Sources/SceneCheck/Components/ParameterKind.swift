import SceneModel
import SceneSyntax

/// What a parameter takes: an attribute's kind and range (`kind: ring.progress`, a number
/// 0–1) or a value kind by name (`kind: color`). The argument at each use is read as it.
struct ParameterKind {
    var valueKind: ValueKind
    /// As written: `ring.progress`, `color`.
    var written: String

    /// The value kinds a parameter may name directly.
    static var named: [(name: String, kind: ValueKind)] { ComponentVocabulary.parameterKinds }

    static var namesHint: String { ComponentVocabulary.parameterKindsSentence }

    static func read(_ node: Node, log: inout DiagnosticLog) -> ParameterKind? {
        guard let text = node.scalar?.text, !(node.scalar?.isNull ?? true) else {
            log.error(.wrongStructure, "a parameter's kind is \(namesHint), not \(node.kindDescription)", at: node.range)
            return nil
        }
        if let dot = text.firstIndex(of: ".") {
            let typeName = String(text[..<dot]), attribute = String(text[text.index(after: dot)...])
            guard let type = ViewType(rawValue: typeName) else {
                let suggestion = Suggestions.suggest(typeName, in: ViewType.allCases.map(\.rawValue), at: .none)
                log.error(.badValue, "kind '\(text)' names no view kind '\(typeName)'\(suggestion.hint)", at: node.range,
                          notes: ["a parameter's kind is \(namesHint)"])
                return nil
            }
            guard let spec = type.kind.attribute(named: attribute) else {
                let suggestion = Suggestions.suggest(attribute, in: type.kind.attributes.map(\.name), at: .none)
                log.error(.unknownAttribute, "kind '\(text)': \(typeName) has no attribute '\(attribute)'\(suggestion.hint)", at: node.range)
                return nil
            }
            return ParameterKind(valueKind: spec.kind, written: text)
        }
        guard let kind = named.first(where: { $0.name == text })?.kind else {
            let suggestion = Suggestions.suggest(text, in: named.map(\.name), at: node.range)
            // A view kind (`ring`) or another language's word (`string`) gets scenec's word.
            let hint = suggestion.word == nil ? ComponentVocabulary.kindHint(for: text).map { ": \($0)" } ?? "" : suggestion.hint
            log.error(.badValue, "unknown parameter kind '\(text)'\(hint)", at: node.range,
                      notes: ["a parameter's kind is \(namesHint)"], fixes: suggestion.fixes)
            return nil
        }
        return ParameterKind(valueKind: kind, written: text)
    }

    /// A value of the kind, as YAML: what a definition is checked with for a parameter that
    /// has no default (each use's own argument is checked at the use).
    var sampleText: String {
        switch valueKind {
        case .number(let range):
            if let min = range.min { return formatNumber(range.minExclusive ? min + (range.max.map { ($0 - min) / 2 } ?? 1) : min) }
            return formatNumber(range.max ?? 0)
        case .integer(let min): return String(Swift.max(min, 2))
        case .length: return "10"
        case .angle: return "0"
        case .color: return "black"
        case .bool: return "false"
        case .choice(let words): return words.first ?? "\"\""
        case .timeOfDay: return "\"10:09:30\""
        case .points: return "[[0, 0], [10, 10]]"
        case .dash: return "[1]"
        case .insets: return "0"
        case .gridSpacing: return "0"
        case .text: return "text"
        case .fontFamily: return "DejaVu Sans"
        case .fontWeight: return "regular"
        }
    }

    /// `sampleText` as a node placed at `range`.
    func sample(at range: SourceRange) -> Node {
        let read = YAMLReader().read(SourceFile(name: "<sample>", text: sampleText))
        let node = read.root ?? Node(.scalar(Node.Scalar(text: sampleText, isPlain: true)), range: range)
        return Substitution.placed(node, at: range)
    }

    /// The kind of a parameter whose declared kind is wrong: any text, checked no further.
    static func broken(_ written: String) -> ParameterKind { ParameterKind(valueKind: .text, written: written) }

    /// Whether every value of this kind is one of `attribute` (a parameter used as a whole
    /// value): a number 0–1 fits a number, a number fits a length; not the other way.
    func fits(_ attribute: ValueKind) -> Bool {
        switch (valueKind, attribute) {
        case (.number(let p), .number(let a)): return Self.range(p, within: a)
        case (.number, .length): return true
        case (.integer(let p), .integer(let a)): return p >= a
        case (.integer(let p), .number(let a)): return a.max == nil && a.contains(Double(p))
        case (.length, .length): return true
        case (.fontFamily, .text): return true
        default: return valueKind == attribute
        }
    }

    private static func range(_ p: NumberRange, within a: NumberRange) -> Bool {
        if let amin = a.min {
            guard let pmin = p.min, pmin > amin || (pmin == amin && (!a.minExclusive || p.minExclusive)) else { return false }
        }
        if let amax = a.max {
            guard let pmax = p.max, pmax <= amax else { return false }
        }
        return true
    }
}
