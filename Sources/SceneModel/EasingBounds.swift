/// How far a timing curve carries a segment: its eased progress's least and greatest values,
/// which leave 0–1 where the curve overshoots. Bound text is laid out for the numbers there
/// (`Timeline.numbersShown`), so the frame at the top of an overshoot still fits its text.
extension Easing {
    /// The least and greatest eased progress over a segment lasting `duration` seconds
    /// (springs run in real seconds, so their reach depends on it): (0, 1) for curves that stay
    /// within their ends.
    public func progressBounds(duration: Double) -> (min: Double, max: Double) {
        switch self {
        case .linear, .steps: return (0, 1)
        case .cubicBezier(_, let y1, _, let y2):
            return Self.bezierBounds(y1, y2)
        case .spring(let spring):
            guard duration > 0, duration.isFinite else { return (0, 1) }
            return Self.sampledBounds(over: duration) { spring.position(at: $0) }
        }
    }

    /// A Bézier's y from 0 to 1 through control values `a` and `b`: its extremes lie at the
    /// ends or where its derivative, a quadratic in the parameter, is zero. The parameter
    /// covers the whole curve (x runs 0 to 1 with it), so these are the curve's extremes.
    static func bezierBounds(_ a: Double, _ b: Double) -> (min: Double, max: Double) {
        guard a < 0 || a > 1 || b < 0 || b > 1 else { return (0, 1) }
        func y(_ t: Double) -> Double {
            let u = 1 - t
            return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
        }
        // y'(t) / 3 = qa t² + qb t + qc.
        let qa = 3 * a - 3 * b + 1, qb = 2 * b - 4 * a, qc = a
        var roots: [Double] = []
        if Swift.abs(qa) < 1e-12 {
            if Swift.abs(qb) > 1e-12 { roots = [-qc / qb] }
        } else {
            let discriminant = qb * qb - 4 * qa * qc
            if discriminant >= 0 {
                let r = discriminant.squareRoot()
                roots = [(-qb - r) / (2 * qa), (-qb + r) / (2 * qa)]
            }
        }
        let values = [0, 1] + roots.filter { $0 > 0 && $0 < 1 }.map(y)
        return (values.reduce(0, Swift.min), values.reduce(1, Swift.max))
    }

    /// How many points a curve without a closed form is sampled at before each extreme is
    /// refined: a damped spring's swings are far wider apart than 1/256 of a segment.
    static let samples = 256

    /// The extremes of `f` over 0…`length`: sampled evenly, then each refined between its
    /// neighbouring samples by golden-section search. Deterministic: the same points each time.
    static func sampledBounds(over length: Double, _ f: (Double) -> Double) -> (min: Double, max: Double) {
        let step = length / Double(samples)
        let points = (0...samples).map { Double($0) * step }
        let values = points.map(f)
        func refine(_ index: Int, _ better: (Double, Double) -> Bool) -> Double {
            var low = points[Swift.max(0, index - 1)], high = points[Swift.min(samples, index + 1)]
            let ratio = (5.0.squareRoot() - 1) / 2
            for _ in 0..<60 {
                let m1 = high - ratio * (high - low), m2 = low + ratio * (high - low)
                if better(f(m1), f(m2)) { high = m2 } else { low = m1 }
            }
            return f((low + high) / 2)
        }
        guard let highest = values.indices.max(by: { values[$0] < values[$1] }),
              let lowest = values.indices.min(by: { values[$0] < values[$1] }) else { return (0, 1) }
        let top = Swift.max(values[highest], refine(highest, >)), bottom = Swift.min(values[lowest], refine(lowest, <))
        return (Swift.min(0, bottom), Swift.max(1, top))
    }
}
