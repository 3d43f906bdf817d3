import SceneAnimation
import SceneModel

/// A Lottie property: one value, or keyframes (times in frames).
enum Property {
    case fixed([Double])
    case animated(Curve)
}

/// How closely a property must follow scenec's own values where it is sampled (and where an
/// exact mapping is checked), in the property's own units.
enum Tolerance {
    /// Points (positions, sizes, widths, radii).
    static let points = 0.05
    /// Degrees (rotations).
    static let degrees = 0.05
    /// Percent (opacity, trim start and end).
    static let percent = 0.1
    /// Colour components, 0–1.
    static let color = 0.002
}

/// Turns a function of a view's values into a Lottie property over the animation. With one
/// animated input, each piece of its timeline becomes one keyframe with the same cubic timing
/// curve (exact for properties linear in the input: trim from progress, rotation from an angle,
/// colours); the result is checked against scenec's values at every frame and between frames,
/// and whatever does not hold (springs, steps, clamped overshoot, properties of several animated
/// inputs) is sampled to keyframes within the property's tolerance.
struct PropertyBuilder {
    let fps: Double
    /// The last frame's number (the file's `op` − 1), at least 0.
    let lastFrame: Int
    let tracks: [String: [Animation]]

    var end: Double { Double(lastFrame) / fps }

    /// `reads`: the attributes `f` reads; with their derivations' inputs (`ViewKind.inputs(of:)`),
    /// the ones whose animation the property follows.
    func property(_ view: ViewTimeline, reads: [any AttributeKey], tolerance: Double,
                  _ f: @escaping (ResolvedView) -> [Double]) -> Property {
        var names: [String] = []
        for key in reads {
            for name in view.kind.inputs(of: key.name) where !names.contains(name) { names.append(name) }
        }
        let inputs = names.filter(view.animated.contains)
        guard !inputs.isEmpty, lastFrame > 0 else { return .fixed(f(view.values(at: 0))) }
        let truth = { (t: Double) in f(view.values(at: t)) }
        if inputs.count == 1, let id = view.id, let track = tracks[id + "." + inputs[0]],
           let curve = mapped(view, input: inputs[0], track: track, key: id + "." + inputs[0], tolerance: tolerance, f),
           follows(curve, truth, tolerance: tolerance) {
            return simplified(curve)
        }
        var keys = Curve.sampled(from: 0, to: end, step: 1 / fps, tolerance: tolerance, truth)
        keys.append(Keyframe(t: end, value: truth(end), motion: .hold))
        return simplified(inFrames(Curve(keys: keys)))
    }

    /// The input's pieces, one keyframe each (sampled pieces sampled).
    func mapped(_ view: ViewTimeline, input: String, track: [Animation], key: String, tolerance: Double,
                _ f: (ResolvedView) -> [Double]) -> Curve? {
        guard let pieces = AttributeTrack.pieces(of: track, key: key, sampler: view.sampler, end: end) else { return nil }
        func at(_ t: Double, _ v: Value) -> [Double] { f(view.values(at: t, setting: input, to: v)) }
        var keys: [Keyframe] = []
        for (i, piece) in pieces.enumerated() {
            let start = at(piece.t0, piece.from)
            switch piece.shape {
            case .hold:
                keys.append(Keyframe(t: piece.t0, value: start, motion: .hold))
            case .bezier(let x1, let y1, let x2, let y2):
                keys.append(Keyframe(t: piece.t0, value: start, motion: .bezier(x1, y1, x2, y2)))
            case .sampled:
                keys += Curve.sampled(from: piece.t0, to: piece.t1, step: 1 / fps, tolerance: tolerance,
                                      end: piece.to.map { at(piece.t1, $0) }) { f(view.values(at: $0)) }
            }
            // The piece's end, where the next piece starts elsewhere (a repeat starting over)
            // or nothing follows; a hold needs none, a cut-short sampled piece ends in the next.
            guard piece.shape != .hold else { continue }
            let next = i + 1 < pieces.count ? at(pieces[i + 1].t0, pieces[i + 1].from) : nil
            guard let to = piece.to else {
                if next == nil { keys.append(Keyframe(t: piece.t1, value: f(view.values(at: piece.t1)), motion: .hold)) }
                continue
            }
            let last = at(piece.t1, to)
            if next != last {
                keys.append(Keyframe(t: piece.t1, value: last, motion: .hold))
            }
        }
        return inFrames(Curve(keys: keys))
    }

    /// Whether the keyframes give scenec's values at every frame and halfway between frames.
    func follows(_ curve: Curve, _ truth: (Double) -> [Double], tolerance: Double) -> Bool {
        for half in 0...(2 * lastFrame) {
            let frame = Double(half) / 2
            let error = zip(curve.value(at: frame), truth(frame / fps)).map { abs($0 - $1) }.max() ?? 0
            if error > tolerance * 1.01 + 1e-9 { return false }
        }
        return true
    }

    /// Times in frames, rounded as the file writes them (so the checks see what players see).
    func inFrames(_ curve: Curve) -> Curve {
        Curve(keys: curve.keys.map { Keyframe(t: LottieNumber.rounded($0.t * fps), value: $0.value, motion: $0.motion) })
    }

    /// A curve that never changes is one value; a keyframe between two of its own value says nothing.
    func simplified(_ curve: Curve) -> Property {
        guard let first = curve.keys.first else { return .fixed([]) }
        if curve.keys.allSatisfy({ $0.value == first.value }) { return .fixed(first.value) }
        // A keyframe whose next has its value holds it (the hold keyframes of a ticking hand);
        // one that holds the value the previous one ends on adds nothing.
        var keys: [Keyframe] = []
        for (i, key) in curve.keys.enumerated() {
            var key = key
            let next = i + 1 < curve.keys.count ? curve.keys[i + 1].value : nil
            if next == key.value { key.motion = .hold }
            if let previous = keys.last, next != nil, previous.value == key.value, key.motion == .hold {
                continue
            }
            keys.append(key)
        }
        return .animated(Curve(keys: keys))
    }
}

