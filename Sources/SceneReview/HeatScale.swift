/// The colours of the diff picture: how much a changed pixel changed, from a faint pale yellow
/// (a channel off by 1 of 255, antialiasing noise) through orange to a hot dark red (off by
/// 255: a shape moved). The pages' legend is drawn from the same stops, so the key and the
/// picture cannot disagree.
public enum HeatScale {
    /// A colour at a point of the scale, 0 (a difference of 1) to 1 (of 255).
    public struct Stop: Sendable, Equatable {
        public var position: Double
        public var red: UInt8, green: UInt8, blue: UInt8
    }

    /// ColorBrewer's YlOrRd, light to dark: readable over the faded grey picture and for
    /// readers who tell red from green poorly.
    public static let stops: [Stop] = [
        Stop(position: 0, red: 255, green: 237, blue: 160),
        Stop(position: 1.0 / 3, red: 254, green: 178, blue: 76),
        Stop(position: 2.0 / 3, red: 240, green: 59, blue: 32),
        Stop(position: 1, red: 128, green: 0, blue: 38),
    ]

    /// The colour of a pixel whose largest channel difference is `difference` (1–255).
    public static func color(_ difference: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let t = Double(Swift.min(255, Swift.max(1, difference)) - 1) / 254
        var lower = stops[0]
        for upper in stops.dropFirst() {
            if t <= upper.position {
                let f = (t - lower.position) / (upper.position - lower.position)
                func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * f).rounded()) }
                return (mix(lower.red, upper.red), mix(lower.green, upper.green), mix(lower.blue, upper.blue))
            }
            lower = upper
        }
        return (lower.red, lower.green, lower.blue)
    }

    /// The scale as a CSS gradient, left (1 of 255) to right (255), for the legend.
    public static var cssGradient: String {
        "linear-gradient(to right," + stops.map { s in
            "rgb(\(s.red),\(s.green),\(s.blue)) \(Int((s.position * 100).rounded()))%"
        }.joined(separator: ",") + ")"
    }
}
