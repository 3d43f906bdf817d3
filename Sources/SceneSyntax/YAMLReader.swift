import CYAML

/// Reads YAML text into a `Node` tree with libyaml's event parser.
///
/// The tree is built with an explicit stack, so deeply nested input cannot overflow the call
/// stack; anchors are expanded as they are referenced, counting the nodes an expansion adds so
/// that an "alias bomb" is refused long before it exhausts memory, and an alias to a node that
/// is still open (a recursive alias) is refused outright.
public struct YAMLReader {
    public struct Limits: Sendable {
        /// Nodes in the document after alias expansion (SPEC §7).
        public var maxNodes: Int = 1_000_000
        /// Depth of nested lists and mappings; far above what a scene needs (64 view levels).
        public var maxDepth: Int = 1_000

        public init() {}
    }

    public var limits = Limits()

    public init(limits: Limits = Limits()) {
        self.limits = limits
    }

    /// The document's root node (nil when the file holds no document) and every problem found.
    public func read(_ file: SourceFile) -> (root: Node?, diagnostics: [Diagnostic]) {
        if file.bytes.isEmpty {
            return (nil, [])  // libyaml asserts on an empty buffer; an empty file is simply no document
        }
        var builder = TreeBuilder(limits: limits)
        file.bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                builder.fail(.error("out of memory starting the YAML parser", at: .none))
                return
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, base, buffer.count)
            var event = yaml_event_t()
            while !builder.finished {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    builder.fail(syntaxError(parser, file))
                    return
                }
                builder.consume(event)
                yaml_event_delete(&event)
            }
        }
        return (builder.root, builder.diagnostics)
    }

    private func syntaxError(_ parser: yaml_parser_t, _ file: SourceFile) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        let location: SourceLocation
        if parser.error == YAML_READER_ERROR {
            var offset = Int(parser.problem_offset)
            if problem.contains("trailing UTF-8") {
                // libyaml gives the byte that fails to continue the sequence; the bad character
                // starts at the sequence's leading byte, before it.
                while offset > 1, offset - 1 < file.bytes.count, file.bytes[offset - 1] & 0xC0 == 0x80 {
                    offset -= 1
                }
                offset = Swift.max(0, offset - 1)
            }
            location = file.location(ofByte: offset)
        } else {
            location = SourceLocation(line: Int(parser.problem_mark.line) + 1,
                                      column: Int(parser.problem_mark.column) + 1)
        }
        var message = "YAML syntax error: \(problem)"
        if let context = parser.context.map({ String(cString: $0) }) {
            message += " \(context)"
        }
        var notes: [String] = []
        if parser.error != YAML_READER_ERROR, var context = parser.context.map({ String(cString: $0) }) {
            // Where the construct the parser was in began: the '{' or quote that was never closed.
            let start = SourceLocation(line: Int(parser.context_mark.line) + 1,
                                       column: Int(parser.context_mark.column) + 1)
            for prefix in ["while parsing ", "while scanning "] where context.hasPrefix(prefix) {
                context = String(context.dropFirst(prefix.count))
            }
            if context.hasPrefix("a ") { context = "the " + context.dropFirst(2) }
            if start != location {
                notes.append("\(context) starts at line \(start.line), column \(start.column)")
            }
        }
        let lineText = file.line(location.line) ?? ""
        let chars = Array(lineText)
        if location.column - 1 < chars.count, chars[location.column - 1] == "\t"
            || (problem.contains("cannot start any token") && lineText.hasPrefix("\t")) {
            notes.append("YAML does not allow tabs for indentation; indent with spaces")
        }
        if parser.error == YAML_READER_ERROR {
            if problem.contains("UTF-8") || problem.contains("utf-8") {
                notes.append("scene files are UTF-8 text")
            } else if problem.contains("control characters") {
                notes.append("the file holds a control character (such as a NUL byte); scene files are plain text")
            }
        }
        let end = SourceLocation(line: location.line, column: location.column + 1)
        return Diagnostic.error(message, at: SourceRange(start: location, end: end), notes: notes)
    }
}

/// Turns libyaml events into nodes. Pure bookkeeping, no C resources.
private struct TreeBuilder {
    enum Open {
        case sequence(items: [Node], start: SourceLocation, anchor: String?, size: Int)
        case mapping(pairs: [Node.Pair], pendingKey: (String, SourceRange)?, seen: [String: SourceRange],
                     start: SourceLocation, anchor: String?, size: Int)
    }

    let limits: YAMLReader.Limits
    var stack: [Open] = []
    var anchors: [String: (node: Node, size: Int)] = [:]
    var openAnchors: Set<String> = []
    var nodeCount = 0
    var documents = 0
    var root: Node?
    var diagnostics: [Diagnostic] = []
    var finished = false

