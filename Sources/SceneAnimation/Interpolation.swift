import SceneModel

/// Values between two keyframes (docs/language.md §5): numbers, lengths and angles linearly, colours per
/// sRGB component with alpha, time of day as seconds; everything else steps at the segment's end.
/// `progress` is the eased fraction of the segment, and may overshoot 0–1 (clamped when drawn).
public enum Interpolation {
    public static func value(from a: Value, to b: Value, progress p: Double) -> Value {
        func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * p }
        switch (a, b) {
        case (.number(let x), .number(let y)):
            return .number(mix(x, y))
        case (.length(let x), .length(let y)):
            return .length(Length(percent: mix(x.percent, y.percent), points: mix(x.points, y.points)))
        case (.angle(let x), .angle(let y)):
            return .angle(Angle(degrees: mix(x.degrees, y.degrees)))
        case (.color(let x), .color(let y)):
            return .color(Color(red: mix(x.red, y.red), green: mix(x.green, y.green), blue: mix(x.blue, y.blue),
                                 alpha: mix(x.alpha, y.alpha)))
        case (.timeOfDay(.seconds(let x)), .timeOfDay(.seconds(let y))):
            return .timeOfDay(.seconds(mix(x, y)))
        default:
            // Bools and words step: within a segment they hold the segment's first value; the
            // sampler moves to the next keyframe's value when the segment ends.
            return a
        }
    }
}
