import SceneCheck
import SceneModel
import SceneSyntax

/// One change to the text: the bytes in `range` become `replacement`.
struct TextEdit {
    var range: Range<Int>
    var replacement: [UInt8]

    init(_ range: Range<Int>, _ text: String) {
        self.range = range
        replacement = Array(text.utf8)
    }

    init(insert bytes: [UInt8], at offset: Int) {
        range = offset..<offset
        replacement = bytes
    }
}

/// What an override changes: the text edit (none when the file already says it), and the
/// anchor (`&name`) on the text it changes, which its aliases share.
struct PlannedEdit {
    var edit: TextEdit?
    var action: EditAction
    var anchor: String?
}

/// Works out the one text change that makes the file say what an override says: its value
/// replaced where the mapping already has the key, else the key added in its siblings' style.
struct EditPlanner {
    let text: SourceText
    let root: Node
    /// The components the file can use (its own and imported), as the checker read them.
    var components: [References.Component] = []

    func plan(_ o: Override) -> Result<PlannedEdit, Diagnostic> {
        if case .timeline(let index, .at(let time), _) = o.address {
            return planKeyframe(at: time, animation: index, for: o)
        }
        return text.target(of: o, in: root, components: components).flatMap { target in
            written(o, for: target).flatMap { value, parsed in
                let pairs = target.mapping.mapping ?? []
                guard let pair = pairs.first(where: { $0.key == target.key }) else {
                    return add(target.key, value, to: target.mapping, for: o).map {
                        PlannedEdit(edit: $0, action: .added, anchor: text.anchor(of: target.mapping))
                    }
                }
                if let parsed, holds(pair.value, parsed, target) {
                    return .success(PlannedEdit(edit: nil, action: .unchanged, anchor: nil))
                }
                let anchor = text.valueIsAlias(pair) ? nil : text.anchor(of: pair.value)
                return replace(pair, with: value, for: o).map { PlannedEdit(edit: $0, action: .replaced, anchor: anchor) }
            }
        }
    }

    /// The override's value in written form, and as a value when it is an attribute's.
    private func written(_ o: Override, for target: EditTarget) -> Result<(WrittenValue, Value?), Diagnostic> {
        switch target.value {
        case .styleNames:
            return o.valueNode().flatMap { node in
                if let s = node.scalar, !s.isNull { return .success((.scalar(YAMLText.scalar(s.text)), nil)) }
                let names = (node.sequence ?? []).compactMap { $0.scalar.map { WrittenValue.scalar(YAMLText.scalar($0.text)) } }
                guard let items = node.sequence, names.count == items.count else {
                    return .failure(o.error(.badValue, "style must be a style name or a list of names"))
                }
                return .success((.list(names), nil))
            }
        case .timing:
            return o.valueNode().map { (Self.writtenTiming($0), nil) }
        case .attribute(let kinds):
            var firstError: Diagnostic?
            for kind in kinds {
                switch o.value(as: kind, what: target.key) {
                case .success(let v): return .success((ValueWriter.write(v), v))
                case .failure(let d): firstError = firstError ?? d
                }
            }
            return .failure(firstError ?? o.error(.unknownAttribute, "no view kind has the attribute '\(target.key)'"))
        }
    }

    /// A time or an easing as typed, in written form: a number as a number, a number with its
    /// unit (`1.5s`, `250ms`, `12f`) plain, as no YAML reader takes it for anything but text;
    /// other scalars quoted where YAML would misread them.
    static func writtenTiming(_ node: Node) -> WrittenValue {
        switch node.content {
        case .scalar(let s):
            if let number = Double(s.text), number.isFinite { return ValueWriter.number(number) }
            let unit = ["ms", "s", "f"].first { s.text.hasSuffix($0) }
            if let unit, let number = Double(s.text.dropLast(unit.count)), number.isFinite, number >= 0,
               s.text.first?.isNumber == true {
                return .scalar(s.text)
            }
            return .scalar(YAMLText.scalar(s.text))
        case .sequence(let items): return .list(items.map(writtenTiming))
        case .mapping(let pairs): return .mapping(pairs.map { .init(key: YAMLText.scalar($0.key), value: writtenTiming($0.value)) })
        }
    }

