/// The timeline's part of the address grammar: `timeline.animations[I].KEY` and
/// `timeline.animations[I].keyframes[K].KEY`. What may follow is fixed by the language, so a
/// misspelt key is caught here with its "did you mean"; whether the animation or keyframe
/// exists is the checker's business, as for a view's index path.
public enum TimelineAddress {
    /// The keys of an animation an address may name (docs/language.md §5): a from/to
    /// animation's values and timing, and any animation's begin and easing.
    public static let animationKeys = ["from", "to", "duration", "begin", "easing"]
    /// The keys of a keyframe an address may name, as the file writes them.
    public static let keyframeKeys = ["value", "at", "easing"]
    /// `time` is accepted for a keyframe's `at`: the issue and the preview speak of a
    /// keyframe's time, the file of its `at`.
    static let synonyms = ["time": "at"]
}

extension SceneAddress {
    /// `tail` is what follows `timeline.` in `text`.
    static func timeline(_ tail: String, in text: String) throws(AddressError) -> SceneAddress {
        let example = "such as timeline.animations[0].to or timeline.animations[1].keyframes[0].value"
        let head = String(tail.prefix { $0 != "[" && $0 != "." })
        guard head == "animations", tail.dropFirst(head.count).first == "[" else {
            let hint = head == "animations" ? "" : Suggestions.hint(for: head, in: ["animations"])
            throw AddressError("'\(text)' is not an address: the timeline is addressed by its animations' index, \(example)\(hint)")
        }
        var reader = AddressReader(text: text)
        reader.rest = Substring(tail.dropFirst(head.count))
        let animation = try reader.index()
        guard reader.rest.first == "." else {
            let what = reader.rest.isEmpty ? "nothing" : "'\(reader.rest)'"
            throw AddressError("'\(text)' is not an address: after timeline.animations[\(animation)] comes \(what), where .KEY belongs (\(TimelineAddress.animationKeys.joined(separator: ", ")), or keyframes[K].KEY)")
        }
        reader.rest = reader.rest.dropFirst()
        if reader.rest.hasPrefix("keyframes[at") {
            return try keyframe(at: reader.rest.dropFirst("keyframes[at".count), animation: animation, in: text)
        }
        if reader.rest.hasPrefix("keyframes[") {
            reader.rest = reader.rest.dropFirst("keyframes".count)
            let keyframe = try reader.index()
            let place = "timeline.animations[\(animation)].keyframes[\(keyframe)]"
            guard reader.rest.first == "." else {
                let what = reader.rest.isEmpty ? "nothing" : "'\(reader.rest)'"
                throw AddressError("'\(text)' is not an address: after \(place) comes \(what), where .value, .at (or .time) or .easing belongs")
            }
            let key = String(reader.rest.dropFirst())
            return .timeline(animation: animation, keyframe: .index(keyframe),
                             key: try timelineKey(key, allowed: TimelineAddress.keyframeKeys, of: "a keyframe", in: text))
        }
        let key = String(reader.rest)
        if key == "keyframes" || key.hasPrefix("keyframes.") {
            throw AddressError("'\(text)' is not an address: keyframes takes an index, such as timeline.animations[\(animation)].keyframes[0].value")
        }
        return .timeline(animation: animation, keyframe: nil,
                         key: try timelineKey(key, allowed: TimelineAddress.animationKeys, of: "an animation", in: text))
    }

    /// `keyframes[at: T].value`, `rest` being what follows `keyframes[at`: the value at a time,
    /// which is all a keyframe chosen by its time may set (its easing and time belong to one
    /// that exists, by index). The time's text is read by the checker, which knows the fps.
    private static func keyframe(at rest: Substring, animation: Int, in text: String) throws(AddressError) -> SceneAddress {
        let example = "such as timeline.animations[\(animation)].keyframes[at: 0.5s].value"
        guard rest.first == ":", let close = rest.firstIndex(of: "]") else {
            throw AddressError("'\(text)' is not an address: a keyframe chosen by its time is keyframes[at: T], \(example)")
        }
        let time = String(rest[rest.index(after: rest.startIndex)..<close]).trimmingSpaces
        guard !time.isEmpty, time.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == ".") }) else {
            throw AddressError("'\(text)' is not an address: keyframes[at: T] takes a time (seconds, or a number with s, ms or f), \(example)")
        }
        let key = rest[rest.index(after: close)...]
        guard key == ".value" else {
            let shown = key.isEmpty ? "nothing" : "'\(key)'"
            throw AddressError("'\(text)' is not an address: after keyframes[at: \(time)] comes \(shown), where .value belongs (a keyframe's at and easing are set by its index, keyframes[K])")
        }
        return .timeline(animation: animation, keyframe: .at(time), key: "value")
    }

    private static func timelineKey(_ key: String, allowed: [String], of what: String,
                                    in text: String) throws(AddressError) -> String {
        if allowed.contains(key) { return key }
        if let canonical = TimelineAddress.synonyms[key], allowed.contains(canonical) { return canonical }
        let names = allowed + TimelineAddress.synonyms.keys.filter { allowed.contains(TimelineAddress.synonyms[$0] ?? "") }
        let shown = key.isEmpty ? "nothing" : "'\(key)'"
        throw AddressError("'\(text)' is not an address: \(shown) is not a key of \(what) that --set can change (\(allowed.joined(separator: ", ")))\(Suggestions.hint(for: key, in: names))")
    }
}
