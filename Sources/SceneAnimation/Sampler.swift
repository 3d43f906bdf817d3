import SceneLayout
import SceneModel

/// The attribute values of every view at a time t (docs/language.md §5): what every renderer draws, so a
/// single image at t and frame i of a sequence at t = i/fps are the same picture.
public struct Sampler: Sendable {
    /// For each animated view id, its animated attributes and their animations, in order of
    /// begin (stable for equal begins).
    let tracks: [String: [String: [Animation]]]
    /// The model values (what the file, styles and --set give) of the animated attributes.
    let modelValues: [String: [String: Value]]
    /// For each track, the value each animation begins from when the track starts from its
    /// model value: worked out once, so a value at any time costs one animation's sampling, not
    /// a walk through every animation before it (a timeline of n animations in a row would
    /// otherwise cost n² a frame).
    let starts: [String: [String: [Value]]]

    public init(scene: Scene) {
        var tracks: [String: [String: [Animation]]] = [:]
        for animation in scene.timeline?.animations ?? [] {
            tracks[animation.viewID, default: [:]][animation.attribute.name, default: []].append(animation)
        }
        for (id, byName) in tracks {
            for (name, track) in byName {
                tracks[id]?[name] = track.enumerated().sorted {
                    ($0.element.begin, $0.offset) < ($1.element.begin, $1.offset)
                }.map(\.element)
            }
        }
        self.tracks = tracks
        var model: [String: [String: Value]] = [:]
        func collect(_ views: [SceneView]) {
            for view in views {
                if let id = view.id, let animated = tracks[id] {
                    for name in animated.keys { model[id, default: [:]][name] = view.values.resolved(name)?.value }
                }
                collect(view.children)
            }
        }
        collect(scene.views)
        modelValues = model
        var starts: [String: [String: [Value]]] = [:]
        for (id, byName) in tracks {
            for (name, track) in byName {
                guard let model = model[id]?[name] ?? track.first?.keyframes.first?.value else { continue }
                starts[id, default: [:]][name] = Self.starts(of: track, model: model)
            }
        }
        self.starts = starts
    }

    /// Begin-from-current-state: a missing `from` is the value when an animation begins, which
    /// the animation before it gives (the model value for the first).
    static func starts(of track: [Animation], model: Value) -> [Value] {
        var starts: [Value] = []
        starts.reserveCapacity(track.count)
        var current = model
        for (i, animation) in track.enumerated() {
            if i > 0 {
                let previous = track[i - 1]
                current = valueOf(previous, localTime: animation.begin - previous.begin, current: current)
            }
            starts.append(current)
        }
        return starts
    }

    public var isAnimated: Bool { !tracks.isEmpty }

    /// The placed views with every animated attribute at its value at `time` seconds.
    public func sample(_ views: [PlacedView], at time: Double) -> [PlacedView] {
        guard isAnimated else { return views }
        return views.map { placed in
            var result = placed
            if let id = placed.view.id, let animated = tracks[id] {
                for (name, track) in animated {
                    // A derived default (no model value) starts from the animation's first value.
                    let entry = placed.view.values.resolved(name)
                    guard let model = entry?.value ?? track.first?.keyframes.first?.value else { continue }
                    let v = value(of: track, model: model, starts: starts[id]?[name], at: time)
                    result.view.values.set(name, ResolvedValue(value: v, source: entry?.source ?? .defaultValue,
                                                               range: entry?.range ?? .none))
                }
            }
            result.children = sample(placed.children, at: time)
            return result
        }
    }

    /// The value of an animated `key` ("id.attribute") at `time`; nil when it is not animated.
    public func value(of key: String, at time: Double) -> Value? {
        // The id is all before the last dot: an instance's views are `cpu.ring`.
        guard let dot = key.lastIndex(of: ".") else { return nil }
        let id = String(key[..<dot]), name = String(key[key.index(after: dot)...])
        guard let track = tracks[id]?[name] else { return nil }
        guard let model = modelValues[id]?[name] ?? track.first?.keyframes.first?.value else { return nil }
        return value(of: track, model: model, starts: starts[id]?[name], at: time)
    }

    /// The animation that gives an animated `key` ("id.attribute") its value at `time`: the
    /// last begun, or the first before any has; nil when it is not animated.
    public func animation(driving key: String, at time: Double) -> Animation? {
        // The id is all before the last dot: an instance's views are `cpu.ring`.
        guard let dot = key.lastIndex(of: ".") else { return nil }
        guard let track = tracks[String(key[..<dot])]?[String(key[key.index(after: dot)...])] else { return nil }
        return Self.lastBegun(track, by: time).map { track[$0] } ?? track.first
    }

    /// The last animation that has begun by `time` gives the value; before the first begins,
    /// the attribute holds that animation's first value. `starts`: what each animation begins
    /// from when the track starts from `model` (worked out here when the model is another).
    func value(of track: [Animation], model: Value, starts: [Value]?, at time: Double) -> Value {
        guard let index = Self.lastBegun(track, by: time) else {
            guard let first = track.first else { return model }
            return Self.keyframeValue(first.keyframes, at: -.infinity, current: model)
        }
        let from = starts.flatMap { $0.first == model && $0.count == track.count ? $0 : nil }
            ?? Self.starts(of: Array(track[...index]), model: model)
        return Self.valueOf(track[index], localTime: time - track[index].begin, current: from[index])
    }

    /// The index of the last animation that has begun by `time` (the track is in order of begin).
    static func lastBegun(_ track: [Animation], by time: Double) -> Int? {
        var low = 0, high = track.count
        while low < high {
            let middle = (low + high) / 2
            if track[middle].begin <= time { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    static func valueOf(_ animation: Animation, localTime: Double, current: Value) -> Value {
        let single = animation.singleDuration
        let cycle = animation.cycleDuration
        // No time to run: the value is the last one from the moment it begins (`duration: 0`
        // switches a bool exactly at `begin`).
        guard cycle > 0 else { return animation.keyframes.last.map { $0.value ?? current } ?? current }
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

    static func keyframeValue(_ keyframes: [Keyframe], at t: Double, current: Value) -> Value {
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
