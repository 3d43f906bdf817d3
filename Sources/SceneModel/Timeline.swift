import SceneSyntax

/// A timing curve (docs/language.md §5): what fraction of a segment's change has happened.
public enum Easing: Sendable, Hashable, CustomStringConvertible {
    case linear
    /// Control points of a cubic Bézier from (0, 0) to (1, 1), as CAMediaTimingFunction.
    case cubicBezier(Double, Double, Double, Double)
    /// Jumps at the end of each of n equal steps.
    case steps(Int)
    /// A damped spring, run in real seconds like CASpringAnimation.
    case spring(Spring)

    /// Core Animation's named curves.
    public static let named: [String: Easing] = [
        "linear": .linear,
        "easeIn": .cubicBezier(0.42, 0, 1, 1),
        "easeOut": .cubicBezier(0, 0, 0.58, 1),
        "easeInEaseOut": .cubicBezier(0.42, 0, 0.58, 1),
        "default": .cubicBezier(0.25, 0.1, 0.25, 1),
    ]

    public var description: String {
        switch self {
        case .linear: return "linear"
        case .cubicBezier(let a, let b, let c, let d):
            if let name = Easing.named.first(where: { $0.value == self })?.key { return name }
            return "cubicBezier(\([a, b, c, d].map(formatNumber).joined(separator: ", ")))"
        case .steps(let n): return "steps(\(n))"
        case .spring(let s):
            return "spring(mass: \(formatNumber(s.mass)), stiffness: \(formatNumber(s.stiffness)), damping: \(formatNumber(s.damping)), initialVelocity: \(formatNumber(s.initialVelocity)))"
        }
    }
}

/// CASpringAnimation's parameters.
public struct Spring: Sendable, Hashable {
    public var mass: Double
    public var stiffness: Double
    public var damping: Double
    public var initialVelocity: Double

    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10, initialVelocity: Double = 0) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }
}

/// A value at a moment of an animation; `easing` shapes the segment that ends here.
public struct Keyframe: Sendable, Hashable {
    /// Seconds from the animation's begin.
    public var at: Double
    /// nil: the attribute's value when the animation begins (begin-from-current-state).
    public var value: Value?
    public var easing: Easing
    /// A colour value's form as written (`systemBlue`, `{light, dark}`), kept when `value` is
    /// resolved to one appearance's colour: what inspect shows and `--set` takes.
    public var form: ColorForm?

    public init(at: Double, value: Value?, easing: Easing) {
        self.at = at
        self.value = value
        self.easing = easing
    }
}

/// How many times an animation plays.
public enum Repeat: Sendable, Hashable {
    case count(Double)
    case forever
}

/// One animation of one attribute of one view; `from`/`to` become two keyframes.
public struct Animation: Sendable, Hashable {
    public var viewID: String
    public var attribute: AttributeSpec
    /// Seconds.
    public var begin: Double
    /// At least one keyframe; times in seconds from `begin`, increasing.
    public var keyframes: [Keyframe]
    public var repeatCount: Repeat
    public var autoreverse: Bool
    /// Where the animation is written, for messages.
    public var range: SourceRange
    /// Its place in the file's `timeline.animations` (0-based): what `timeline.animations[I]`
    /// addresses name, kept when a `--set` takes out an animation before it.
    public var index = 0
    /// Whether the file gives it as `keyframes:` rather than `from`/`to`/`duration`: which
    /// keys address its values.
    public var isKeyframed = false
    /// For an animation a component's definition makes for one instance (docs/language.md §11):
    /// the component, and the file its definition is in (nil for the scene's own), whose
    /// line `range` is at. nil for the scene's own animations.
    public var component: (name: String, file: String?)? {
        get { componentName.map { ($0, componentFile) } }
        set { componentName = newValue?.name; componentFile = newValue?.file }
    }
    private var componentName: String?
    private var componentFile: String?

    public init(viewID: String, attribute: AttributeSpec, begin: Double, keyframes: [Keyframe], repeatCount: Repeat,
                autoreverse: Bool, range: SourceRange) {
        self.viewID = viewID
        self.attribute = attribute
        self.begin = begin
        self.keyframes = keyframes
        self.repeatCount = repeatCount
        self.autoreverse = autoreverse
        self.range = range
    }

