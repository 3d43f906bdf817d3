import SceneCheck
import SceneModel
import SceneSyntax

/// `scenec edit --set 'timeline.animations[I].keyframes[at: T].value=V'`: the keyframe at T
/// set, or a new one written in time order in its neighbours' style; a from/to animation is
/// first rewritten in place as its keyframes (`KeyframeAtTime` says where, for both this and
/// `--set`, so the two give the same scene).
extension EditPlanner {
    func planKeyframe(at time: String, animation index: Int, for o: Override) -> Result<PlannedEdit, Diagnostic> {
        let top = root.mapping ?? []
        let place = "timeline.animations[\(index)]"
        return text.animation(index, top: top, for: o).flatMap { item in
            let fps = top.first { $0.key == "timeline" }?.value.mapping?.first { $0.key == "fps" }
                .flatMap { Double($0.value.scalar?.text ?? "") } ?? 30
            let found: KeyframeAtTime
            switch KeyframeAtTime.find(time, in: item, fps: fps, place: place) {
            case .failure(let reason): return .failure(o.error(.editRefused, reason.text))
            case .success(let f): found = f
            }
            func plan(_ keyframe: KeyframeSelector?, _ key: String) -> Result<PlannedEdit, Diagnostic> {
                self.plan(Override(address: .timeline(animation: index, keyframe: keyframe, key: key),
                                   valueText: o.valueText, origin: o.option))
            }
            switch found.place {
            case .fromTo(let key): return plan(nil, key)
            case .keyframe(let k): return plan(.index(k), "value")
            case .insert(let k):
                guard let spec = text.animatedSpec(of: item, top: top) else {
                    return .failure(o.error("\(place) has no target this could be a value of"))
                }
                return o.value(as: spec.kind, what: "value").flatMap { value in
                    let at = Self.writtenTiming(Node(.scalar(.init(text: time, isPlain: true)), range: .none)).flow
                    let entry = Entry(at: at, value: ValueWriter.write(value).flow)
                    let edit = found.converted.map { convert(item, $0, inserting: entry, at: k, for: o) }
                        ?? insert(entry, at: k, into: item, for: o)
                    return edit.map { PlannedEdit(edit: $0, action: .added, anchor: nil) }
                }
            }
        }
    }

    /// A keyframe's `at` and `value` as written.
    private struct Entry {
        var at: String
        var value: String
        var flow: String { "{at: \(at), value: \(value)}" }
    }

    /// The keyframe written into the animation's `keyframes` list before item `k` (or after
    /// the last): `{at, value}` in a flow list or among flow items, else a block mapping.
    private func insert(_ entry: Entry, at k: Int, into item: Node, for o: Override) -> Result<TextEdit, Diagnostic> {
        let unfound = o.error(.editRefused, "cannot find where the keyframes of \(o.address) are written in the file",
                              notes: ["add the keyframe by hand"])
        guard let pair = item.mapping?.first(where: { $0.key == "keyframes" }), let items = pair.value.sequence,
              let last = items.last, !text.valueIsAlias(pair), !text.aliasedItems(of: pair.value).contains(true) else {
            return .failure(unfound)
        }
        if text.isFlow(pair.value) {
            if k < items.count { return .success(TextEdit(insert: Array((entry.flow + ", ").utf8), at: text.valueStart(items[k]))) }
            guard let end = text.contentEnd(last) else { return .failure(unfound) }
            return .success(TextEdit(insert: Array((", " + entry.flow).utf8), at: end))
        }
        let sibling = items[Swift.min(k, items.count - 1)]
        let keyColumn = text.valueStart(sibling)
        let dash = text.lineStart(keyColumn)
        // `- ` and only spaces before the item's first key: the dash's indent is kept.
        guard let dashAt = text.bytes[dash..<keyColumn].firstIndex(of: UInt8(ascii: "-")),
              text.bytes[dash..<dashAt].allSatisfy({ $0 == 0x20 }) else { return .failure(unfound) }
        let newline = String(decoding: text.lineBreak(at: text.lineEnd(keyColumn)), as: UTF8.self)
        let dashIndent = String(repeating: " ", count: dashAt - dash)
        let keyIndent = String(repeating: " ", count: keyColumn - dash)
        let body = text.isFlow(sibling) ? entry.flow : "at: \(entry.at)\(newline)\(keyIndent)value: \(entry.value)"
        if k < items.count {
            return .success(TextEdit(insert: Array((dashIndent + "- " + body + newline).utf8), at: dash))
        }
        guard let end = text.contentEnd(last) else { return .failure(unfound) }
        return .success(TextEdit(insert: Array((newline + dashIndent + "- " + body).utf8), at: text.lineEnd(end)))
    }

