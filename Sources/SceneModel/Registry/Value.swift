/// What kind of value an attribute takes: drives checking, the JSON Schema, interpolation and docs.
public enum ValueKind: Sendable, Hashable {
    case number(NumberRange)
    /// A count (grid columns).
    case integer(min: Int)
    /// Points or a percentage; `reference` says of what ("the smaller side").
    case length(reference: String)
    case angle
    case color
    case bool
    case choice([String])
    case timeOfDay
    /// `lines.points`: a list of `[x, y]` lengths, percent of the view's bounds, at least two.
    case points
    /// `lines.dash`: numbers ≥ 0, not all zero.
    case dash
    /// A number for every side, or `{top, leading, bottom, trailing}`.
    case insets
    /// A number for both, or `{row, column}`.
    case gridSpacing
    /// Text to draw; `{id.attribute:format}` inserts another view's value at the time drawn.
    case text
    /// A font family name, looked up in the scene's font set (DejaVu and its `fonts:` files).
    case fontFamily
    /// `regular medium semibold bold heavy`, or a CSS weight 100–900.
    case fontWeight

    /// Text and font families: values taken as written (a `--set` value is not read as YAML).
    public var isText: Bool { self == .text || self == .fontFamily }

    /// The word the docs and error messages use for this kind.
    public var name: String {
        switch self {
        case .number(let r): return r.description.isEmpty ? "number" : "number \(r.description)"
        case .integer(let min): return "whole number ≥ \(min)"
        case .length: return "length"
        case .angle: return "angle"
        case .color: return "color"
        case .bool: return "bool"
        case .choice(let words): return words.joined(separator: " ")
        case .timeOfDay: return "time of day"
        case .points: return "list of [x, y] points"
        case .dash: return "list of numbers"
        case .insets: return "number or {top, leading, bottom, trailing}"
        case .gridSpacing: return "number or {row, column}"
        case .text: return "text"
        case .fontFamily: return "font family"
        case .fontWeight: return "font weight"
        }
    }
}

/// The allowed range of a number attribute.
public struct NumberRange: Sendable, Hashable, CustomStringConvertible {
    public var min: Double?
    public var max: Double?
    /// `min` itself is not allowed (`> 0` rather than `≥ 0`).
    public var minExclusive: Bool

    public init(min: Double? = nil, max: Double? = nil, minExclusive: Bool = false) {
        self.min = min
        self.max = max
        self.minExclusive = minExclusive
    }

    public static let any = NumberRange()
    public static let unit = NumberRange(min: 0, max: 1)
    public static let nonNegative = NumberRange(min: 0)
    public static let positive = NumberRange(min: 0, minExclusive: true)

    public func contains(_ v: Double) -> Bool {
        if let min, minExclusive ? v <= min : v < min { return false }
        if let max, v > max { return false }
        return true
    }

    public func clamp(_ v: Double) -> Double {
        var r = v
        if let min { r = Swift.max(min, r) }
        if let max { r = Swift.min(max, r) }
        return r
    }

    public var description: String {
        switch (min, max) {
        case let (lo?, hi?): return "\(formatNumber(lo))–\(formatNumber(hi))"
        case let (lo?, nil): return minExclusive ? "> \(formatNumber(lo))" : "≥ \(formatNumber(lo))"
        case let (nil, hi?): return "≤ \(formatNumber(hi))"
        case (nil, nil): return ""
        }
    }
}

/// A checked attribute value.
public enum Value: Sendable, Hashable, CustomStringConvertible {
    case number(Double)
    case length(Length)
    case angle(Angle)
    case color(Color)
    /// A colour as read, in the form written; a checked scene holds only `.color`, the
    /// colour for the scene's appearance, and keeps the form in `ResolvedValue.form`
    /// (`Scene.resolveColors`).
    case colorForm(ColorForm)
    case bool(Bool)
    case choice(String)
    case timeOfDay(TimeOfDay)
    case points([Point])
    case dash([Double])
    case insets(Insets)
    case gridSpacing(GridSpacing)
    /// Text and font families, as written (bindings are resolved when drawn).
    case text(String)

