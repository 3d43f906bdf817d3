import SceneModel
import SceneSyntax

/// Where `timeline.animations[I].keyframes[at: T].value=V` writes (docs/language.md §5): the
/// value at T is the keyframe there when the animation has one, else a new keyframe in time
/// order. A from/to animation is first written as the two keyframes it means — `from` at 0,
/// `to` at its duration, the animation's easing, begin, repeat and autoreverse kept — which
/// the sampler reads exactly as it reads the from/to (it makes the same two keyframes), so
/// the picture changes at T and between its neighbours, never at another keyframe.
///
/// Worked out from the animation as written, so `--set` (on the checker's tree) and
/// `scenec edit` (on the file's text) put the keyframe in the same place.
package struct KeyframeAtTime {
    package enum Place: Equatable {
        /// A keyframe is at T: the last of those at T, whose value is the one shown there.
        case keyframe(Int)
        /// A from/to animation's begin (`from`) or end (`to`).
        case fromTo(String)
        /// None is: a new keyframe goes at this index of the (converted) list.
        case insert(Int)
    }

    /// What a from/to animation turns into: its keyframes' values and the time of the second.
    package struct FromTo {
        package var from: Node
        package var to: Node
        /// `duration` as written, or the default it has without one, written out.
        package var duration: Node
        /// Whether the file writes `duration` (else it is added with the keyframes).
        package var durationWritten: Bool
    }

    /// Why the value cannot be written at the time asked.
    package struct Reason: Error {
        package var text: String

        init(_ text: String) {
            self.text = text
        }
    }

    package var place: Place
    /// Set when the animation goes from/to and a keyframe is added.
    package var converted: FromTo?
    /// T in seconds.
    package var seconds: Double

    /// The keys a from/to animation has that its keyframes replace.
    package static let fromToKeys = ["from", "to", "duration"]

    /// Where the value at `time` goes in `item` (an animation's mapping); the failure is the
    /// reason, to be said against the option or edit.
    package static func find(_ time: String, in item: Node, fps: Double, place: String) -> Result<KeyframeAtTime, Reason> {
        let pairs = item.mapping ?? []
        func value(_ key: String) -> Node? { pairs.first { $0.key == key }?.value }
        let timeNode = Node(.scalar(.init(text: time, isPlain: true)), range: .none)
        guard case .success(let t) = Timing.duration(timeNode, fps: fps, what: "at") else {
            return .failure(Reason("keyframes[at: \(time)] needs a time: seconds, or a number with s, ms or f, such as 0.5s"))
        }
        // Past the last keyframe, a new one lengthens every repetition, which moves every
        // keyframe after the first pass: only an animation that plays once can grow.
        let repeats = value("repeat").map { $0.scalar?.text != "1" } ?? false
        let reverses = value("autoreverse").map { node in
            if case .success(true) = ValueParser.bool(node, what: "autoreverse") { return true }
            return false
        } ?? false
        let lengthens = "\(place) \(repeats ? "repeats" : "plays back (autoreverse)"), and a keyframe at \(time), after its last, would lengthen each pass and move every keyframe after the first; set a time within it"
        if let frames = value("keyframes") {
            var times: [Double] = []
            for (k, frame) in (frames.sequence ?? []).enumerated() {
                guard let at = frame.mapping?.first(where: { $0.key == "at" })?.value,
                      case .success(let seconds) = Timing.duration(at, fps: fps, what: "at") else {
                    return .failure(Reason("\(place).keyframes[\(k)] has no time that reads, so where \(time) goes is unknown"))
                }
                times.append(seconds)
            }
            if let k = times.lastIndex(of: t) { return .success(KeyframeAtTime(place: .keyframe(k), seconds: t)) }
            if let last = times.last, t > last, repeats || reverses { return .failure(Reason(lengthens)) }
            return .success(KeyframeAtTime(place: .insert(times.firstIndex { $0 > t } ?? times.count), seconds: t))
        }
        guard let from = value("from") else {
            return .failure(Reason("\(place) goes to its 'to' from the value before it (it has no 'from'), which keyframes cannot say; set \(place).from first, or replace the animation"))
        }
        guard let to = value("to") else { return .failure(Reason("\(place) has no 'to' nor keyframes")) }
        var durationNode = value("duration")
        let duration: Double
        if let written = durationNode {
            guard case .success(let seconds) = Timing.duration(written, fps: fps, what: "duration") else {
                return .failure(Reason("\(place).duration does not read as a time, so where \(time) goes is unknown"))
            }
            duration = seconds
        } else {
            // The checker's default: a spring's settling time, else a quarter second.
            if let easing = value("easing"), case .success(.spring(let spring)) = Timing.easing(easing, what: "easing") {
                duration = spring.settlingTime
            } else {
                duration = TimelineChecker.defaultAnimationDuration
            }
            durationNode = Node(.scalar(.init(text: formatNumber(duration), isPlain: true)), range: .none)
        }
        if t == duration { return .success(KeyframeAtTime(place: .fromTo("to"), seconds: t)) }
        if t == 0 { return .success(KeyframeAtTime(place: .fromTo("from"), seconds: t)) }
        if t > duration, repeats || reverses { return .failure(Reason(lengthens)) }
        let converted = FromTo(from: from, to: to, duration: durationNode ?? to, durationWritten: value("duration") != nil)
        return .success(KeyframeAtTime(place: .insert(t < duration ? 1 : 2), converted: converted, seconds: t))
    }

    /// `{at: AT, value: VALUE}` as the checker reads a keyframe.
    package static func keyframe(at: Node, value: Node) -> Node {
        Node(.mapping([Node.Pair(key: "at", keyRange: .none, value: at),
                       Node.Pair(key: "value", keyRange: .none, value: value)]), range: .none)
    }

    /// `item` (a from/to animation) with `keyframes` in place of its from, to and duration,
    /// where the first of them was.
    package static func replacingFromTo(in item: Node, with keyframes: [Node]) -> Node {
        let pairs = item.mapping ?? []
        let list = Node.Pair(key: "keyframes", keyRange: .none, value: Node(.sequence(keyframes), range: .none))
        var result: [Node.Pair] = []
        for pair in pairs {
            if fromToKeys.contains(pair.key) {
                if !result.contains(where: { $0.key == "keyframes" }) { result.append(list) }
            } else {
                result.append(pair)
            }
        }
        return Node(.mapping(result), range: item.range)
    }
}
