/// A length in points, or a percentage of a reference size plus an offset (`"100% - 10"`).
/// Which size the percentage refers to is the attribute's business (parent, bounds, radius).
public struct Length: Sendable, Hashable, CustomStringConvertible {
    public var percent: Double
    public var points: Double

    public init(percent: Double = 0, points: Double = 0) {
        self.percent = percent
        self.points = points
    }

    public static func pt(_ v: Double) -> Length { Length(points: v) }

    public func resolved(against reference: Double) -> Double {
        percent / 100 * reference + points
    }

    public var description: String {
        func num(_ v: Double) -> String { formatNumber(v) }
        if percent == 0 { return num(points) }
        if points == 0 { return "\(num(percent))%" }
        return "\(num(percent))% \(points < 0 ? "-" : "+") \(num(Swift.abs(points)))"
    }
}

/// A point of a `lines` path: two lengths, percent of the view's bounds.
public struct Point: Sendable, Hashable {
    public var x: Length
    public var y: Length

    public init(x: Length, y: Length) {
        self.x = x
        self.y = y
    }
}

/// Numbers as a person writes them: `12`, `0.5`, no trailing `.0`.
public func formatNumber(_ v: Double) -> String {
    if v == v.rounded(), Swift.abs(v) < 1e15 { return String(Int(v)) }
    return String(v)
}
