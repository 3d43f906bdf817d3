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
    /// nil when the default is derived from other attributes (see `defaultDescription`).
    public let defaultValue: Value?
    /// How the docs state the default ("the view's borderColor", "5% of the view's width").
    public let defaultDescription: String
    public let animatable: Animatability
    public let doc: String
    /// A view of the kind must give it (`lines.points`, `grid.columns`).
    public let isRequired: Bool

    public init(name: String, kind: ValueKind, defaultValue: Value?, defaultDescription: String? = nil,
                animatable: Animatability, isRequired: Bool = false, doc: String) {
        self.name = name
        self.isRequired = isRequired
        self.kind = kind
        self.defaultValue = defaultValue
        self.defaultDescription = defaultDescription ?? defaultValue?.description ?? "none"
        self.animatable = animatable
        self.doc = doc
    }

    /// The same attribute with another default (pie's own border and background defaults).
    public func withDefault(_ value: Value, described: String? = nil) -> AttributeSpec {
        AttributeSpec(name: name, kind: kind, defaultValue: value, defaultDescription: described,
                      animatable: animatable, isRequired: isRequired, doc: doc)
    }
}

/// A typed key into a view's values. Its default is always present, so reading never fails.
public struct Attribute<T: AttributeValue>: Sendable {
    public let spec: AttributeSpec
    public let defaultValue: T

    public init(_ name: String, _ kind: ValueKind, default value: T, described: String? = nil,
                animatable: Animatability = .interpolated, required: Bool = false, doc: String) {
        spec = AttributeSpec(name: name, kind: kind, defaultValue: value.asValue,
                             defaultDescription: required ? "required" : described,
                             animatable: animatable, isRequired: required, doc: doc)
        defaultValue = value
    }

    public var name: String { spec.name }
}

/// A typed key whose default depends on other values (pie's fillColor is its borderColor):
/// reading it gives nil unless a value was given.
public struct DerivedAttribute<T: AttributeValue>: Sendable {
    public let spec: AttributeSpec

    public init(_ name: String, _ kind: ValueKind, described: String,
                animatable: Animatability = .interpolated, doc: String) {
        spec = AttributeSpec(name: name, kind: kind, defaultValue: nil, defaultDescription: described,
                             animatable: animatable, doc: doc)
    }

    public var name: String { spec.name }
}
