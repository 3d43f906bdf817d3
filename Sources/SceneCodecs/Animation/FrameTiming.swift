/// When each frame of an animation starts, in the clock of a file format (GIF counts hundredths
/// of a second, WebP milliseconds). Frame i starts at i / fps rounded to the clock, and its delay
/// is the difference between its start and the next one's: rounding never accumulates, so the
/// delays add up to the exact duration (30 fps in hundredths: 3, 4, 3, 3, 4, 3, … for 3⅓ each).
package struct FrameTiming: Sendable {
    package let fps: Double
    /// fps as numerator / denominator when it is such a fraction with a denominator up to 1000
    /// (30 → 30/1, 29.97 → 2997/100), so the clocks are computed in whole numbers.
    package let fraction: (numerator: Int, denominator: Int)?

    package init(fps: Double) {
        self.fps = fps
        fraction = (1...1000).lazy.compactMap { q -> (Int, Int)? in
            let p = (fps * Double(q)).rounded()
            return abs(fps * Double(q) - p) < 1e-9 * Double(q) && p >= 1 ? (Int(p), q) : nil
        }.first
    }

    /// Where frame `frame` starts, in `unitsPerSecond`, rounded half up.
    package func start(of frame: Int, unitsPerSecond: Int) -> Int {
        guard let (p, q) = fraction else { return Int((Double(frame) * Double(unitsPerSecond) / fps).rounded()) }
        return (2 * frame * unitsPerSecond * q + p) / (2 * p)
    }

    /// How long frame `frame` shows, in `unitsPerSecond`.
    package func delay(of frame: Int, unitsPerSecond: Int) -> Int {
        start(of: frame + 1, unitsPerSecond: unitsPerSecond) - start(of: frame, unitsPerSecond: unitsPerSecond)
    }

    /// One frame's time as the exact fraction of a second APNG writes (1/30, 100/2997), when it
    /// fits APNG's 16-bit numerator and denominator.
    var exactDelay: (numerator: UInt16, denominator: UInt16)? {
        guard let (p, q) = fraction, p <= Int(UInt16.max), q <= Int(UInt16.max) else { return nil }
        return (UInt16(q), UInt16(p))
    }
}
