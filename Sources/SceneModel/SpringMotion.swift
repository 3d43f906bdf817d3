import Glibc

/// The closed-form motion of a damped spring from 0 to 1 (CASpringAnimation's model): kept with
/// the spring so the checker (default durations) and the animation stage share one solution.
extension Spring {
    /// Natural frequency ω₀ and damping ratio ζ.
    var omega: Double { (stiffness / mass).squareRoot() }
    var zeta: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Position at `t` seconds: 0 at the start, settling at 1. `initialVelocity` is in
    /// distances per second, as Core Animation defines it.
    public func position(at t: Double) -> Double {
        guard t > 0 else { return 0 }
        let w = omega, z = zeta, v = initialVelocity
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            return 1 - exp(-z * w * t) * (cos(wd * t) + (z * w - v) / wd * sin(wd * t))
        }
        if z == 1 {
            return 1 - exp(-w * t) * (1 + (w - v) * t)
        }
        let s = (z * z - 1).squareRoot()
        let r1 = -w * (z - s), r2 = -w * (z + s)
        // Displacement y = x − 1 = A e^{r1 t} + B e^{r2 t}, y(0) = −1, y'(0) = v.
        let a = (v + r2) / (r1 - r2)
        let b = -1 - a
        return 1 + a * exp(r1 * t) + b * exp(r2 * t)
    }

    /// Seconds until the motion stays within 0.1% of the distance: the default duration.
    public var settlingTime: Double {
        let tolerance = 0.001
        guard let bound = envelopeBound(tolerance), bound > 0 else { return 0 }
        // The envelope guarantees |x − 1| ≤ tolerance after `bound`; scan back for the last excursion.
        let steps = 20_000
        let dt = bound / Double(steps)
        var t = bound
        while t > 0 {
            if abs(position(at: t) - 1) > tolerance { return Swift.min(bound, t + dt) }
            t -= dt
        }
        return 0
    }

    /// A time after which the decay envelope of |x − 1| is below `tolerance` (capped at an hour).
    func envelopeBound(_ tolerance: Double) -> Double? {
        let w = omega, z = zeta, v = initialVelocity
        guard w > 0, w.isFinite, z > 0, z.isFinite else { return nil }
        let cap = 3600.0
        func solve(_ envelope: (Double) -> Double) -> Double {
            var t = 1 / w
            while envelope(t) > tolerance, t < cap { t *= 2 }
            return Swift.min(t, cap)
        }
        if z < 1 {
            let wd = w * (1 - z * z).squareRoot()
            let amplitude = (1 + pow((z * w - v) / wd, 2)).squareRoot()
            return solve { amplitude * exp(-z * w * $0) }
        }
        if z == 1 {
            return solve { (1 + abs(w - v) * $0) * exp(-w * $0) }
        }
        let s = (z * z - 1).squareRoot()
        let r1 = -w * (z - s), r2 = -w * (z + s)
        let a = (v + r2) / (r1 - r2)
        return solve { (abs(a) + abs(1 + a)) * exp(r1 * $0) }
    }
}
