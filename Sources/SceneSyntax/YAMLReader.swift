import CYAML

/// Reads YAML text into a `Node` tree with libyaml's event parser.
///
/// The tree is built with an explicit stack, so deeply nested input cannot overflow the call
/// stack; anchors are expanded as they are referenced, counting the nodes an expansion adds so
/// that an "alias bomb" is refused long before it exhausts memory, and an alias to a node that
/// is still open (a recursive alias) is refused outright.
public struct YAMLReader {
    public struct Limits: Sendable {
        /// Nodes in the document after alias expansion (docs/language.md §7).
        public var maxNodes: Int = 1_000_000
        /// Bytes of scalar text after alias expansion: 64 MiB, four times the largest scene file
        /// (`--max-file-size`, 16 MiB), so no file without aliases comes near it, while a long
        /// string aliased hundreds of times (each copy checked again) is refused at once.
        public var maxTextBytes: Int = 64 << 20
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
        if let offset = file.firstNonTextByte {
            return (nil, [Self.notText(file, at: offset)])
        }
        var builder = TreeBuilder(limits: limits, file: file)
        file.bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else {
                builder.fail(.error(.yamlSyntax, "out of memory starting the YAML parser", at: .none))
                return
            }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, base, buffer.count)
            var event = yaml_event_t()
            while !builder.finished {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    builder.fail(syntaxError(parser, file, builder))
                    return
                }
                builder.consume(event)
                yaml_event_delete(&event)
            }
        }
        return (builder.root, builder.diagnostics)
    }
}

extension YAMLReader {
    /// The one error of a file that is not plain text, at its first such byte. Nothing of the
    /// file is quoted (not the byte, not its line): it may be a secret scenec was pointed at.
    static func notText(_ file: SourceFile, at offset: Int) -> Diagnostic {
        let location = file.location(ofByte: offset)
        let at = SourceRange(start: location, end: SourceLocation(line: location.line, column: location.column + 1))
        let bytes = file.bytes
        let c1 = offset + 1 < bytes.count && bytes[offset] == 0xC2 && (0x80..<0xA0).contains(bytes[offset + 1])
        if offset < bytes.count, bytes[offset] < 0x80 || c1 {
            return .error(.notText, "the file holds a control character here, and a scene file is plain text", at: at,
                          notes: ["of the control characters only TAB, CR and LF may stand in a scene file (others can be written as escapes in a double-quoted string, \"\\e\"); its lines are not shown"])
        }
        return .error(.notText, "the file is not UTF-8 text: this byte does not begin or continue a UTF-8 character", at: at,
                      notes: ["scene files are UTF-8 text; its lines are not shown"])
    }
}
