import SceneModel
import SceneSyntax

/// `$name` in a component's definition (docs/language.md §11): a scalar that is exactly
/// `$value` becomes the argument itself (typed, as the use wrote it); `$name` inside a longer
/// scalar becomes the argument's text as written; `$$` is a literal `$`, and a `$` not followed
/// by a name's first character is itself.
enum Substitution {
    static func isNameStart(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c == "_")
    }

    static func isNameCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || c == "_")
    }

    /// One `$name` in a text, in characters.
    struct Reference {
        var name: String
        var offset: Int
        var length: Int
    }

    /// The `$name`s written in `text`, `$$` skipped.
    static func references(in text: String) -> [Reference] {
        guard text.contains("$") else { return [] }
        let chars = Array(text)
        var found: [Reference] = []
        var i = 0
        while i < chars.count {
            guard chars[i] == "$" else { i += 1; continue }
            if i + 1 < chars.count, chars[i + 1] == "$" { i += 2; continue }
            var end = i + 1
            if end < chars.count, isNameStart(chars[end]) {
                while end < chars.count, isNameCharacter(chars[end]) { end += 1 }
                found.append(Reference(name: String(chars[(i + 1)..<end]), offset: i, length: end - i))
            }
            i = Swift.max(end, i + 1)
        }
        return found
    }

    /// The parameter a scalar names as its whole value (`$value`), if it does.
    static func whole(_ text: String) -> String? {
        let refs = references(in: text)
        guard refs.count == 1, refs[0].offset == 0, refs[0].length == text.count else { return nil }
        return refs[0].name
    }

    /// `text` with each `$name` replaced by `lookup(name)` (left as written when nil) and each
    /// `$$` by `$`.
    static func interpolate(_ text: String, _ lookup: (String) -> String?) -> String {
        guard text.contains("$") else { return text }
        let chars = Array(text)
        var out = ""
        var i = 0
        while i < chars.count {
            guard chars[i] == "$" else { out.append(chars[i]); i += 1; continue }
            if i + 1 < chars.count, chars[i + 1] == "$" { out.append("$"); i += 2; continue }
            var end = i + 1
            if end < chars.count, isNameStart(chars[end]) {
                while end < chars.count, isNameCharacter(chars[end]) { end += 1 }
                let name = String(chars[(i + 1)..<end])
                out += lookup(name) ?? ("$" + name)
                i = end
            } else {
                out.append("$")
                i += 1
            }
        }
        return out
    }

    /// `node` with every range (its own, its keys', its items') `range`: a value put where
    /// `$name` was written is reported there.
    static func placed(_ node: Node, at range: SourceRange) -> Node {
        switch node.content {
        case .scalar: return Node(node.content, range: range)
        case .sequence(let items): return Node(.sequence(items.map { placed($0, at: range) }), range: range)
        case .mapping(let pairs):
            return Node(.mapping(pairs.map { Node.Pair(key: $0.key, keyRange: range, value: placed($0.value, at: range)) }), range: range)
        }
    }

    /// Every scalar of `node`, depth first (keys are not values and are skipped).
    static func forEachScalar(_ node: Node, _ body: (Node, Node.Scalar) -> Void) {
        switch node.content {
        case .scalar(let s): body(node, s)
        case .sequence(let items): for item in items { forEachScalar(item, body) }
        case .mapping(let pairs): for pair in pairs { forEachScalar(pair.value, body) }
        }
    }

    /// `{ring.progress}` → `{cpu.ring.progress}`: the bindings of a definition's text name the
    /// instance's views.
    static func prefixingBindings(_ text: String, with prefix: String) -> String {
        guard text.contains("{"), case .success(let template) = TextTemplate.parse(text), template.isBound else { return text }
        var chars = Array(text)
        for b in template.bindings.reversed() where b.offset + 1 <= chars.count {
            chars.insert(contentsOf: Array(prefix + "."), at: b.offset + 1)
        }
        return String(chars)
    }
}

extension Substitution {
    /// "'$inset' is -5 here: the argument inset of 'b' at scene.yaml:5:108", for a problem in
    /// the definition that the argument made.
    static func argumentNote(parameter: String, argument: Node, instance: String, use: String?, option: String?) -> String {
        let value = argument.scalar?.text ?? argument.kindDescription
        if let option { return "'$\(parameter)' is \(value) here: from \(option)" }
        return "'$\(parameter)' is \(value) here: the argument \(parameter) of '\(instance)'" + (use.map { " at \($0)" } ?? "")
    }

    /// The notes of `notes` (by parameter) for every value of `nodes` that names one of those
    /// parameters, keyed by the value's place in `file` and the uses it is made through.
    static func argumentNotes(in nodes: [Node], notes: [String: String], file: SourceFile?, context: [String]) -> [String: [String]] {
        guard !notes.isEmpty else { return [:] }
        var found: [String: [String]] = [:]
        for node in nodes {
            forEachScalar(node) { node, scalar in
                var seen: [String] = []
                for reference in references(in: scalar.text) {
                    if let note = notes[reference.name], !seen.contains(note) { seen.append(note) }
                }
                guard !seen.isEmpty else { return }
                found[DiagnosticLog.argumentKey(file: file, range: node.range, context: context), default: []] += seen
            }
        }
        return found
    }
}

extension Substitution {
    /// A text default `{ring.progress}` is written in the definition: its bindings name the
    /// definition's views, so the instance's (`{cpu.ring.progress}`), as any text written there.
    static func scopedDefault(_ value: Node, of parameter: Parameter, prefix: String) -> Node {
        guard parameter.kind.valueKind == .text, let s = value.scalar, s.text.contains("{") else { return value }
        return Node(.scalar(Node.Scalar(text: prefixingBindings(s.text, with: prefix), isPlain: s.isPlain)), range: value.range)
    }
}
