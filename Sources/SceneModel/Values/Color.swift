/// An sRGB colour, components 0–1, not premultiplied.
public struct Color: Sendable, Hashable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From 0–255 components, as `UIColor(red: 235/255, …)` in the seeds.
    public static func rgb255(_ r: Double, _ g: Double, _ b: Double, alpha: Double = 1) -> Color {
        Color(red: r / 255, green: g / 255, blue: b / 255, alpha: alpha)
    }

    /// As `UIColor(white:alpha:)`.
    public static func white(_ w: Double, alpha: Double = 1) -> Color {
        Color(red: w, green: w, blue: w, alpha: alpha)
    }

    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let whiteColor = Color(red: 1, green: 1, blue: 1)

    public var isClear: Bool { alpha <= 0 }

    /// The colour with r, g, b scaled (the indicator's darker edge); alpha kept.
    public func scaled(by factor: Double) -> Color {
        Color(red: red * factor, green: green * factor, blue: blue * factor, alpha: alpha)
    }

    /// Every component kept within 0–1 (an overshooting animation curve may push it out).
    public var clamped: Color {
        func c(_ v: Double) -> Double { Swift.min(1, Swift.max(0, v)) }
        return Color(red: c(red), green: c(green), blue: c(blue), alpha: c(alpha))
    }

    /// `#rrggbb` or `#rrggbbaa`, as inspect and docs print it.
    public var description: String {
        func hex(_ v: Double) -> String {
            let n = Int((Swift.min(1, Swift.max(0, v)) * 255).rounded())
            let digits = Array("0123456789abcdef")
            return String([digits[n / 16], digits[n % 16]])
        }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha < 1 ? hex(alpha) : "")
    }
}
