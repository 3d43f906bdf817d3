import SceneLayout
import SceneModel

/// The attribute values of every view at a time t (SPEC §5): what every renderer draws, so a
/// single image at t and frame i of a sequence at t = i/fps are the same picture.
public struct Sampler: Sendable {
    /// Animations of each "id.attribute", in order of begin (stable for equal begins).
    let tracks: [String: [Animation]]
    /// The model values: what the scene file, styles and --set give.
    let modelValues: [String: Value]

    public init(scene: Scene) {
        var tracks: [String: [Animation]] = [:]
        for animation in scene.timeline?.animations ?? [] {
            tracks["\(animation.viewID).\(animation.attribute.name)", default: []].append(animation)
        }
        for key in tracks.keys {
            tracks[key] = tracks[key]?.enumerated().sorted {
                ($0.element.begin, $0.offset) < ($1.element.begin, $1.offset)
            }.map(\.element)
        }
        self.tracks = tracks
        var model: [String: Value] = [:]
        func collect(_ views: [SceneView]) {
            for view in views {
                if let id = view.id {
                    for name in view.values.names { model["\(id).\(name)"] = view.values.resolved(name)?.value }
                }
                collect(view.children)
            }
        }
        collect(scene.views)
        modelValues = model
    }

    public var isAnimated: Bool { !tracks.isEmpty }

    /// The placed views with every animated attribute at its value at `time` seconds.
    public func sample(_ views: [PlacedView], at time: Double) -> [PlacedView] {
        guard isAnimated else { return views }
        return views.map { placed in
            var result = placed
            if let id = placed.view.id {
                for name in placed.view.values.names {
                    guard let track = tracks["\(id).\(name)"], let entry = placed.view.values.resolved(name) else { continue }
                    let v = value(of: track, model: entry.value, at: time)
                    result.view.values.set(name, ResolvedValue(value: v, source: entry.source, range: entry.range))
                }
                // Attributes without a model value (derived defaults) can be animated too.
                for (key, track) in tracks where key.hasPrefix(id + ".") {
                    let name = String(key.dropFirst(id.count + 1))
                    guard placed.view.values.resolved(name) == nil, let first = track.first?.keyframes.first?.value else { continue }
                    let v = value(of: track, model: first, at: time)
                    result.view.values.set(name, ResolvedValue(value: v, source: .defaultValue))
                }
            }
            result.children = sample(placed.children, at: time)
            return result
        }
    }

    /// The value of `key` ("id.attribute") at `time`, or its model value when not animated.
    public func value(of key: String, at time: Double) -> Value? {
        guard let track = tracks[key] else { return modelValues[key] }
        guard let model = modelValues[key] ?? track.first?.keyframes.first?.value else { return nil }
        return value(of: track, model: model, at: time)
    }

    /// The last animation that has begun by `time` gives the value; before the first begins,
    /// the attribute holds that animation's first value.
    func value(of track: [Animation], model: Value, at time: Double) -> Value {
        guard let index = track.lastIndex(where: { $0.begin <= time }) else {
            guard let first = track.first else { return model }
            return valueOf(first, localTime: 0, current: model)
        }
        let animation = track[index]
        // Begin-from-current-state: a missing `from` is the value when this animation begins.
        let current = index == 0 ? model : value(of: Array(track[..<index]), model: model, at: animation.begin)
        return valueOf(animation, localTime: time - animation.begin, current: current)
    }

    func valueOf(_ animation: Animation, localTime: Double, current: Value) -> Value {
        let single = animation.singleDuration
        let cycle = animation.cycleDuration
        guard cycle > 0 else { return keyframeValue(animation.keyframes, at: single, current: current) }
        var phase: Double
        if let active = animation.activeDuration, localTime >= active {
            // Held at the end of the last (possibly partial) repetition.
            let cycles = active / cycle
            let fraction = cycles - cycles.rounded(.down)
            phase = fraction == 0 ? cycle : fraction * cycle
        } else {
            let t = Swift.max(0, localTime)
            phase = t - (t / cycle).rounded(.down) * cycle
        }
        if animation.autoreverse, phase > single {
            phase = cycle - phase
        }
        return keyframeValue(animation.keyframes, at: phase, current: current)
    }

    func keyframeValue(_ keyframes: [Keyframe], at t: Double, current: Value) -> Value {
        func v(_ k: Keyframe) -> Value { k.value ?? current }
        guard let first = keyframes.first else { return current }
        if t <= first.at { return v(first) }
        for (a, b) in zip(keyframes, keyframes.dropFirst()) where t < b.at {
            let span = b.at - a.at
            let fraction = span > 0 ? (t - a.at) / span : 1
            let eased = EasingCurve.progress(b.easing, fraction: fraction, duration: span)
            return Interpolation.value(from: v(a), to: v(b), progress: eased)
        }
        return keyframes.last.map(v) ?? current
    }
}
