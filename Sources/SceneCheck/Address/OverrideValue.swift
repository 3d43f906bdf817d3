import SceneModel
import SceneSyntax

/// Reading a value the way the checker reads it, for tools that write values into a file
/// (`scenec edit`) rather than apply them: one reading, so what they write is what `--set` means.
extension ValueKind {
    /// `node` read as a value of this kind, as the checker reads a file's value; `what` names
    /// the attribute in the message.
    public func parse(_ node: Node, what: String) -> Result<Value, Diagnostic> {
        ValueParser.parse(node, as: self, what: what).mapError(\.diagnostic)
    }
}

extension Override {
    /// The override's value read as `kind`, with `--set`'s message (against the option) when it
    /// does not fit.
    public func value(as kind: ValueKind, what: String) -> Result<Value, Diagnostic> {
        valueNode(literal: kind.isText).flatMap { node in
            ValueParser.parse(node, as: kind, what: what).mapError { $0.diagnostic(origin: option) }
        }
    }
}

extension SceneAddress {
    /// The kind of a canvas attribute's value, as `canvas:` is checked: sizes and scale are
    /// numbers > 0, the background a colour. nil for a key the canvas does not have.
    public static func canvasKind(of attribute: String) -> ValueKind? {
        switch attribute {
        case "width", "height", "scale": return .number(.positive)
        case "background": return .color
        default: return nil
        }
    }
}
