/// Padding inside a container, in points (`leading` is the left edge: scenes are left-to-right).
public struct Insets: Sendable, Hashable, CustomStringConvertible {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public init(all v: Double) {
        self.init(top: v, leading: v, bottom: v, trailing: v)
    }

    public var description: String {
        if top == leading, leading == bottom, bottom == trailing { return formatNumber(top) }
        return "{top: \(formatNumber(top)), leading: \(formatNumber(leading)), "
            + "bottom: \(formatNumber(bottom)), trailing: \(formatNumber(trailing))}"
    }
}

/// A grid's gaps between rows and between columns, in points.
public struct GridSpacing: Sendable, Hashable, CustomStringConvertible {
    public var row: Double
    public var column: Double

    public init(row: Double, column: Double) {
        self.row = row
        self.column = column
    }

    public var description: String {
        row == column ? formatNumber(row) : "{row: \(formatNumber(row)), column: \(formatNumber(column))}"
    }
}