    /// One pass through the keyframes, in seconds.
    public var singleDuration: Double { keyframes.last?.at ?? 0 }

    /// One repetition: forward, or forward and back with autoreverse.
    public var cycleDuration: Double { singleDuration * (autoreverse ? 2 : 1) }

    /// Seconds from begin to the end of the last repetition; nil when it repeats forever.
    public var activeDuration: Double? {
        switch repeatCount {
        case .forever: return nil
        case .count(let n): return cycleDuration * n
        }
    }

    /// When it ends on the timeline, in seconds; nil when it repeats forever.
    public var end: Double? { activeDuration.map { begin + $0 } }
}

/// `timeline:` (docs/language.md §5).
public struct Timeline: Sendable, Hashable {
    /// Every number the animations can give, by view id and attribute: what bound text is laid
    /// out for (`ValueTable.possibleValues`). Each keyframe's number, the model value (`model`:
    /// where an animation may start, and what a keyframe without a value takes), and where an
    /// overshooting curve (a cubicBezier whose y leaves 0–1, a spring) carries a segment past
    /// its ends, the furthest it goes (`Easing.progressBounds`). The one route from the
    /// timeline to "what a binding can show": layout and drawing both read it.
    public func numbersShown(model: (_ id: String, _ attribute: String) -> Double?) -> [String: [String: [Double]]] {
        var out: [String: [String: [Double]]] = [:]
        for animation in animations {
            let id = animation.viewID, name = animation.attribute.name
            let start = model(id, name)
            var numbers = start.map { [$0] } ?? []
            var previous: (at: Double, value: Double?)?
            for keyframe in animation.keyframes {
                var value: Double?
                switch keyframe.value {
                case .number(let n)?:
                    value = n
                    numbers.append(n)
                case nil: value = start
                default: value = nil
                }
                if let from = previous?.value, let to = value, let at = previous?.at {
                    let bounds = keyframe.easing.progressBounds(duration: keyframe.at - at)
                    if bounds.min < 0 { numbers.append(from + (to - from) * bounds.min) }
                    if bounds.max > 1 { numbers.append(from + (to - from) * bounds.max) }
                }
                previous = (keyframe.at, value)
            }
            if !numbers.isEmpty { out[id, default: [:]][name, default: []] += numbers }
        }
        return out
    }

    /// `numbersShown` with the model values of `views` (and their children), by id.
    public func numbersShown(views: [SceneView]) -> [String: [String: [Double]]] {
        var byID: [String: SceneView] = [:]
        func walk(_ views: [SceneView]) {
            for view in views {
                if let id = view.id { byID[id] = view }
                walk(view.children)
            }
        }
        walk(views)
        return numbersShown { id, attribute in
            guard case .number(let n)? = byID[id]?.values[attribute] else { return nil }
            return n
        }
    }

    public var fps: Double
    /// Seconds; nil: the end of the last animation.
    public var duration: Double?
    public var loop: Bool
    public var animations: [Animation]

    public init(fps: Double = 30, duration: Double? = nil, loop: Bool = false, animations: [Animation] = []) {
        self.fps = fps
        self.duration = duration
        self.loop = loop
        self.animations = animations
    }

    /// The timeline's length in seconds.
    public var length: Double {
        if let duration { return duration }
        return animations.compactMap(\.end).max() ?? 0
    }

    /// Frames in a sequence sampled at `fps`: both ends included, or the last left out with loop.
    /// A timeline too long to count (a duration of 1e300 s, or an infinite or NaN length from
    /// repeat × duration overflowing) has `Int.max` frames, which any frame limit refuses.
    public func frameCount(fps: Double) -> Int {
        let intervals = (length * fps + 0.5).rounded(.down)  // round halves up
        guard intervals < Double(Int.max) else { return Int.max }
        return loop ? Swift.max(1, Int(intervals)) : Int(intervals) + 1
    }
}
