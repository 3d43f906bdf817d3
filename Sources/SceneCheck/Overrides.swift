import SceneModel
import SceneSyntax

/// A `--set ID.ATTR=VALUE` from the command line: applied after styles and the file, checked
/// with the same rules, reported against the option rather than a file line.
public struct Override: Sendable {
    public let viewID: String
    public let attribute: String
    public let valueText: String
    /// The option as typed, for messages: `--set r.progress=2`.
    public let option: String

    /// Splits `ID.ATTR=VALUE`; nil when the text does not have that shape (a command-line error).
    public init?(_ text: String) {
        guard let eq = text.firstIndex(of: "=") else { return nil }
        let target = text[..<eq]
        guard let dot = target.firstIndex(of: "."), dot != target.startIndex,
              target.index(after: dot) != target.endIndex else { return nil }
        viewID = String(target[..<dot])
        attribute = String(target[target.index(after: dot)...])
        valueText = String(text[text.index(after: eq)...])
        option = "--set \(text)"
    }

    /// The value as a node: lists and mappings (`[[0, 0], [10, 10]]`, `{white: 1}`) are read as
    /// YAML; anything else is taken as a plain word, so `#ff0000` is a colour, not a comment.
    func valueNode() -> Result<Node, Diagnostic> {
        let trimmed = valueText.trimmingSpaces
        if trimmed.hasPrefix("[") || trimmed.hasPrefix("{") {
            let read = YAMLReader().read(SourceFile(name: option, text: trimmed))
            if let problem = read.diagnostics.first {
                return .failure(Diagnostic(.error, problem.message, at: .none, origin: option, notes: problem.notes))
            }
            if let root = read.root { return .success(stripRanges(root)) }
        }
        return .success(Node(.scalar(Node.Scalar(text: trimmed, isPlain: true)), range: .none))
    }

    /// Positions inside the option's text mean nothing in the scene file.
    private func stripRanges(_ node: Node) -> Node {
        switch node.content {
        case .scalar: return Node(node.content, range: .none)
        case .sequence(let items): return Node(.sequence(items.map(stripRanges)), range: .none)
        case .mapping(let pairs):
            return Node(.mapping(pairs.map { Node.Pair(key: $0.key, keyRange: .none, value: stripRanges($0.value)) }),
                        range: .none)
        }
    }

    func error(_ message: String, notes: [String] = []) -> Diagnostic {
        Diagnostic(.error, message, at: .none, origin: option, notes: notes)
    }
}
