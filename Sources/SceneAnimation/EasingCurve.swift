import SceneModel

/// Evaluates timing curves: the eased progress of a segment.
public enum EasingCurve {
    /// Eased progress for `fraction` (0–1) of a segment lasting `duration` seconds. Springs run
    /// in real seconds, so they read the elapsed time rather than the fraction.
    public static func progress(_ easing: Easing, fraction: Double, duration: Double) -> Double {
        let f = Swift.min(1, Swift.max(0, fraction))
        switch easing {
        case .linear:
            return f
        case .cubicBezier(let x1, let y1, let x2, let y2):
            return CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).y(atX: f)
        case .steps(let n):
            // The value jumps at the end of each step (CSS steps(n, end)).
            guard f < 1 else { return 1 }
            return (f * Double(n)).rounded(.down) / Double(n)
        case .spring(let spring):
            return spring.position(at: f * duration)
        }
    }
}

/// A CAMediaTimingFunction-style cubic Bézier through (0,0), (x1,y1), (x2,y2), (1,1): y as a
/// function of x, solving x(t) = x by Newton's method with a bisection fallback.
public struct CubicBezier: Sendable {
    let x1, y1, x2, y2: Double

    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    /// The curve's coordinate at parameter t for control values a and b (endpoints 0 and 1).
    static func coordinate(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * t * a + 3 * u * t * t * b + t * t * t
    }

    static func derivative(_ t: Double, _ a: Double, _ b: Double) -> Double {
        let u = 1 - t
        return 3 * u * u * a + 6 * u * t * (b - a) + 3 * t * t * (1 - b)
    }

    /// The parameter t whose x is `x` (x is monotonic because x1, x2 ∈ [0, 1]).
    public func parameter(forX x: Double) -> Double {
        var t = x
        for _ in 0..<8 {
            let error = Self.coordinate(t, x1, x2) - x
            if abs(error) < 1e-12 { return t }
            let slope = Self.derivative(t, x1, x2)
            if abs(slope) < 1e-9 { break }
            t -= error / slope
        }
        // Newton stalled (flat slope) or left [0, 1]: bisect, which always converges.
        var low = 0.0, high = 1.0
        t = x
        for _ in 0..<100 {
            let value = Self.coordinate(t, x1, x2)
            if abs(value - x) < 1e-12 { break }
            if value < x { low = t } else { high = t }
            t = (low + high) / 2
        }
        return t
    }

    public func y(atX x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        return Self.coordinate(parameter(forX: x), y1, y2)
    }
}