    /// The from/to animation with `keyframes:` where the first of its from, to and duration
    /// was (the others deleted), `entry` among them at `k`: one edit from the first to the
    /// last of those keys.
    private func convert(_ item: Node, _ fromTo: KeyframeAtTime.FromTo, inserting entry: Entry, at k: Int,
                         for o: Override) -> Result<TextEdit, Diagnostic> {
        let refusal = o.error(.editRefused, "cannot rewrite \(o.address)'s from/to animation as keyframes in the file",
                              notes: ["write it with keyframes: by hand (from at 0, to at its duration), then set the value at this time"])
        let pairs = item.mapping ?? []
        // Each value's text as written (a colour keeps its form), on one line.
        func written(_ node: Node) -> String? {
            guard let end = text.contentEnd(node) else { return nil }
            let bytes = text.bytes[text.valueStart(node)..<end]
            guard !bytes.contains(0x0A), !bytes.contains(0x0D), !bytes.isEmpty else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }
        let parts = pairs.filter { KeyframeAtTime.fromToKeys.contains($0.key) }
        guard let from = written(fromTo.from), let to = written(fromTo.to),
              let duration = fromTo.durationWritten ? written(fromTo.duration) : fromTo.duration.scalar?.text,
              !parts.contains(where: text.valueIsAlias), let first = parts.first, let lastPart = parts.last,
              let lastEnd = text.valueEnd(lastPart) else { return .failure(refusal) }
        var entries = [Entry(at: "0", value: from), Entry(at: duration, value: to)]
        entries.insert(entry, at: Swift.min(k, entries.count))
        let start = text.offset(first.keyRange.start)
        // The text from the first key to the end of the last, with keyframes in the first's place.
        var pieces: [String] = []
        if text.isFlow(item) {
            pieces.append("keyframes: [" + entries.map(\.flow).joined(separator: ", ") + "]")
            // The keys between them stay, each after its comma.
            for pair in pairs where !KeyframeAtTime.fromToKeys.contains(pair.key) {
                let keyStart = text.offset(pair.keyRange.start)
                guard keyStart > start, keyStart < lastEnd, let end = text.valueEnd(pair) else { continue }
                pieces.append(", " + String(decoding: text.bytes[keyStart..<end], as: UTF8.self))
            }
            return .success(TextEdit(start..<lastEnd, pieces.joined()))
        }
        let newline = String(decoding: text.lineBreak(at: text.lineEnd(start)), as: UTF8.self)
        let indent = String(decoding: text.indent(at: start), as: UTF8.self)
        // A comment after `from:` stays on the keyframe at 0, one after `to:` or `duration:` on
        // the one at the end.
        func comment(_ key: String) -> String {
            guard let pair = pairs.first(where: { $0.key == key }), let end = text.valueEnd(pair) else { return "" }
            let rest = String(decoding: text.bytes[end..<text.lineEnd(end)], as: UTF8.self)
            return rest.drop { $0 == " " || $0 == "\t" }.hasPrefix("#") ? rest : ""
        }
        var comments = entries.map { _ in "" }
        comments[0] = comment("from")
        comments[entries.count - 1 - (k >= 2 ? 1 : 0)] = comment("to") + comment("duration")
        var lines = ["keyframes:"] + zip(entries, comments).map { "\(indent)  - \($0.flow)\($1)" }
        // The lines of keys between them stay, after the keyframes.
        for pair in pairs where !KeyframeAtTime.fromToKeys.contains(pair.key) {
            let keyStart = text.offset(pair.keyRange.start)
            guard keyStart > start, keyStart < lastEnd, let end = text.valueEnd(pair) else { continue }
            lines.append(String(decoding: text.bytes[text.lineStart(keyStart)..<text.lineEnd(end)], as: UTF8.self))
        }
        guard !lines.isEmpty else { return .failure(refusal) }
        return .success(TextEdit(start..<text.lineEnd(lastEnd), lines.joined(separator: newline)))
    }
}
