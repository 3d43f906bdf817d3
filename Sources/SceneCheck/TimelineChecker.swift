import SceneModel
import SceneSyntax

/// Checks `timeline:` against the views it animates (docs/language.md §5).
package struct TimelineChecker {
    var log: DiagnosticLog
    /// The type of every view with an id.
    let viewTypes: [String: ViewType]
    /// The ids in order and ready for "did you mean": prepared once, not for every bad target.
    private(set) lazy var sortedIDs: [String] = viewTypes.keys.sorted()
    private(set) lazy var idSuggestions = Suggestions.Index(sortedIDs)
    let options: CheckOptions
    /// The animations a component's instance brought, by their place in the list: where
    /// their problems are reported (the definition's file) and the notes naming the use.
    var itemOrigins: [Int: InstanceAnimation] = [:]
    /// The scene's instances by id, with their definitions: `target: cpu.value` names an argument.
    var instances: [String: ComponentDefinition] = [:]
    /// How the scene is named in notes.
    var sceneName = "the scene"
    /// Whether the animation being read is one of `itemOrigins`.
    private(set) var isInstanceAnimation = false

    package static let timelineKeys = ["fps", "duration", "loop", "animations"]
    package static let animationKeys = ["target", "from", "to", "keyframes", "begin", "duration", "easing", "repeat", "autoreverse"]
    package static let keyframeKeys = ["at", "value", "easing"]
    package static let fpsRange = NumberRange(min: 1, max: 240)
    /// Seconds, as Core Animation's default `duration`.
    package static let defaultAnimationDuration = 0.25

    mutating func check(_ node: Node) -> Timeline? {
        guard let all = node.mapping else {
            log.error(.wrongStructure, "timeline must be a mapping with fps, duration, loop and animations, not \(node.kindDescription)",
                      at: node.range)
            return nil
        }
        let pairs = log.knownKeys(all, Self.timelineKeys, in: "timeline")
        var timeline = Timeline()
        if let fps = pairs["fps"] {
            timeline.fps = log.take(Numbers.number(fps.value, in: Self.fpsRange, what: "fps")) ?? 30
        }
        if let duration = pairs["duration"] {
            timeline.duration = log.take(Timing.duration(duration.value, fps: timeline.fps, what: "timeline duration"))
        }
        if let loop = pairs["loop"] {
            timeline.loop = log.take(ValueParser.bool(loop.value, what: "loop")) ?? false
        }
        if let animations = pairs["animations"] {
            if let items = animations.value.sequence {
                timeline.animations = items.enumerated().compactMap { index, item in
                    guard let origin = itemOrigins[index] else { return animation(item, timeline: timeline) }
                    let saved = (log.currentFile, log.context)
                    (log.currentFile, log.context, isInstanceAnimation) = (origin.file, origin.context, true)
                    defer { (log.currentFile, log.context, isInstanceAnimation) = (saved.0, saved.1, false) }
                    var made = animation(item, timeline: timeline)
                    made?.component = (origin.component, origin.file?.name)
                    return made
                }
            } else {
                log.error(.wrongStructure, "animations must be a list, not \(animations.value.kindDescription)", at: animations.value.range)
            }
        }
        let sampling = options.fpsOverride ?? timeline.fps
        let frames = timeline.frameCount(fps: sampling)
        if frames > options.maxFrames {
            let place = pairs["duration"]?.value.range
                ?? timeline.animations.max(by: { ($0.end ?? 0) < ($1.end ?? 0) })?.range ?? node.range
            let count = frames == Int.max ? "too many" : String(frames)  // Int.max: too long to count
            log.error(.limitExceeded, "the timeline has \(count) frames at \(formatNumber(sampling)) fps; the limit is \(options.maxFrames)",
                      at: place, notes: ["raise it with --max-frames if you mean it"])
        }
        return timeline
    }

    mutating func animation(_ node: Node, timeline: Timeline) -> Animation? {
        guard let all = node.mapping else {
            log.error(.wrongStructure, "an animation must be a mapping with target and to (or keyframes), not \(node.kindDescription)",
                      at: node.range)
            return nil
        }
        let pairs = log.knownKeys(all, Self.animationKeys, in: "an animation")
        guard let targetPair = pairs["target"] else {
            log.missing(["target"], in: all, "an animation needs a 'target': view id . attribute, e.g. download.progress",
                        at: node.range.startOnly)
            return nil
        }
        guard let (id, spec) = target(targetPair.value) else { return nil }
        let fps = timeline.fps
        let easing = pairs["easing"].flatMap { log.take(Timing.easing($0.value, what: "easing")) } ?? .linear
        let begin = pairs["begin"].flatMap { log.take(Timing.duration($0.value, fps: fps, what: "begin")) } ?? 0
        var keyframes: [Keyframe] = []
        if let frames = pairs["keyframes"] {
            for key in ["from", "to", "duration"] {
                if let extra = pairs[key] {
                    log.error(.conflictingKeys, "an animation with keyframes takes no '\(key)'; the keyframes give the values and times",
                              at: extra.keyRange)
                }
            }
            keyframes = self.keyframes(frames.value, spec: spec, easing: easing, fps: fps) ?? []
            if keyframes.isEmpty { return nil }
        } else {
            guard let to = pairs["to"] else {
                log.missing(["to", "keyframes"], in: all, "an animation needs 'to' (and optionally 'from'), or 'keyframes'",
                            at: targetPair.keyRange)
                return nil
            }
            let from = pairs["from"].flatMap { value($0.value, spec) }
            guard let toValue = value(to.value, spec), pairs["from"] == nil || from != nil else { return nil }
            var duration = Self.defaultAnimationDuration
            if let d = pairs["duration"] {
                duration = log.take(Timing.duration(d.value, fps: fps, what: "duration")) ?? duration
            } else if case .spring(let spring) = easing {
                duration = spring.settlingTime
            }
            keyframes = [Keyframe(at: 0, value: from, easing: easing), Keyframe(at: duration, value: toValue, easing: easing)]
        }
        var repeatCount = Repeat.count(1)
        if let r = pairs["repeat"] {
            if let s = r.value.scalar, s.isPlain, s.text == "forever" {
                repeatCount = .forever
                if timeline.duration == nil {
                    log.error(.missingKey, "repeat: forever needs the timeline's 'duration', or the timeline would never end",
                              at: r.value.range)
                }
            } else if let s = r.value.scalar, Double(s.text) == nil, Suggestions.nearest(to: s.text, in: ["forever"]) != nil {
                log.error(.badValue, "repeat must be a number or forever, not '\(s.text)'; did you mean 'forever'?", at: r.value.range)
            } else if let n = log.take(Numbers.number(r.value, in: .positive, what: "repeat")) {
                repeatCount = .count(n)
            }
        }
        warnIfUnseen(keyframes, begin: begin, pairs: pairs, target: targetPair, timeline: timeline)
        let autoreverse = pairs["autoreverse"].flatMap { log.take(ValueParser.bool($0.value, what: "autoreverse")) } ?? false
        var animation = Animation(viewID: id, attribute: spec, begin: begin, keyframes: keyframes, repeatCount: repeatCount,
                                  autoreverse: autoreverse, range: node.range)
        animation.isKeyframed = pairs["keyframes"] != nil
        return animation
    }

    /// An animation that cannot be seen: one whose values are all the same, or one that begins
    /// when the timeline has already ended. Legal, but almost always a slip.
    mutating func warnIfUnseen(_ keyframes: [Keyframe], begin: Double, pairs: [Node.Pair], target: Node.Pair,
                               timeline: Timeline) {
        let target = target.value.scalar?.text ?? ""
        let values = keyframes.map(\.value)
        // An instance's animation constant for its arguments (a Meter at 0) is no mistake of the use.
        if !isInstanceAnimation, values.count >= 2, values.allSatisfy({ $0 != nil && $0 == values[0] }), let first = values[0] {
            let place = pairs["to"]?.value.range ?? pairs["keyframes"]?.value.range ?? .none
            log.add(.warning(.animationNeverChanges, "this animation never changes \(target): every value it gives is \(first)", at: place))
        }
        if let end = timeline.duration, begin >= end, let b = pairs["begin"] {
            log.add(.warning(.animationNeverSeen, "this animation begins at \(formatNumber(begin)) s, when the timeline (\(formatNumber(end)) s) has ended, so it is never seen",
                             at: b.value.range))
        }
    }

    /// `id.attribute`, naming a view with that id and an animatable attribute of its kind.
    mutating func target(_ node: Node) -> (String, AttributeSpec)? {
        // A view of an instance whose views were not made: the instance's own error says why
        // (read before the split, which would take `cpu` for the view and `ring.progress` for its attribute).
        if let text = node.scalar?.text, let dot = text.lastIndex(of: "."), log.isInBrokenInstance(String(text[..<dot])) { return nil }
        // The last dot: a view of an instance is named through it (`cpu.ring.progress`).
        guard let text = node.scalar?.text, let (id, name) = SceneAddress.splitViewAttribute(text, views: viewTypes) else {
            log.error(.badValue, "target must be a view id and an attribute, such as download.progress, not \(node.kindDescription)",
                      at: node.range)
            return nil
        }
        guard let type = viewTypes[id] else {
            if log.isInBrokenInstance(id) { return nil }  // the instance's own error says why
            let ids = sortedIDs
            let meant = idSuggestions.nearest(to: id)
            log.error(.unknownID, "animation target '\(text)' names no view: there is no view with id '\(id)'\(meant.map { "; did you mean '\($0)'?" } ?? "")",
                      at: node.range, notes: ids.isEmpty ? ["give the view an id to animate it"] : [],
                      fixes: meant.map { [Fix("change to '\($0).\(name)'", replacing: node.range, with: "\($0).\(name)")] } ?? [])
            return nil
        }
        let kind = type.kind
        let animatable = kind.attributes.filter { $0.animatable != .no }.map(\.name)
        if kind.attribute(named: name) == nil, let definition = instances[id], let parameter = definition.parameter(named: name) {
            reportArgumentTarget(node, instance: id, definition: definition, parameter: parameter)
            return nil
        }
        guard let spec = kind.attribute(named: name) else {
            let (hint, notes, _, meant) = AttributeSuggestions.suggest(name, known: kind.attributes.map(\.name), kind: kind, at: .none)
            log.error(.unknownAttribute, "\(type.rawValue) '\(id)' has no attribute '\(name)'\(hint)",
                      at: node.range, notes: notes + ["animatable: " + animatable.joined(separator: ", ")],
                      fixes: meant.map { [Fix("change to '\(id).\($0)'", replacing: node.range, with: "\(id).\($0)")] } ?? [])
            return nil
        }
        guard spec.animatable != .no else {
            log.error(.notAnimatable, "'\(name)' of \(type.rawValue) cannot be animated", at: node.range,
                      notes: ["animatable: " + animatable.joined(separator: ", ")])
            return nil
        }
        return (id, spec)
    }

    /// `target: cpu.value`: an argument is read once, when the instance's views are made, so
    /// the animation moves what it gives instead (`cpu.ring.progress`), named in a note and,
    /// when it is one attribute, a fix.
    mutating func reportArgumentTarget(_ node: Node, instance id: String, definition: ComponentDefinition, parameter: Parameter) {
        let uses = Self.uses(of: parameter.name, in: definition.views).map { "\(id).\($0)" }
        let instead = uses.isEmpty ? "animate an attribute of one of its views (\(id).VIEW.ATTRIBUTE)"
            : "animate the attribute it gives instead: " + uses.joined(separator: ", ")
        log.error(.unknownAttribute, "target '\(id).\(parameter.name)' names the argument '\(parameter.name)' of the instance '\(id)' (\(definition.name)), not an attribute: an argument is read once, when the instance's views are made",
                  at: node.range,
                  notes: [instead, parameter.declaredNote(definition, sceneName: sceneName)],
                  fixes: uses.count == 1 ? [Fix("change to '\(uses[0])'", replacing: node.range, with: uses[0])] : [])
    }

    /// `VIEW.ATTRIBUTE` of each attribute a definition's views give `$name` whole (`ring.progress`).
    static func uses(of name: String, in views: Node?) -> [String] {
        var found: [String] = []
        for view in views?.sequence ?? [] {
            guard let pairs = view.mapping, let id = pairs["id"]?.value.scalar?.text, ViewSelector.isValidID(id) else { continue }
            for pair in pairs where pair.value.scalar.flatMap({ Substitution.whole($0.text) }) == name {
                found.append("\(id).\(pair.key)")
            }
            found += uses(of: name, in: pairs["children"]?.value).map { "\(id).\($0)" }
        }
        return found
    }

    mutating func value(_ node: Node, _ spec: AttributeSpec) -> Value? {
        guard let v = log.take(ValueParser.parse(node, as: spec.kind, what: spec.name)) else { return nil }
        if v == .timeOfDay(.now) {
            log.error(.notAnimatable, "now cannot be animated; give times of day such as \"10:09:30\"", at: node.range)
            return nil
        }
        return v
    }

    mutating func keyframes(_ node: Node, spec: AttributeSpec, easing: Easing, fps: Double) -> [Keyframe]? {
        guard let items = node.sequence, !items.isEmpty else {
            log.error(.wrongStructure, "keyframes must be a list of {at, value}, not \(node.kindDescription)", at: node.range)
            return nil
        }
        var result: [Keyframe] = []
        var ok = true
        for item in items {
            guard let all = item.mapping else {
                log.error(.wrongStructure, "a keyframe must be a mapping {at, value}, not \(item.kindDescription)", at: item.range)
                ok = false
                continue
            }
            let pairs = log.knownKeys(all, Self.keyframeKeys, in: "a keyframe")
            guard let at = pairs["at"], let valuePair = pairs["value"] else {
                log.missing(["at", "value"], in: all, "a keyframe needs 'at' and 'value'", at: item.range.startOnly)
                ok = false
                continue
            }
            let time = log.take(Timing.duration(at.value, fps: fps, what: "at"))
            let v = value(valuePair.value, spec)
            let e = pairs["easing"].map { log.take(Timing.easing($0.value, what: "easing")) } ?? easing
            guard let time, let v, let e else {
                ok = false
                continue
            }
            if let last = result.last, time < last.at {
                log.error(.badValue, "keyframes must be in time order: this one is at \(formatNumber(time)) s, after one at \(formatNumber(last.at)) s",
                          at: at.value.range)
                ok = false
            }
            result.append(Keyframe(at: time, value: v, easing: e))
        }
        return ok ? result : nil
    }
}