    public var description: String {
        switch self {
        case .number(let v): return formatNumber(v)
        case .length(let l): return l.description
        case .angle(let a): return a.description
        case .color(let c): return c.description
        case .colorForm(let form): return form.description
        case .bool(let b): return b ? "true" : "false"
        case .choice(let w): return w
        case .timeOfDay(let t): return t.description
        case .points(let ps): return "[" + ps.map { "[\($0.x), \($0.y)]" }.joined(separator: ", ") + "]"
        case .dash(let ds): return "[" + ds.map(formatNumber).joined(separator: ", ") + "]"
        case .insets(let i): return i.description
        case .gridSpacing(let g): return g.description
        case .text(let t): return t
        }
    }
}

/// A Swift type an attribute's value can be read as, so drawers read typed values.
public protocol AttributeValue: Sendable {
    init?(_ value: Value)
    var asValue: Value { get }
}

extension Double: AttributeValue {
    public var asValue: Value { .number(self) }

    public init?(_ value: Value) {
        guard case .number(let v) = value else { return nil }
        self = v
    }
}

extension Int: AttributeValue {
    public var asValue: Value { .number(Double(self)) }

    public init?(_ value: Value) {
        guard case .number(let v) = value, v.isFinite, Swift.abs(v) < 1e9 else { return nil }
        self = Int(v)
    }
}

extension Length: AttributeValue {
    public var asValue: Value { .length(self) }

    public init?(_ value: Value) {
        switch value {
        case .length(let l): self = l
        case .number(let v): self = .pt(v)
        default: return nil
        }
    }
}

extension Angle: AttributeValue {
    public var asValue: Value { .angle(self) }

    public init?(_ value: Value) {
        guard case .angle(let a) = value else { return nil }
        self = a
    }
}

extension Color: AttributeValue {
    public var asValue: Value { .color(self) }

    public init?(_ value: Value) {
        guard case .color(let c) = value else { return nil }
        self = c
    }
}

extension Bool: AttributeValue {
    public var asValue: Value { .bool(self) }

    public init?(_ value: Value) {
        guard case .bool(let b) = value else { return nil }
        self = b
    }
}

extension String: AttributeValue {
    public var asValue: Value { .choice(self) }

    public init?(_ value: Value) {
        guard case .choice(let w) = value else { return nil }
        self = w
    }
}

extension TimeOfDay: AttributeValue {
    public var asValue: Value { .timeOfDay(self) }

    public init?(_ value: Value) {
        guard case .timeOfDay(let t) = value else { return nil }
        self = t
    }
}

extension Array: AttributeValue where Element == Point {
    public var asValue: Value { .points(self) }

    public init?(_ value: Value) {
        guard case .points(let ps) = value else { return nil }
        self = ps
    }
}

extension Insets: AttributeValue {
    public var asValue: Value { .insets(self) }

    public init?(_ value: Value) {
        guard case .insets(let i) = value else { return nil }
        self = i
    }
}

extension GridSpacing: AttributeValue {
    public var asValue: Value { .gridSpacing(self) }

    public init?(_ value: Value) {
        guard case .gridSpacing(let g) = value else { return nil }
        self = g
    }
}

/// A dash pattern (a distinct type so `[Double]` is not ambiguous with other lists).
public struct DashPattern: AttributeValue, Hashable {
    public var asValue: Value { .dash(lengths) }

    public var lengths: [Double]

    public init(lengths: [Double]) {
        self.lengths = lengths
    }

    public init?(_ value: Value) {
        guard case .dash(let ds) = value else { return nil }
        lengths = ds
    }
}

/// Text to draw or a font family name (a distinct type: `String` reads the words of a choice).
public struct TextValue: AttributeValue, Hashable {
    public var asValue: Value { .text(string) }

    public var string: String

    public init(_ string: String) {
        self.string = string
    }

    public init?(_ value: Value) {
        guard case .text(let t) = value else { return nil }
        string = t
    }
}