    /// Whether the file's value already is the new one (written in any form): then nothing changes.
    private func holds(_ node: Node, _ value: Value, _ target: EditTarget) -> Bool {
        guard case .attribute(let kinds) = target.value else { return false }
        return kinds.contains { kind in
            if case .success(let v) = kind.parse(node, what: target.key) { return v == value }
            return false
        }
    }

    /// The key's value text replaced; anchors and tags before it kept. An alias is replaced by
    /// the value (the view gets its own, the anchor stays as it is for its other users).
    private func replace(_ pair: Node.Pair, with value: WrittenValue, for o: Override) -> Result<TextEdit, Diagnostic> {
        let keyEnd = text.offset(pair.keyRange.end)
        if text.valueIsAlias(pair) {
            guard let token = text.aliasToken(keyEnd: keyEnd) else { return .failure(unfound(pair.key, o)) }
            return .success(TextEdit(token, value.flow))
        }
        let node = pair.value
        guard let end = text.contentEnd(node) else { return .failure(unfound(pair.key, o)) }
        let start = text.valueStart(node)
        if node.scalar.map({ $0.isPlain && $0.text.isEmpty }) == true || start >= end {
            // `key:` with nothing after it: the value goes after the colon.
            guard let colon = text.afterColon(keyEnd: keyEnd) else { return .failure(unfound(pair.key, o)) }
            return .success(TextEdit(colon..<colon, " " + value.flow))
        }
        if node.scalar != nil || text.isFlow(node) {
            return .success(TextEdit(start..<end, value.flow))
        }
        // A block list or mapping: the new value in block style at the same indent when it is
        // one too, else written after the colon in flow style.
        let newline = String(decoding: text.lineBreak(at: text.lineEnd(start)), as: UTF8.self)
        let indent = String(decoding: text.indent(at: start), as: UTF8.self)
        switch (value, node.content) {
        case (.list(let items), .sequence) where !items.isEmpty:
            return .success(TextEdit(start..<end, items.map { "- " + $0.flow }.joined(separator: newline + indent)))
        case (.mapping(let fields), .mapping) where !fields.isEmpty:
            let lines = fields.map { "\($0.key): \($0.value.flow)" }
            return .success(TextEdit(start..<end, lines.joined(separator: newline + indent)))
        default:
            guard let colon = text.afterColon(keyEnd: keyEnd), colon <= end else { return .failure(unfound(pair.key, o)) }
            return .success(TextEdit(colon..<end, " " + value.flow))
        }
    }

    /// `key: value` added to a mapping: `, key: value` before a flow mapping's `}`, or a new
    /// line at the keys' indent after the last key's value (and any comment on its line).
    private func add(_ key: String, _ value: WrittenValue, to mapping: Node, for o: Override) -> Result<TextEdit, Diagnostic> {
        let entry = "\(key): \(value.flow)"
        let pairs = mapping.mapping ?? []
        guard let first = pairs.first, let last = pairs.last else {
            // Only a flow mapping can be empty: `{}`.
            let brace = text.valueStart(mapping)
            guard text.byte(brace) == UInt8(ascii: "{") else { return .failure(unfound(key, o)) }
            return .success(TextEdit(brace + 1..<brace + 1, entry))
        }
        guard let lastEnd = text.valueEnd(last) else { return .failure(unfound(last.key, o)) }
        if text.isFlow(mapping) {
            return .success(TextEdit(lastEnd..<lastEnd, ", " + entry))
        }
        let lineEnd = text.lineEnd(lastEnd)
        let line = text.lineBreak(at: lineEnd) + text.indent(at: text.offset(first.keyRange.start)) + Array(entry.utf8)
        return .success(TextEdit(insert: line, at: lineEnd))
    }

    private func unfound(_ key: String, _ o: Override) -> Diagnostic {
        o.error(.editRefused, "cannot find where the value of '\(key)' is written in the file",
                notes: ["scenec edit changes values written as key: value; set this one by hand"])
    }
}
