import SceneModel
import SceneSyntax

/// The components a file can use (its own and those it imports), as the components checker
/// read them: the language server's completion, hover and definition and `scenec help FILE`
/// read this, never the YAML again, so they say what the checker accepts.
extension References {
    /// `Meter:` under `components:`, in the file or one it imports.
    public struct Component: Sendable {
        public var name: String
        public var doc: String?
        /// The name's key in `components:`.
        public var range: SourceRange
        /// The file it is written in; nil for the checked file itself.
        public var file: SourceFile?
        public var parameters: [Parameter]
        /// False when the checker found an error in the definition (its uses are not expanded).
        public var isValid: Bool

        public func parameter(named name: String) -> Parameter? { parameters.first { $0.name == name } }
    }

    /// `value: {kind: ring.progress, default: 0, doc: …}`.
    public struct Parameter: Sendable {
        public var name: String
        /// The name's key in `parameters:`.
        public var range: SourceRange
        /// The kind as written (`ring.progress`, `color`) and the value kind it stands for.
        public var kindWritten: String
        public var kind: ValueKind
        /// The default as written (in YAML flow form); nil: the argument is required.
        public var defaultText: String?
        public var doc: String?

        public var isRequired: Bool { defaultText == nil }

        /// `ring.progress (number 0…1)`, or `color` when the two say the same.
        public var kindDescription: String {
            kindWritten == kind.name ? kindWritten : "\(kindWritten) (\(kind.name))"
        }
    }

    /// The component `name` as instances use it (a later definition replaces an earlier one).
    public func component(named name: String) -> Component? { components.first { $0.name == name } }

    /// The keys a definition takes (`doc`, `parameters`, `views`, `timeline`) and a parameter
    /// takes (`kind`, `default`, `doc`), and the value kinds a parameter's `kind:` may name:
    /// the components checker's own tables, for the editor.
    package static var componentKeys: [String] { ComponentDefinition.keys }
    package static var parameterKeys: [String] { ComponentDefinition.parameterKeys }
    package static var parameterKindNames: [(name: String, kind: ValueKind)] { ComponentVocabulary.parameterKinds }

    /// The `$name`s written in a text of a definition (`$$` is a dollar, not one), each with
    /// its place in the text in characters: the components checker's own reading.
    public static func parameterReferences(in text: String) -> [(name: String, offset: Int, length: Int)] {
        Substitution.references(in: text).map { ($0.name, $0.offset, $0.length) }
    }
}

extension ComponentTable {
    /// Each definition the table holds, in the order its names were read.
    var referenced: [References.Component] {
        order.compactMap { name in
            guard let d = self[name] else { return nil }
            return References.Component(
                name: d.name, doc: d.doc, range: d.nameRange, file: d.file,
                parameters: d.parameters.map { p in
                    References.Parameter(name: p.name, range: p.range, kindWritten: p.kind.written, kind: p.kind.valueKind,
                                         defaultText: p.defaultValue.map(Self.flowText), doc: p.doc)
                },
                isValid: d.isValid)
        }
    }

    /// A node as YAML flow text, for showing a default: `0`, `systemBlue`, `[1, 2]`, `{color: red, alpha: 0.5}`.
    static func flowText(_ node: Node) -> String {
        switch node.content {
        case .scalar(let s):
            return s.isPlain ? s.text : "\"" + String(s.text.flatMap { $0 == "\"" || $0 == "\\" ? ["\\", $0] : [$0] }) + "\""
        case .sequence(let items): return "[" + items.map(flowText).joined(separator: ", ") + "]"
        case .mapping(let pairs): return "{" + pairs.map { "\($0.key): \(flowText($0.value))" }.joined(separator: ", ") + "}"
        }
    }
}
