import SceneModel
import SceneSyntax

/// The scene's `styles:`, kept as written so each view reads them with its own kind's types
/// (`spacing` is a number for a stack and `{row, column}` for a grid).
struct StyleTable {
    struct Entry {
        var name: String
        var range: SourceRange
        var pairs: [Node.Pair]
    }

    private(set) var entries: [String: Entry] = [:]

    var names: [String] { entries.keys.sorted() }

    subscript(name: String) -> Entry? { entries[name] }

    /// Reads `styles:`: every key must be an attribute of some view kind, and its value must fit
    /// that attribute.
    static func read(_ node: Node, log: inout DiagnosticLog) -> StyleTable {
        var table = StyleTable()
        guard let styles = node.mapping else {
            log.error("styles must be a mapping of style names to attributes, not \(node.kindDescription)", at: node.range)
            return table
        }
        let allNames = Registry.attributesByName.keys.sorted()
        for style in styles {
            guard let pairs = style.value.mapping else {
                log.error("style '\(style.key)' must be a mapping of attributes, not \(style.value.kindDescription)",
                          at: style.value.range)
                continue
            }
            var kept: [Node.Pair] = []
            for pair in pairs {
                guard Registry.attributesByName[pair.key] != nil else {
                    let layoutHint = Registry.structuralKeys.contains(pair.key) || pair.key == "children"
                        ? ["'\(pair.key)' belongs to a view, not to a style"] : []
                    log.error("unknown attribute '\(pair.key)' in style '\(style.key)'\(Suggestions.hint(for: pair.key, in: allNames))",
                              at: pair.keyRange, notes: layoutHint)
                    continue
                }
                if let error = firstError(pair) {
                    log.add(error.diagnostic)
                } else {
                    kept.append(pair)
                }
            }
            table.entries[style.key] = Entry(name: style.key, range: style.keyRange, pairs: kept)
        }
        return table
    }

    /// The value's error when no view kind with this attribute accepts it (for a name two kinds
    /// type differently, such as `spacing`, either may); nil when one does.
    private static func firstError(_ pair: Node.Pair) -> ValueError? {
        var first: ValueError?
        for viewKind in Registry.kinds {
            guard let spec = viewKind.attribute(named: pair.key) else { continue }
            switch ValueParser.parse(pair.value, as: spec.kind, what: pair.key) {
            case .success: return nil
            case .failure(let e): first = first ?? e
            }
        }
        return first
    }
}
