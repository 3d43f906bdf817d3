import SceneModel
import SceneSyntax

/// The scene's `styles:`, kept as written so each view reads them with its own kind's types
/// (`spacing` is a number for a stack and `{row, column}` for a grid), with any
/// `--set styles.NAME.ATTR` written into them as if the file said it.
struct StyleTable {
    struct Entry {
        var name: String
        var range: SourceRange
        var values: [StyleValue]
        /// The imported file the style is written in; nil for the scene's own.
        var file: SourceFile?
    }

    /// One attribute of a style and where it was written: the file, or an option (`origin`).
    struct StyleValue {
        var key: String
        var value: Node
        var origin: String?
        /// The imported file it is written in; nil for the scene (or an option).
        var file: SourceFile?
    }

    private(set) var entries: [String: Entry] = [:]

    var names: [String] { entries.keys.sorted() }

    subscript(name: String) -> Entry? { entries[name] }

    /// Reads the `styles:` of the files the scene imports, then its own (a later style of a name
    /// replaces an earlier one), then the style overrides: every key must be an attribute of
    /// some view kind, and its value must fit that attribute.
    static func read(_ sources: [StyleSource], options: CheckOptions, log: inout DiagnosticLog) -> StyleTable {
        var table = StyleTable()
        for source in sources {
            let saved = log.currentFile
            log.currentFile = source.file
            table.readFile(source.node, file: source.file, log: &log)
            log.currentFile = saved
        }
        for o in options.overrides {
            guard case .style(let name, let key) = o.address else { continue }
            table.apply(o, style: name, key: key, mustMatch: options.overridesMustMatch, log: &log)
        }
        return table
    }

    private mutating func readFile(_ node: Node, file: SourceFile?, log: inout DiagnosticLog) {
        guard let styles = node.mapping else {
            log.error(.wrongStructure, "styles must be a mapping of style names to attributes, not \(node.kindDescription)", at: node.range)
            return
        }
        for style in styles {
            guard let pairs = style.value.mapping else {
                log.error(.wrongStructure, "style '\(style.key)' must be a mapping of attributes, not \(style.value.kindDescription)",
                          at: style.value.range)
                continue
            }
            var kept: [StyleValue] = []
            for pair in pairs {
                if let problem = Self.problem(key: pair.key, value: pair.value, style: style.key, at: pair.keyRange) {
                    log.add(problem)
                } else {
                    kept.append(StyleValue(key: pair.key, value: pair.value, origin: nil, file: file))
                }
            }
            entries[style.key] = Entry(name: style.key, range: style.keyRange, values: kept, file: file)
        }
    }

    /// `--set styles.NAME.ATTR=VALUE`: replaces the style's value for the key, or adds one. A
    /// style the scene lacks is an error, or skipped where one --set serves many scenes.
    private mutating func apply(_ o: Override, style name: String, key: String, mustMatch: Bool,
                                log: inout DiagnosticLog) {
        guard var entry = entries[name] else {
            if mustMatch { log.add(unknownStyle(name, at: .none, origin: o.option)) }
            return
        }
        // Text is taken as typed when every kind with this attribute reads it as text.
        let specs = Registry.kinds.compactMap { $0.attribute(named: key) }
        switch o.valueNode(literal: !specs.isEmpty && specs.allSatisfy { $0.kind.isText }) {
        case .failure(let d):
            log.add(d)
        case .success(let value):
            if let problem = Self.problem(key: key, value: value, style: name, at: .none, origin: o.option) {
                log.add(problem)
                return
            }
            entry.values.removeAll { $0.key == key }
            entry.values.append(StyleValue(key: key, value: value, origin: o.option))
            entries[name] = entry
        }
    }

    /// "unknown style 'brnd'; did you mean 'brand'?", for a view's `style:` and for `--set`.
    func unknownStyle(_ name: String, at range: SourceRange, origin: String?) -> Diagnostic {
        let known = names
        let suggestion = Suggestions.suggest(name, in: known, at: origin == nil ? range : .none)
        return Diagnostic(.error, "unknown style '\(name)'\(suggestion.hint)", at: range,
                          origin: origin,
                          notes: known.isEmpty ? ["the scene defines no styles"] : ["styles: " + known.joined(separator: ", ")],
                          code: .unknownStyle, fixes: suggestion.fixes)
    }

    /// Why `key: value` cannot be in a style: a key no view kind has, or a value no kind with
    /// that attribute accepts. nil when it can.
    private static func problem(key: String, value: Node, style: String, at keyRange: SourceRange,
                                origin: String? = nil) -> Diagnostic? {
        guard Registry.attributesByName[key] != nil else {
            let allNames = Registry.attributesByName.keys.sorted()
            let layoutHint = Registry.structuralKeys.contains(key) || key == "children"
                ? ["'\(key)' belongs to a view, not to a style"] : []
            let (hint, notes, fixes, _) = AttributeSuggestions.suggest(key, known: allNames, at: origin == nil ? keyRange : .none)
            return Diagnostic(.error, "unknown attribute '\(key)' in style '\(style)'\(hint)",
                              at: keyRange, origin: origin, notes: notes + layoutHint, code: .unknownAttribute, fixes: fixes)
        }
        return firstError(key: key, value: value)?.diagnostic(origin: origin)
    }

    /// The value's error when no view kind with this attribute accepts it (for a name two kinds
    /// type differently, such as `spacing`, either may); nil when one does.
    private static func firstError(key: String, value: Node) -> ValueError? {
        var first: ValueError?
        for viewKind in Registry.kinds {
            guard let spec = viewKind.attribute(named: key) else { continue }
            switch ValueParser.parse(value, as: spec.kind, what: key) {
            case .success: return nil
            case .failure(let e): first = first ?? e
            }
        }
        return first
    }
}
