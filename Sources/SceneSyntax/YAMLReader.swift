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
        var builder = TreeBuilder(limits: limits, file: file)
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
