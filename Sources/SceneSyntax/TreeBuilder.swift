import CYAML

/// Turns libyaml events into nodes. Pure bookkeeping, no C resources.
struct TreeBuilder {
    struct SequenceState {
        var items: [Node]
        let start: SourceLocation
        let anchor: String?
        var size: Int
        var textBytes = 0
    }

    struct MappingState {
        var pairs: [Node.Pair] = []
        var pendingKey: (String, SourceRange)?
        var seen: [String: SourceRange] = [:]
        let start: SourceLocation
        let anchor: String?
        var size = 1
        var textBytes = 0
        /// Written `{…}`: there a `, ` ends a value, which an unquoted `rgb(1, 2, 3)` runs into.
        let flow: Bool
        /// `(` the last value left open, so the bare keys that follow are the rest of it.
        var openParens = 0
        /// Values put back together from the bare keys YAML split them into, each reported once.
        var rejoined: [Int: Int] = [:]
    }

    enum Open {
        case sequence(SequenceState)
        case mapping(MappingState)
    }

    /// A value split at `, ` is put back together from at most this many pieces (cubicBezier
    /// has four); past that the pieces stay keys, so hostile input cannot make it quadratic.
    static let maxRejoined = 16

    let limits: YAMLReader.Limits
    let file: SourceFile
    var stack: [Open] = []
    /// Each anchor's node, with the nodes and the bytes of text it stands for when expanded.
    var anchors: [String: (node: Node, size: Int, textBytes: Int)] = [:]
    var openAnchors: Set<String> = []
    var nodeCount = 0
    /// Bytes of scalar text in the document so far, aliases expanded (`Limits.maxTextBytes`).
    var textBytes = 0
    var documents = 0
    var root: Node?
    var diagnostics: [Diagnostic] = []
    var finished = false

    init(limits: YAMLReader.Limits, file: SourceFile) {
        self.limits = limits
        self.file = file
    }

    mutating func fail(_ d: Diagnostic) {
        diagnostics.append(d)
        finished = true
    }

