import SceneAnimation
import SceneModel

/// One stretch of an animated attribute's timeline: from `t0` to `t1` seconds it moves from
/// `from` to `to` along `shape`.
struct Piece {
    enum Shape: Equatable {
        /// A cubic timing curve (linear and Core Animation's named curves are cubics too).
        case bezier(Double, Double, Double, Double)
        /// Holds `from` and jumps at `t1` (bools and words; a value that rests).
        case hold
        /// No cubic says it (springs, steps, a cut-short reversed curve): sampled.
        case sampled
    }

    var t0: Double
    var t1: Double
    var from: Value
    /// nil: whatever the animation has reached at `t1` (a sampled piece cut short).
    var to: Value?
    var shape: Shape
}

/// The pieces of one attribute's timeline, in the sampler's terms (docs/language.md §5): the
/// last animation that has begun gives the value, repeats and autoreverse unrolled, each
/// animation cut where the next begins. Only the shapes come from here; every value at a
/// moment is the sampler's, so the two cannot disagree about what is drawn.
enum AttributeTrack {
    /// The most pieces a track is unrolled to before it is sampled instead.
    static let maxPieces = 20_000

    /// nil when the attribute is better sampled whole (too many pieces).
    static func pieces(of track: [Animation], key: String, sampler: Sampler, end: Double) -> [Piece]? {
        guard let first = track.first else { return nil }
        var pieces: [Piece] = []
        func value(at t: Double) -> Value? { sampler.value(of: key, at: t) }
        /// Fills [a, b) with the value at a, which holds there.
        func rest(_ a: Double, _ b: Double) {
            guard b > a, let v = value(at: a) else { return }
            pieces.append(Piece(t0: a, t1: b, from: v, to: v, shape: .hold))
        }
        rest(0, Swift.min(end, first.begin))
        for (i, animation) in track.enumerated() {
            let g0 = Swift.max(0, animation.begin)
            let g1 = Swift.min(end, i + 1 < track.count ? track[i + 1].begin : end)
            guard g1 > g0 else { continue }
            guard let current = value(at: animation.begin) else { return nil }
            let stop = Swift.min(g1, animation.activeDuration.map { animation.begin + $0 } ?? g1)
            let cycle = animation.cycleDuration, single = animation.singleDuration
            var cursor = g0
            if cycle > 0 {
                var c = 0.0
                while animation.begin + c * cycle < stop {
                    let start = animation.begin + c * cycle
                    for segment in legs(animation, current: current, single: single) {
                        let a = start + segment.t0, b = start + segment.t1
                        guard b > cursor, a < stop else { continue }
                        rest(cursor, a)
                        var piece = segment
                        piece.t0 = a
                        piece.t1 = b
                        if b > stop { piece = cut(piece, at: stop) }
                        pieces.append(piece)
                        cursor = piece.t1
                        if pieces.count > maxPieces { return nil }
                    }
                    c += 1
                }
            }
            rest(cursor, g1)
        }
        return pieces
    }

    /// One repetition's pieces in times from its start: forward through the keyframes, then
    /// back with autoreverse.
    static func legs(_ animation: Animation, current: Value, single: Double) -> [Piece] {
        let keys = animation.keyframes
        func v(_ k: SceneModel.Keyframe) -> Value { k.value ?? current }
        var forward: [Piece] = []
        for (a, b) in zip(keys, keys.dropFirst()) where b.at > a.at {
            forward.append(Piece(t0: a.at, t1: b.at, from: v(a), to: v(b), shape: shape(of: b.easing, from: v(a))))
        }
        guard animation.autoreverse else { return forward }
        let back = forward.reversed().map { p in
            Piece(t0: 2 * single - p.t1, t1: 2 * single - p.t0, from: p.to ?? p.from, to: p.from,
                  shape: reversed(p.shape))
        }
        return forward + back
    }

    static func shape(of easing: Easing, from value: Value) -> Piece.Shape {
        if !isInterpolated(value) { return .hold }
        switch easing {
        case .linear: return .bezier(0, 0, 1, 1)
        case .cubicBezier(let x1, let y1, let x2, let y2): return .bezier(x1, y1, x2, y2)
        case .steps, .spring: return .sampled
        }
    }

    static func reversed(_ shape: Piece.Shape) -> Piece.Shape {
        guard case .bezier(let x1, let y1, let x2, let y2) = shape else { return shape }
        return .bezier(1 - x2, 1 - y2, 1 - x1, 1 - y1)
    }

    /// Values the sampler moves through smoothly; the others step (Interpolation).
    static func isInterpolated(_ value: Value) -> Bool {
        switch value {
        case .number, .length, .angle, .color, .timeOfDay(.seconds): return true
        default: return false
        }
    }

    /// The piece up to `t`: a cubic's first part is a cubic again (de Casteljau at the
    /// curve parameter where x reaches the cut), scaled back to the unit square.
    static func cut(_ piece: Piece, at t: Double) -> Piece {
        var result = piece
        result.t1 = t
        switch piece.shape {
        case .hold:
            break
        case .sampled:
            result.to = nil
        case .bezier(let x1, let y1, let x2, let y2):
            let xc = (t - piece.t0) / (piece.t1 - piece.t0)
            let tau = CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).parameter(forX: xc)
            func lerp(_ a: Double, _ b: Double) -> Double { a + (b - a) * tau }
            let q1 = (lerp(0, x1), lerp(0, y1))
            let m = (lerp(x1, x2), lerp(y1, y2))
            let q2 = (lerp(q1.0, m.0), lerp(q1.1, m.1))
            let yc = CubicBezier(x1: x1, y1: y1, x2: x2, y2: y2).y(atX: xc)
            // Lottie wants the time handles within 0–1; a cut that needs others is sampled.
            guard xc > 0, abs(yc) > 1e-12, let to = piece.to, (0...1).contains(q1.0 / xc), (0...1).contains(q2.0 / xc) else {
                result.shape = .sampled
                result.to = nil
                return result
            }
            result.to = Interpolation.value(from: piece.from, to: to, progress: yc)
            result.shape = .bezier(q1.0 / xc, q1.1 / yc, q2.0 / xc, q2.1 / yc)
        }
        return result
    }
}
