import SceneCheck
import SceneModel

/// The canonical layout (docs/commands.md, scenec fmt): two spaces a level, a list under its key indented by
/// two, a mapping that is a list item begun on the dash's line; a collection in flow style
/// (`{…}`, `[…]`) when it holds only scalars and lists, no comment, and fits in `width`
/// columns, else in block style; keys in the registry's order where nothing anchored or
/// aliased lies inside.
struct FmtLayout {
    static let width = 100
    var comments: FmtComments
    /// Range formatting keeps the top keys where they are: it formats entries in place.
    var keepTopOrder = false

    /// The lines, and the line each top entry begins at (its comment lines included; the blank
    /// line above it not) when the top is a block mapping or list.
    func document(_ root: FmtValue) -> (lines: [String], topStarts: [Int]?) {
        var out: [String] = []
        var starts: [Int]? = nil
        switch root {
        case .collection(let c) where !c.entries.isEmpty:
            if !c.properties.isEmpty { out.append(c.properties) }
            // The file's header stays first whichever key comes first; the comment lines
            // directly above the first key are that key's and move with it.
            var layout = self
            if let first = c.entries.first, let leading = comments.leading[first.id] {
                let count = Self.headerCount(leading, blankAboveKey: comments.blankAbove.contains(first.id))
                for (n, comment) in leading.prefix(count).enumerated() {
                    if n > 0, comment.blankAbove { out.append("") }
                    out.append(comment.text)
                }
                layout.comments.leading[first.id] = count < leading.count ? Array(leading.dropFirst(count)) : nil
                if count > 0, count < leading.count || comments.blankAbove.contains(first.id) { out.append("") }
            }
            var top: [Int] = []
            layout.block(c, indent: 0, into: &out, topStarts: &top)
            starts = top
        default:
            out.append(flowValue(root) ?? "")
        }
        for comment in comments.closing {
            if comment.blankAbove, !out.isEmpty { out.append("") }
            out.append(comment.text)
        }
        return (out, starts)
    }

    /// How many of the comment lines above the first key are the file's header: those before
    /// the last blank line among them (all when a blank line parts them from the key). Without a
    /// blank line they are the key's, but for a tool's `# yaml-language-server:` line, which
    /// stays on top.
    static func headerCount(_ leading: [FmtComment], blankAboveKey: Bool) -> Int {
        if blankAboveKey { return leading.count }
        if let last = leading.indices.last(where: { $0 > 0 && leading[$0].blankAbove }) { return last }
        return leading.prefix(while: { $0.text.hasPrefix("# yaml-language-server:") }).count
    }

    func block(_ c: FmtCollection, indent: Int, into out: inout [String]) {
        var ignored: [Int] = []
        block(c, indent: indent, into: &out, topStarts: &ignored)
    }

    /// The entries of a block collection, one (or more) lines each, at `indent`.
    func block(_ c: FmtCollection, indent: Int, into out: inout [String], topStarts: inout [Int]) {
        let pad = String(repeating: " ", count: indent)
        for (index, entry) in ordered(c).enumerated() {
            let leading = comments.leading[entry.id] ?? []
            if index > 0 {
                if comments.blankAbove.contains(entry.id) || leading.first?.blankAbove == true { out.append("") }
            }
            topStarts.append(out.count)
            for (n, comment) in leading.enumerated() {
                if n > 0, comment.blankAbove { out.append("") }
                out.append(pad + comment.text)
            }
            let head = pad + (entry.key.map { key(entry, $0) + ":" } ?? "-")
            value(entry, head: head, indent: indent, into: &out)
        }
    }

    func key(_ entry: FmtEntry, _ text: String) -> String {
        FmtScalars.written(text, isPlain: entry.keyPlain, flow: false)
    }

    /// The end-of-line comments of an entry, after its last line.
    func trailing(_ entry: FmtEntry) -> String {
        let all = (comments.afterIndicator[entry.id] ?? []) + (comments.trailing[entry.id] ?? [])
        return all.isEmpty ? "" : " " + all.joined(separator: " ")
    }

