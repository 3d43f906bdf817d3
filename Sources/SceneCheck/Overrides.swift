import SceneModel
import SceneSyntax

/// A `--set ADDRESS=VALUE` from the command line: applied after styles and the file, checked
/// with the same rules, reported against the option rather than a file line.
public struct Override: Sendable, Hashable {
    public let address: SceneAddress
    public let valueText: String
    /// Where it came from, for messages: `--set r.progress=2`.
    public let option: String

    /// Splits `ADDRESS=VALUE` at the first `=` (a value may hold more); the error, a
    /// command-line error, says what is wrong with the text.
    public init(_ text: String) throws(AddressError) {
        guard let eq = text.firstIndex(of: "=") else {
            throw AddressError("--set needs ADDRESS=VALUE, such as download.progress=0.3, views[0].progress=0.3, canvas.background=white or styles.brand.lineWidth=4; got '\(text)'")
        }
        do throws(AddressError) {
            address = try SceneAddress(parsing: String(text[..<eq]))
        } catch {
            throw AddressError("--set \(text): \(error.message)")
        }
        valueText = String(text[text.index(after: eq)...])
        option = "--set \(text)"
    }

    /// An override made by a tool rather than typed (the preview's variations); `origin` names
    /// it in messages as `option` does.
    public init(address: SceneAddress, valueText: String, origin: String) {
        self.address = address
        self.valueText = valueText
        option = origin
    }

    /// The value as a node: lists and mappings (`[[0, 0], [10, 10]]`, `{white: 1}`) are read as
    /// YAML; anything else is taken as a plain word, so `#ff0000` is a colour, not a comment.
    /// For text (`literal`) the value is the text as typed, so `{download.progress:percent}`
    /// is a binding, not a mapping.
    public func valueNode(literal: Bool = false) -> Result<Node, Diagnostic> {
        if literal {
            return .success(Node(.scalar(Node.Scalar(text: valueText, isPlain: false)), range: .none))
        }
        let trimmed = valueText.trimmingSpaces
        if trimmed.hasPrefix("[") || trimmed.hasPrefix("{") {
            let read = YAMLReader().read(SourceFile(name: option, text: trimmed))
            if let problem = read.diagnostics.first {
                return .failure(Diagnostic(.error, problem.message, at: .none, origin: option, notes: problem.notes, code: problem.code))
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

    public func error(_ code: DiagnosticCode, _ message: String, notes: [String] = []) -> Diagnostic {
        Diagnostic(.error, message, at: .none, origin: option, notes: notes, code: code)
    }

    /// An error in the option that is not otherwise named: `bad-option`.
    public func error(_ message: String, notes: [String] = []) -> Diagnostic {
        error(.badOption, message, notes: notes)
    }
}
