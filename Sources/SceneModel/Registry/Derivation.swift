/// How a derived attribute's default follows from the view's other values and its size, stated
/// once on the attribute (`DerivedAttribute`, `MeasuredAttribute`). Two derivations are equal
/// when they read the same inputs and say the same thing: the rule itself is a function, which
/// cannot be compared, and an attribute's spec is compared by value (in animations).
public struct Derivation: Sendable, Hashable {
    /// The attributes the rule reads, by name (all of the same kind; the registry tests check).
    public let inputs: [String]
    /// Whether the rule reads the view's size.
    public let usesSize: Bool
    /// The rule in words, as the docs' tables and `help` state the default.
    public let description: String
    /// nil where the renderer measures the value (it needs fonts).
    let compute: (@Sendable (AttributeValues, Size) -> Value)?

    public init(inputs: [String], usesSize: Bool, description: String,
                compute: (@Sendable (AttributeValues, Size) -> Value)?) {
        self.inputs = inputs
        self.usesSize = usesSize
        self.description = description
        self.compute = compute
    }

    /// Measured outside the model (ring's labelSize): `value(in:size:)` gives nil.
    public var isMeasured: Bool { compute == nil }

    /// The rule's value for a view with these values and this size.
    public func value(in values: AttributeValues, size: Size) -> Value? {
        compute?(values, size)
    }

    public static func == (a: Derivation, b: Derivation) -> Bool {
        a.inputs == b.inputs && a.usesSize == b.usesSize && a.description == b.description
            && a.isMeasured == b.isMeasured
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(inputs)
        hasher.combine(usesSize)
        hasher.combine(description)
    }
}