    func value(_ entry: FmtEntry, head: String, indent: Int, into out: inout [String]) {
        let child = indent + 2
        switch entry.value {
        case .scalar(let s):
            let props = s.properties.isEmpty ? "" : " " + s.properties
            if let block = s.block {
                out.append(head + props + " " + block.header + trailing(entry))
                let pad = String(repeating: " ", count: child)
                out += block.lines.map { $0.isEmpty ? "" : pad + $0 }
            } else if s.isEmptyNull {
                out.append(head + props + trailing(entry))
            } else {
                out.append(head + props + " " + FmtScalars.written(s.text, isPlain: s.isPlain, flow: false) + trailing(entry))
            }
        case .alias(let name, _):
            out.append(head + " " + name + trailing(entry))
        case .verbatim(let v):
            // A list item's mapping starts on the dash's line, as everywhere else.
            let firstColumn = v.wasFlow || entry.key == nil ? head.count + 1 : child
            var lines = v.lines
            let delta = firstColumn - v.column
            for i in lines.indices.dropFirst() where !lines[i].isEmpty {
                lines[i] = delta >= 0 ? String(repeating: " ", count: delta) + lines[i]
                    : String(lines[i].dropFirst(Swift.min(-delta, lines[i].prefix(while: { $0 == " " }).count)))
            }
            if v.wasFlow || entry.key == nil {
                lines[0] = head + " " + lines[0]
            } else {
                out.append(head)
                lines[0] = String(repeating: " ", count: child) + lines[0]
            }
            lines[lines.count - 1] += trailing(entry)
            out += lines
        case .collection(let c):
            let props = c.properties.isEmpty ? "" : " " + c.properties
            if c.entries.isEmpty {
                out.append(head + props + (c.isMapping ? " {}" : " []") + trailing(entry))
                return
            }
            if comments.afterIndicator[entry.id] == nil, let flow = flowValue(entry.value) {
                let line = head + " " + flow + trailing(entry)
                if line.count <= Self.width {
                    out.append(line)
                    return
                }
            }
            let opener = comments.afterIndicator[entry.id].map { " " + $0.joined(separator: " ") } ?? ""
            var lines: [String] = []
            var inner = self
            // A list item's first key's comment lines go above the dash, so the mapping can
            // still begin on the dash's line.
            if entry.key == nil, props.isEmpty, opener.isEmpty, c.isMapping, let first = ordered(c).first,
               let above = comments.leading[first.id], !above.isEmpty {
                let dash = head.dropLast()
                for (n, comment) in above.enumerated() {
                    if n > 0, comment.blankAbove { out.append("") }
                    out.append(dash + comment.text)
                }
                inner.comments.leading[first.id] = nil
            }
            inner.block(c, indent: child, into: &lines)
            // A list item's mapping (or list) starts on the dash's line, as scenes are written,
            // unless something stands between them (an anchor, a comment).
            let compact = entry.key == nil && props.isEmpty && opener.isEmpty
                && lines.first.map { $0.hasPrefix(String(repeating: " ", count: child)) && $0.dropFirst(child).first != "#" } == true
            if compact, let first = lines.first {
                out.append(head + " " + first.dropFirst(child))
                out += lines.dropFirst()
            } else {
                out.append(head + props + opener)
                out += lines
            }
            if let last = comments.trailing[entry.id], !last.isEmpty {
                out[out.count - 1] += " " + last.joined(separator: " ")
            }
        }
    }

    /// The value on one line, or nil when it takes block style: it holds a mapping inside a
    /// collection (a list of views, a view with a frame), a comment, a block scalar, or
    /// something written as nothing.
    func flowValue(_ value: FmtValue) -> String? {
        switch value {
        case .scalar(let s):
            guard s.block == nil, !s.isEmptyNull else { return nil }
            return (s.properties.isEmpty ? "" : s.properties + " ") + FmtScalars.written(s.text, isPlain: s.isPlain, flow: true)
        case .alias(let name, _):
            return name
        case .verbatim(let v):
            return v.wasFlow && v.lines.count == 1 ? v.lines[0] : nil
        case .collection(let c):
            var parts: [String] = []
            for entry in ordered(c) {
                // The cheap refusals first: a comment is looked for through the whole entry.
                if case .collection(let inner) = entry.value, inner.isMapping { return nil }
                if case .verbatim = entry.value { return nil }
                if case .alias(_, mapping: true) = entry.value { return nil }
                if comments.touches(entry) { return nil }
                guard let text = flowValue(entry.value) else { return nil }
                if let key = entry.key {
                    parts.append(FmtScalars.written(key, isPlain: entry.keyPlain, flow: true) + ": " + text)
                } else {
                    parts.append(text)
                }
            }
            let props = c.properties.isEmpty ? "" : c.properties + " "
            return props + (c.isMapping ? "{" + parts.joined(separator: ", ") + "}" : "[" + parts.joined(separator: ", ") + "]")
        }
    }

    /// The entries in the registry's key order (stable: keys it does not know keep their order,
    /// after those it knows); as written where the order could matter.
    func ordered(_ c: FmtCollection) -> [FmtEntry] {
        guard c.isMapping, !c.holdsReferences, !(keepTopOrder && c.role == .root) else { return c.entries }
        let keys = c.entries.compactMap(\.key)
        guard Set(keys).count == keys.count else { return c.entries }
        let rank = Self.rank(for: c)
        return c.entries.enumerated().sorted { a, b in
            let ra = rank(a.element.key ?? ""), rb = rank(b.element.key ?? "")
            return ra != rb ? ra < rb : a.offset < b.offset
        }.map(\.element)
    }

    static let viewLeading = ["id", "type", "style", "frame", "size"]

    static func rank(for c: FmtCollection) -> (String) -> Int {
        func listed(_ list: [String]) -> (String) -> Int {
            let table = Dictionary(list.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            return { table[$0] ?? list.count }
        }
        switch c.role {
        case .root: return listed(SceneChecker.topKeys)
        case .canvas: return listed(SceneAddress.canvasAttributes)
        case .timeline: return listed(TimelineChecker.timelineKeys)
        case .animation: return listed(TimelineChecker.animationKeys)
        case .keyframe: return listed(TimelineChecker.keyframeKeys)
        case .frame: return listed(FrameChecker.frameKeys)
        case .view:
            // id and type name the view; then where it is; then its kind's attributes in the
            // registry's order (its own, then the layer's); children last, below everything
            // that describes the view itself.
            var kind: ViewType?
            for entry in c.entries where entry.key == "type" {
                if case .scalar(let s) = entry.value { kind = ViewType(rawValue: s.text) }
            }
            var list = viewLeading + (kind?.kind.attributes.map(\.name) ?? [])
            let known = list.count
            list += Registry.containerKeys
            let table = Dictionary(list.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            return { key in
                guard let rank = table[key] else { return known }
                return rank >= known ? rank + 1 : rank
            }
        case .views, .animations, .keyframes, .other: return { _ in 0 }
        }
    }
}
