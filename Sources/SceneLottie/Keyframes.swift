import SceneAnimation

/// How a Lottie keyframe moves on to the next one.
enum Motion: Equatable {
    /// Holds its value until the next keyframe (`h: 1`).
    case hold
    /// Eases along a cubic Bézier timing curve from (0,0) to (1,1): Lottie's `o` handle is the
    /// first control point, `i` the second (Core Animation's cubic curves, unchanged).
    case bezier(Double, Double, Double, Double)

    static let linear = Motion.bezier(0, 0, 1, 1)

    /// The same curve played backwards (an autoreversed leg): (1 − x2, 1 − y2, 1 − x1, 1 − y1).
    var reversed: Motion {
        guard case .bezier(let x1, let y1, let x2, let y2) = self else { return self }
        return .bezier(1 - x2, 1 - y2, 1 - x1, 1 - y1)
    }
}

/// One keyframe: the property's value from time `t` (seconds here; frames in the file).
struct Keyframe: Equatable {
    var t: Double
    var value: [Double]
    var motion: Motion
}

/// A property's keyframes over the animation, evaluated as a Lottie player does: before the
/// first keyframe its value, after the last the last; two keyframes at one time make a jump.
struct Curve {
    let keys: [Keyframe]

    func value(at t: Double) -> [Double] {
        guard let first = keys.first else { return [] }
        if t < first.t { return first.value }
        let index = lastKey(atOrBefore: t)
        let a = keys[index]
        guard index + 1 < keys.count else { return a.value }
        let b = keys[index + 1]
        let span = b.t - a.t
        guard span > 0 else { return b.value }
        switch a.motion {
        case .hold:
            return a.value
        case .bezier(let x1, let y1, let x2, let y2):
            let p = CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).y(atX: (t - a.t) / span)
            return zip(a.value, b.value).map { $0 + ($1 - $0) * p }
        }
    }

    /// Whether the keyframes' times never go back, which a binary search needs (times rounded
    /// to frames may tie; they are made in order).
    let inOrder: Bool

    init(keys: [Keyframe]) {
        self.keys = keys
        inOrder = zip(keys, keys.dropFirst()).allSatisfy { $0.t <= $1.t }
    }

    /// The last keyframe at or before t (of several at one time, the later), given that the
    /// first is: found by halving when the times are in order, so checking a curve at every
    /// frame is not keyframes × frames.
    func lastKey(atOrBefore t: Double) -> Int {
        guard inOrder else {
            var index = 0
            for (i, key) in keys.enumerated() where key.t <= t { index = i }
            return index
        }
        var low = 0, high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle].t <= t { low = middle + 1 } else { high = middle }
        }
        return Swift.max(0, low - 1)
    }

    /// Keyframes that follow `f` between `t0` and `t1` within `tolerance` (in the property's
    /// units): one at least every `step` seconds (a frame), more where a straight line between
    /// two would stray from `f` at their midpoint, and a hold where `f` jumps (located to within
    /// `jumpWidth` seconds). The keyframe at `t1` is left to the caller.
    static func sampled(from t0: Double, to t1: Double, step: Double, tolerance: Double, end: [Double]? = nil,
                        _ f: (Double) -> [Double]) -> [Keyframe] {
        guard t1 > t0 else { return [] }
        var grid = [t0]
        var k = (t0 / step).rounded(.down) + 1
        while k * step < t1 - 1e-9 {
            grid.append(k * step)
            k += 1
        }
        grid.append(t1)
        var values = grid.map(f)
        if let end { values[values.count - 1] = end }
        var keys: [Keyframe] = []
        func refine(_ a: Double, _ fa: [Double], _ b: Double, _ fb: [Double], depth: Int) {
            let m = (a + b) / 2
            let fm = f(m)
            let straight = zip(fa, fb).map { ($0 + $1) / 2 }
            let error = zip(fm, straight).map { abs($0 - $1) }.max() ?? 0
            let jump = zip(fa, fb).map { abs($0 - $1) }.max() ?? 0
            if error <= tolerance {
                keys.append(Keyframe(t: a, value: fa, motion: .linear))
            } else if b - a <= jumpWidth || depth > 24 {
                keys.append(Keyframe(t: a, value: fa, motion: jump > tolerance ? .hold : .linear))
            } else {
                refine(a, fa, m, fm, depth: depth + 1)
                refine(m, fm, b, fb, depth: depth + 1)
            }
        }
        for i in 0..<(grid.count - 1) {
            refine(grid[i], values[i], grid[i + 1], values[i + 1], depth: 0)
        }
        return keys
    }

    /// How closely a jump between two frames is located: 0.1 ms.
    static let jumpWidth = 1e-4
}
