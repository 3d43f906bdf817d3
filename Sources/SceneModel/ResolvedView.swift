/// One view as its consumers read it: every attribute concrete — the value a style, the file,
/// `--set` or the timeline gave, else the kind's default, else its derivation's rule (stated
/// once, on the attribute) — and where each came from. A query over the view's values and
/// size, not a table: building one copies two references, and a rule runs only when read, so
/// drawing a frame costs what it did.
public struct ResolvedView: Sendable {
    public let values: AttributeValues
    public let size: Size
    public let type: ViewType

    public init(values: AttributeValues, size: Size, type: ViewType) {
        self.values = values
        self.size = size
        self.type = type
    }

    public var kind: ViewKind { type.kind }

    public subscript<T>(_ attribute: Attribute<T>) -> T { values[attribute] }

    /// The given value, or the rule's.
    public subscript<T>(_ attribute: DerivedAttribute<T>) -> T {
        values.given(attribute) ?? attribute.rule(values, size)
    }

    /// The given value; nil where the renderer is to measure it.
    public subscript<T>(_ attribute: MeasuredAttribute<T>) -> T? { values[attribute] }

    public subscript<T>(_ attribute: OptionalAttribute<T>) -> T? { values[attribute] }

    /// The value of the kind's attribute `name`: given, the default, or the derivation's; nil
    /// where there is none (`lines.dash`), the renderer measures it (ring's labelSize) or the
    /// kind has no such attribute.
    public func value(of name: String) -> Value? {
        if let given = values.resolved(name) { return given.value }
        return kind.attribute(named: name)?.derivation?.value(in: values, size: size)
    }

    /// Where the value of `name` comes from: what gave it, the default, or the derivation
    /// (naming its inputs, and `size` where the rule reads the view's size).
    public func source(of name: String) -> AttributeSource {
        if let given = values.explicit[name] { return given.source }
        if let derivation = kind.attribute(named: name)?.derivation {
            return .derived(from: derivation.inputs + (derivation.usesSize ? ["size"] : []))
        }
        return .defaultValue
    }
}

extension ViewKind {
    /// The attributes `name`'s value depends on, itself first, then its derivation's inputs and
    /// theirs (what the Lottie exporter watches for animation).
    public func inputs(of name: String) -> [String] {
        var out = [name], next = 0
        while next < out.count {
            for input in attribute(named: out[next])?.derivation?.inputs ?? [] where !out.contains(input) {
                out.append(input)
            }
            next += 1
        }
        return out
    }
}