    static func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    mutating func consume(_ event: yaml_event_t) {
        let start = Self.location(event.start_mark)
        let end = Self.location(event.end_mark)
        let range = SourceRange(start: start, end: end)
        switch event.type {
        case YAML_STREAM_END_EVENT:
            finished = true
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                fail(.error(.yamlSyntax, "a scene file holds one YAML document; found a second one", at: range,
                            notes: ["remove the '---' line and what follows, or split the file"]))
            }
        case YAML_SCALAR_EVENT:
            let s = event.data.scalar
            let text: String
            if let value = s.value {
                text = String(decoding: UnsafeBufferPointer(start: value, count: Int(s.length)), as: UTF8.self)
            } else {
                text = ""
            }
            let plain = s.style == YAML_PLAIN_SCALAR_STYLE
            let comment = plain && text.isEmpty ? comment(after: start) : nil
            let node = Node(.scalar(.init(text: text, isPlain: plain, comment: comment)), range: range)
            add(node, size: 1, textBytes: text.utf8.count, anchor: Self.string(s.anchor), range: range)
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            if openAnchors.contains(name) {
                fail(.error(.badAlias, "recursive alias '*\(name)': the anchor '&\(name)' contains itself", at: range,
                            notes: ["an alias may only refer to a node that is complete"]))
                return
            }
            guard let target = anchors[name] else {
                fail(.error(.badAlias, "unknown alias '*\(name)': no anchor '&\(name)' comes before it", at: range))
                return
            }
            add(target.node, size: target.size, textBytes: target.textBytes, anchor: nil, range: range, isAlias: true)
        case YAML_SEQUENCE_START_EVENT:
            guard checkDepth(range) else { return }
            let anchor = Self.string(event.data.sequence_start.anchor)
            if let anchor { openAnchors.insert(anchor) }
            stack.append(.sequence(SequenceState(items: [], start: start, anchor: anchor, size: 1)))
        case YAML_MAPPING_START_EVENT:
            guard checkDepth(range) else { return }
            let anchor = Self.string(event.data.mapping_start.anchor)
            if let anchor { openAnchors.insert(anchor) }
            let flow = event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
            stack.append(.mapping(MappingState(start: start, anchor: anchor, flow: flow)))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let open = stack.popLast() else { return }
            switch open {
            case .sequence(let s):
                close(Node(.sequence(s.items), range: SourceRange(start: s.start, end: end)), size: s.size,
                      textBytes: s.textBytes, anchor: s.anchor)
            case .mapping(var m):
                reportRejoined(m)
                m.pairs = mergingKeys(m.pairs)
                close(Node(.mapping(m.pairs), range: SourceRange(start: m.start, end: end)), size: m.size,
                      textBytes: m.textBytes, anchor: m.anchor)
            }
        default:
            break
        }
    }

    /// The comment on the rest of the line after an empty value, if that is all there is.
    func comment(after start: SourceLocation) -> Node.Comment? {
        guard let rest = file.text(line: start.line, fromColumn: start.column, count: 200) else { return nil }
        let spaces = rest.prefix { $0 == " " || $0 == "\t" }.count
        let text = rest.dropFirst(spaces).prefix { $0 != " " && $0 != "\t" }
        guard text.hasPrefix("#") else { return nil }
        let column = start.column + spaces
        return Node.Comment(text: String(text), range: SourceRange(start: SourceLocation(line: start.line, column: column),
                                                                    end: SourceLocation(line: start.line, column: column + text.count)))
    }

    mutating func checkDepth(_ range: SourceRange) -> Bool {
        if stack.count >= limits.maxDepth {
            fail(.error(.limitExceeded, "lists and mappings nest deeper than \(limits.maxDepth) levels", at: range))
            return false
        }
        return true
    }

    mutating func close(_ node: Node, size: Int, textBytes: Int, anchor: String?) {
        if let anchor { openAnchors.remove(anchor) }
        // The container itself was counted when it opened; its contents as they arrived.
        add(node, size: size, textBytes: textBytes, anchor: anchor, range: node.range, countNow: 1)
    }

    /// Puts a finished node into its parent. `size` is the node count and `textBytes` the bytes
    /// of scalar text it stands for after expansion; `countNow` is the part of `size` not counted
    /// yet (a closing container's contents were counted as they arrived, and so was their text).
    mutating func add(_ node: Node, size: Int, textBytes: Int, anchor: String?, range: SourceRange,
                      countNow: Int? = nil, isAlias: Bool = false) {
        nodeCount += countNow ?? size
        if nodeCount > limits.maxNodes {
            fail(.error(.limitExceeded, "the document expands to more than \(limits.maxNodes) nodes", at: range,
                        notes: ["aliases (*name) copy their anchor each time they are used; "
                                + "raise the limit with --max-nodes if this is intended"]))
            return
        }
        // Nodes alone do not bound the work: one alias of a long string is one node, and every
        // copy of its text is checked (and could be drawn) again.
        if countNow == nil { self.textBytes += textBytes }
        if self.textBytes > limits.maxTextBytes {
            let what = isAlias ? "aliases expand to more than \(limits.maxTextBytes) bytes of text"
                : "the document holds more than \(limits.maxTextBytes) bytes of text"
            fail(.error(.limitExceeded, "\(what); this \(isAlias ? "alias" : "value") adds \(textBytes) bytes", at: range,
                        notes: ["aliases (*name) copy their anchor's text each time they are used; "
                                + "raise the limit with --max-text-bytes if this is intended"]))
            return
        }
        if let anchor { anchors[anchor] = (node, size, textBytes) }
        guard let open = stack.popLast() else {
            root = node
            return
        }
        // `consume`: the items and pairs changed below are then the only references to their
        // storage, so appending to them does not copy the whole list each time (quadratic).
        switch consume open {
        case .sequence(var s):
            s.items.append(node)
            s.size += size
            s.textBytes += textBytes
            stack.append(.sequence(s))
        case .mapping(var m):
            m.size += size
            m.textBytes += textBytes
            if let (key, keyRange) = m.pendingKey {
                m.pendingKey = nil
                if !rejoin(key, keyRange, node, into: &m) {
                    if let first = m.seen[key] {
                        diagnostics.append(.error(.duplicateKey, "duplicate key '\(key)' in this mapping", at: keyRange,
                                                  notes: ["first given at line \(first.start.line), column \(first.start.column)"]))
                    } else {
                        m.seen[key] = keyRange
                    }
                    m.pairs.append(Node.Pair(key: key, keyRange: keyRange, value: node))
                    m.openParens = m.flow ? Self.parenBalance(node) : 0
                }
                stack.append(.mapping(m))
            } else {
                guard let scalar = node.scalar else {
                    m.size -= size
                    m.textBytes -= textBytes
                    stack.append(.mapping(m))
                    fail(.error(.yamlSyntax, "a mapping key must be a plain word, not \(node.kindDescription)", at: range))
                    return
                }
                m.pendingKey = (scalar.text, range)
                stack.append(.mapping(m))
            }
        }
    }

    /// `(` minus `)` in an unquoted value, counted once as it arrives.
    static func parenBalance(_ node: Node) -> Int {
        guard let s = node.scalar, s.isPlain else { return 0 }
        var balance = 0
        for c in s.text.utf8 {
            if c == UInt8(ascii: "(") { balance += 1 } else if c == UInt8(ascii: ")") { balance -= 1 }
        }
        return balance
    }

    /// Inside `{…}`, `easing: cubicBezier(0.1, 0.2, 0.3, 1)` reaches YAML as `easing:
    /// cubicBezier(0.1` and three keys without values; this puts the value back together (as the
    /// quoted string the user meant) so that the one mistake gets one error, not four.
    mutating func rejoin(_ key: String, _ keyRange: SourceRange, _ value: Node, into m: inout MappingState) -> Bool {
        guard m.openParens > 0, let last = m.pairs.indices.last, let piece = value.scalar, piece.isNull,
              piece.text.isEmpty, let written = m.pairs[last].value.scalar,
              m.rejoined[last, default: 0] < Self.maxRejoined else { return false }
        let joined = written.text + ", " + key
        m.pairs[last].value = Node(.scalar(.init(text: joined, isPlain: false)),
                                   range: SourceRange(start: m.pairs[last].value.range.start, end: keyRange.end))
        m.rejoined[last, default: 0] += 1
        m.openParens += Self.parenBalance(Node(.scalar(.init(text: key, isPlain: true)), range: keyRange))
        return true
    }

    /// YAML 1.1 merge keys: `<<: *base` or `<<: [*a, *b]` brings in the keys of those mappings
    /// that the mapping does not give itself; of two merged mappings, the earlier one wins. The
    /// merged pairs keep their own ranges, so a problem in one is reported where it is written.
    mutating func mergingKeys(_ pairs: [Node.Pair]) -> [Node.Pair] {
        guard pairs.contains(where: { $0.key == "<<" }) else { return pairs }
        var present = Set(pairs.lazy.filter { $0.key != "<<" }.map(\.key))
        var result: [Node.Pair] = []
        for pair in pairs {
            guard pair.key == "<<" else {
                result.append(pair)
                continue
            }
            for source in pair.value.sequence ?? [pair.value] {
                guard let merged = source.mapping else {
                    diagnostics.append(.error(.badAlias, "'<<' merges in the keys of a mapping (<<: *base, or <<: [*a, *b]), not \(source.kindDescription)",
                                              at: source.range))
                    continue
                }
                for p in merged where present.insert(p.key).inserted {
                    result.append(p)
                }
            }
        }
        return result
    }

    mutating func reportRejoined(_ m: MappingState) {
        for index in m.rejoined.keys.sorted() where index < m.pairs.count {
            let pair = m.pairs[index]
            let text = pair.value.scalar?.text ?? ""
            // Quotes around what is written (a text holding a quote or backslash would need escapes).
            let range = pair.value.range
            let fixes = text.contains("\"") || text.contains("\\") ? [] : [Fix("quote it: \(pair.key): \"\(text)\"", edits: [
                TextEdit(range: SourceRange(start: range.start, end: range.start), newText: "\""),
                TextEdit(range: SourceRange(start: range.end, end: range.end), newText: "\""),
            ])]
            diagnostics.append(.error(.commaInFlowValue,
                "inside {…} a ', ' ends a value, so \(pair.key) was cut short; quote it: \(pair.key): \"\(text)\"",
                at: range, fixes: fixes))
        }
    }
}
