/// How an attribute changes over a timeline.
public enum Animatability: String, Sendable, Hashable {
    /// Not animatable: the timeline may not target it.
    case no
    /// Interpolated between keyframes (numbers, lengths, angles, colours, times).
    case interpolated
    /// Animatable, but jumps at the end of each segment (bools).
    case steps
}

/// The one declaration of an inspectable attribute: what checking, the JSON Schema, `inspect`,
/// `--set`, the timeline and the tables of docs/language.md all read.
public struct AttributeSpec: Sendable, Hashable {
    public let name: String
    public let kind: ValueKind
    /// nil when the default is derived from other attributes (see `derivation`) or there is none.
    public let defaultValue: Value?
    /// How the docs state the default ("the view's borderColor", "5% of the view's width"); a
    /// derived default's is its rule's.
    public let defaultDescription: String
    public let animatable: Animatability
    public let doc: String
    /// A view of the kind must give it (`lines.points`, `grid.columns`).
    public let isRequired: Bool
    /// The rule a default follows when it depends on the view's other values or its size.
    public let derivation: Derivation?

    public init(name: String, kind: ValueKind, defaultValue: Value?, defaultDescription: String? = nil,
                animatable: Animatability, isRequired: Bool = false, derivation: Derivation? = nil, doc: String) {
        self.name = name
        self.isRequired = isRequired
        self.kind = kind
        self.defaultValue = defaultValue
        self.defaultDescription = derivation?.description ?? defaultDescription ?? defaultValue?.description ?? "none"
        self.animatable = animatable
        self.derivation = derivation
        self.doc = doc
    }

    /// A value a view may give it, as YAML: what `help`'s example and the tests' random scenes
    /// write for a required attribute.
    public var example: String {
        switch kind {
        case .points: return "[[0, 0], [\"100%\", \"100%\"]]"
        case .integer(let min): return String(Swift.max(min, 2))
        default: return defaultValue.map { "\"\($0.description)\"" } ?? "\"\""
        }
    }

    /// The same attribute with another default (pie's own border and background defaults).
    public func withDefault(_ value: Value, described: String? = nil) -> AttributeSpec {
        AttributeSpec(name: name, kind: kind, defaultValue: value, defaultDescription: described,
                      animatable: animatable, isRequired: isRequired, doc: doc)
    }
}

/// A typed key of the registry, whatever its default: what derivations name as their inputs
/// and the Lottie exporter names as a property's inputs, so a name cannot be misspelt.
public protocol AttributeKey: Sendable {
    var spec: AttributeSpec { get }
}

extension AttributeKey {
    public var name: String { spec.name }
}

/// A typed key into a view's values. Its default is always present, so reading never fails.
public struct Attribute<T: AttributeValue>: AttributeKey {
    public let spec: AttributeSpec
    public let defaultValue: T

    public init(_ name: String, _ kind: ValueKind, default value: T, described: String? = nil,
                animatable: Animatability = .interpolated, required: Bool = false, doc: String) {
        spec = AttributeSpec(name: name, kind: kind, defaultValue: value.asValue,
                             defaultDescription: required ? "required" : described,
                             animatable: animatable, isRequired: required, doc: doc)
        defaultValue = value
    }
}

/// A typed key whose default is worked out from the view's other values or its size (pie's
/// fillColor is its borderColor): the rule is stated here, once, and the drawers, the Lottie
/// exporter, `inspect`, the lint and the docs all read it through `ResolvedView`.
public struct DerivedAttribute<T: AttributeValue>: AttributeKey {
    public let spec: AttributeSpec
    /// The rule, typed (the spec's `derivation` holds it as a `Value`, for readers by name).
    let rule: @Sendable (AttributeValues, Size) -> T

    /// `inputs`: every attribute the rule reads; `usesSize`: whether it reads the view's size.
    public init(_ name: String, _ kind: ValueKind, from inputs: [any AttributeKey], usesSize: Bool = false,
                described: String, animatable: Animatability = .interpolated, doc: String,
                rule: @escaping @Sendable (AttributeValues, Size) -> T) {
        self.rule = rule
        let derivation = Derivation(inputs: inputs.map(\.name), usesSize: usesSize, description: described) {
            rule($0, $1).asValue
        }
        spec = AttributeSpec(name: name, kind: kind, defaultValue: nil, animatable: animatable,
                             derivation: derivation, doc: doc)
    }

    /// The default is another attribute's value (pie's fillColor is its borderColor).
    public init(_ name: String, _ kind: ValueKind, sameAs source: Attribute<T>,
                animatable: Animatability = .interpolated, doc: String) {
        let owner = Layer.attributes.contains { $0.name == source.name } ? "the view's " : "the "
        self.init(name, kind, from: [source], described: owner + source.name, animatable: animatable, doc: doc) {
            values, _ in values[source]
        }
    }
}

extension DerivedAttribute where T == Double {
    /// The default is a percentage of one of the view's measures (the indicator's edge is 5% of its width).
    public init(_ name: String, _ kind: ValueKind, percent: Double, of measure: SizeMeasure,
                animatable: Animatability = .interpolated, doc: String) {
        // × percent / 100 rather than × 0.05: 30 × 18 / 100 is 5.4, where 30 × 0.18 is 5.3999999999999995.
        self.init(name, kind, from: [], usesSize: true,
                  described: "\(formatNumber(percent))% of \(measure.phrase)", animatable: animatable, doc: doc) {
            _, size in measure.of(size) * percent / 100
        }
    }
}

/// A measure of a view's size a derived default can be a fraction of.
public enum SizeMeasure: Sendable {
    case width
    /// Half the smaller side: the radius of a round view.
    case radius

    var phrase: String {
        switch self {
        case .width: return "the view's width"
        case .radius: return "the radius"
        }
    }

    func of(_ size: Size) -> Double {
        switch self {
        case .width: return size.width
        case .radius: return Swift.min(size.width, size.height) / 2
        }
    }
}

/// A typed key whose default is measured by whoever lays out text (ring's labelSize, the
/// largest that fits): the model states its inputs and prose, the renderer measures it.
public struct MeasuredAttribute<T: AttributeValue>: AttributeKey {
    public let spec: AttributeSpec

    public init(_ name: String, _ kind: ValueKind, from inputs: [any AttributeKey], described: String,
                animatable: Animatability = .interpolated, doc: String) {
        spec = AttributeSpec(name: name, kind: kind, defaultValue: nil, animatable: animatable,
                             derivation: Derivation(inputs: inputs.map(\.name), usesSize: true, description: described,
                                                    compute: nil),
                             doc: doc)
    }
}

/// A typed key with no default at all: absent unless given (lines' dash).
public struct OptionalAttribute<T: AttributeValue>: AttributeKey {
    public let spec: AttributeSpec

    public init(_ name: String, _ kind: ValueKind, described: String, animatable: Animatability = .interpolated,
                doc: String) {
        spec = AttributeSpec(name: name, kind: kind, defaultValue: nil, defaultDescription: described,
                             animatable: animatable, doc: doc)
    }
}