    init(limits: YAMLReader.Limits) {
        self.limits = limits
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
                fail(.error("a scene file holds one YAML document; found a second one", at: range,
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
            let node = Node(.scalar(.init(text: text, isPlain: s.style == YAML_PLAIN_SCALAR_STYLE)), range: range)
            add(node, size: 1, anchor: Self.string(s.anchor), range: range)
        case YAML_ALIAS_EVENT:
            let name = Self.string(event.data.alias.anchor) ?? ""
            if openAnchors.contains(name) {
                fail(.error("recursive alias '*\(name)': the anchor '&\(name)' contains itself", at: range,
                            notes: ["an alias may only refer to a node that is complete"]))
                return
            }
            guard let target = anchors[name] else {
                fail(.error("unknown alias '*\(name)': no anchor '&\(name)' comes before it", at: range))
                return
            }
            add(target.node, size: target.size, anchor: nil, range: range)
        case YAML_SEQUENCE_START_EVENT:
            guard checkDepth(range) else { return }
            let anchor = Self.string(event.data.sequence_start.anchor)
            if let anchor { openAnchors.insert(anchor) }
            stack.append(.sequence(items: [], start: start, anchor: anchor, size: 1))
        case YAML_MAPPING_START_EVENT:
            guard checkDepth(range) else { return }
            let anchor = Self.string(event.data.mapping_start.anchor)
            if let anchor { openAnchors.insert(anchor) }
            stack.append(.mapping(pairs: [], pendingKey: nil, seen: [:], start: start, anchor: anchor, size: 1))
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let open = stack.popLast() else { return }
            switch open {
            case .sequence(let items, let s, let anchor, let size):
                close(Node(.sequence(items), range: SourceRange(start: s, end: end)), size: size, anchor: anchor)
            case .mapping(let pairs, _, _, let s, let anchor, let size):
                close(Node(.mapping(pairs), range: SourceRange(start: s, end: end)), size: size, anchor: anchor)
            }
        default:
            break
        }
    }

    mutating func checkDepth(_ range: SourceRange) -> Bool {
        if stack.count >= limits.maxDepth {
            fail(.error("lists and mappings nest deeper than \(limits.maxDepth) levels", at: range))
            return false
        }
        return true
    }

    mutating func close(_ node: Node, size: Int, anchor: String?) {
        if let anchor { openAnchors.remove(anchor) }
        // The container itself was counted when it opened; its contents as they arrived.
        add(node, size: size, anchor: anchor, range: node.range, countNow: 1)
    }

    /// Puts a finished node into its parent. `size` is the node count it stands for after expansion.
    mutating func add(_ node: Node, size: Int, anchor: String?, range: SourceRange, countNow: Int? = nil) {
        nodeCount += countNow ?? size
        if nodeCount > limits.maxNodes {
            fail(.error("the document expands to more than \(limits.maxNodes) nodes", at: range,
                        notes: ["aliases (*name) copy their anchor each time they are used; "
                                + "raise the limit with --max-nodes if this is intended"]))
            return
        }
        if let anchor { anchors[anchor] = (node, size) }
        guard let open = stack.popLast() else {
            root = node
            return
        }
        let parent: Open
        // `consume`: the items and pairs taken out below are then the only references to their
        // storage, so appending to them does not copy the whole list each time (quadratic).
        switch consume open {
        case .sequence(var items, let s, let a, let total):
            items.append(node)
            parent = .sequence(items: items, start: s, anchor: a, size: total + size)
        case .mapping(var pairs, let pendingKey, var seen, let s, let a, let total):
            if let (key, keyRange) = pendingKey {
                pairs.append(Node.Pair(key: key, keyRange: keyRange, value: node))
                parent = .mapping(pairs: pairs, pendingKey: nil, seen: seen, start: s, anchor: a, size: total + size)
            } else {
                guard let scalar = node.scalar else {
                    stack.append(.mapping(pairs: pairs, pendingKey: nil, seen: seen, start: s, anchor: a, size: total))
                    fail(.error("a mapping key must be a plain word, not \(node.kindDescription)", at: range))
                    return
                }
                if let first = seen[scalar.text] {
                    diagnostics.append(.error("duplicate key '\(scalar.text)' in this mapping", at: range,
                                              notes: ["first given at line \(first.start.line), column \(first.start.column)"]))
                } else {
                    seen[scalar.text] = range
                }
                parent = .mapping(pairs: pairs, pendingKey: (scalar.text, range), seen: seen,
                                  start: s, anchor: a, size: total + size)
            }
        }
        stack.append(parent)
    }
}
