/// The words of components (docs/language.md §11) that more than one module reads: the value
/// kinds a parameter may name, the keys an instance keeps as its own (so no parameter may take
/// them), the hints for kind words from other languages, and the component names that would
/// read as a built-in view kind. Here, left of the checker, the schema and the editor, so each
/// reads the one list instead of a copy.
public enum ComponentVocabulary {
    /// The value kinds a parameter's `kind:` may name directly (besides `ring.progress`-style
    /// attribute kinds), in the order help and completion list them.
    public static let parameterKinds: [(name: String, kind: ValueKind)] = [
        ("number", .number(.any)), ("length", .length(reference: "the view it is used in")), ("angle", .angle),
        ("color", .color), ("bool", .bool), ("text", .text), ("fontFamily", .fontFamily), ("fontWeight", .fontWeight),
    ]

    public static var parameterKindNames: [String] { parameterKinds.map(\.name) }

    /// "a value kind (number, length, …) or an attribute, such as ring.progress".
    public static var parameterKindsSentence: String {
        "a value kind (\(parameterKindNames.joined(separator: ", "))) or an attribute, such as ring.progress"
    }

    /// The keys an instance keeps for the group it becomes: its structure (type, id, style,
    /// frame, size) and a group's attributes (opacity, hidden, …).
    public static var instanceGroupKeys: [String] {
        Registry.structuralKeys + ViewType.group.kind.attributes.map(\.name)
    }

    /// What an instance's keys already mean, so no parameter may be named so: the group's keys,
    /// `children` (refused on an instance) and `repeat` (copies of the instance).
    public static var reservedParameterNames: [String] {
        Registry.structuralKeys + Registry.containerKeys + ["repeat"] + ViewType.group.kind.attributes.map(\.name)
    }

    /// "type, id, style, frame, size, children, repeat and a group's attributes (opacity, …)",
    /// made from `reservedParameterNames` so the message never lists a stale set.
    public static var reservedParameterNamesSentence: String {
        let own = Registry.structuralKeys + Registry.containerKeys + ["repeat"]
        let group = ViewType.group.kind.attributes.map(\.name)
        return own.joined(separator: ", ") + (group.isEmpty ? "" : " and a group's attributes (" + group.joined(separator: ", ") + ")")
    }

    /// Kind words people bring from other languages, and what scenec calls them: the hint an
    /// unknown `kind:` gets when no spelling suggestion fits.
    public static let kindHints: [(word: String, hint: String)] = [
        ("string", "a text is 'text'"), ("str", "a text is 'text'"),
        ("float", "a number is 'number'"), ("double", "a number is 'number'"), ("int", "a number is 'number'"),
        ("integer", "a number is 'number'"), ("real", "a number is 'number'"),
        ("percent", "a number 0–1 is an attribute's kind, such as 'ring.progress'; any number is 'number'"),
        ("fraction", "a number 0–1 is an attribute's kind, such as 'ring.progress'; any number is 'number'"),
        ("boolean", "a yes/no is 'bool'"), ("colour", "a colour is 'color'"),
        ("size", "a size along one axis is 'length'"), ("width", "a size along one axis is 'length'"),
        ("height", "a size along one axis is 'length'"), ("degrees", "an angle is 'angle'"),
        ("font", "a font is 'fontFamily' (and 'fontWeight')"), ("weight", "a font's weight is 'fontWeight'"),
    ]

    /// The hint for an unknown `kind:` word: a view kind's name (`ring`) asks for one of its
    /// attributes (`ring.progress`); a word from another language names scenec's own.
    public static func kindHint(for word: String) -> String? {
        if let type = ViewType(rawValue: word) {
            let names = (type.kind.ownAttributes + type.kind.attributes).map(\.name)
            let example = names.first.map { ", such as '\(word).\($0)'" } ?? ""
            return "'\(word)' is a view kind; a parameter takes one of its attributes' kinds\(example)"
        }
        return kindHints.first { $0.word == word.lowercased() }?.hint
    }

    /// The built-in view kind a component name would read as (`Label` → `label`), or nil. Such
    /// names are refused: `type: Label` next to `type: label` reads as a typo either way.
    public static func builtInKind(named componentName: String) -> ViewType? {
        ViewType.allCases.first { $0.rawValue.lowercased() == componentName.lowercased() }
    }
}
