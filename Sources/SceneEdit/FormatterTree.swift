import SceneSyntax

/// The scene as `fmt` lays it out: the node tree, but as it is written — aliases as `*name`
/// (the reader expands them), anchors and tags kept, a mapping holding a `<<` merge kept as its
/// lines — with every comment hung on the entry it belongs to. libyaml drops comments, so they
/// are found in the source text, outside every scalar's range.
struct FmtEntry {
    /// Numbered in document order, so comments can be hung on an entry by its number.
    var id: Int
    /// A mapping entry's key as read, and whether it was written unquoted; nil for a list item.
    var key: String?
    var keyPlain = true
    var value: FmtValue
    /// Where the entry's text begins (its key, or its dash) and ends (its value's last byte).
    var start: Int
    var end: Int
    /// The colon after the key or the item's dash: a comment after it, with the value on the
    /// lines below, stays after it.
    var indicator: Int?
}

indirect enum FmtValue {
    case scalar(FmtScalar)
    /// `*name`, and whether what it names is a mapping (which a flow collection does not hold).
    case alias(String, mapping: Bool)
    case collection(FmtCollection)
    /// A mapping holding a `<<` merge: the reader merges the keys in, so what is written is
    /// only in the text; its lines are kept as they are, moved to the new indent.
    case verbatim(FmtVerbatim)
}

struct FmtScalar {
    var text: String
    var isPlain: Bool
    /// Anchor and tag (`&base !!str`), as written.
    var properties: String
    /// A block scalar (`|`, `>-`, …): its header and its content lines without their indent.
    var block: (header: String, lines: [String])?

    /// Written as nothing (`key:`): only a block layout can say that.
    var isEmptyNull: Bool { block == nil && isPlain && text.isEmpty }
}

struct FmtCollection {
    var isMapping: Bool
    var properties: String
    var entries: [FmtEntry]
    /// What it is in a scene (the top, a view, a frame…): which key order it takes.
    var role: FmtRole
    /// Whether an anchor, an alias or a merge lies in it: moving its keys could put an alias
    /// before its anchor, so its order stays as written.
    var holdsReferences: Bool
}

struct FmtVerbatim {
    var lines: [String]
    /// The column (0-based, in characters) its first line began at.
    var column: Int
    var wasFlow: Bool
}

/// Where a collection stands in a scene, for its key order.
enum FmtRole {
    case root, canvas, views, view, frame, timeline, animations, animation, keyframes, keyframe, other

    /// The role of the value of `key` in a collection of this role.
    func child(_ key: String?) -> FmtRole {
        switch (self, key) {
        case (_, "views"?), (.view, "children"?): return .views
        case (.views, nil): return .view
        case (.view, "frame"?): return .frame
        case (.root, "canvas"?): return .canvas
        case (.root, "timeline"?): return .timeline
        case (.timeline, "animations"?): return .animations
        case (.animations, nil): return .animation
        case (.animation, "keyframes"?): return .keyframes
        case (.keyframes, nil): return .keyframe
        default: return .other
        }
    }
}

/// A `#` comment found in the text.
struct FmtComment {
    var offset: Int
    var text: String
    /// Whether only blanks stand before it on its line.
    var ownLine: Bool
    /// Whether a blank line stands just above it.
    var blankAbove: Bool
}

/// Builds the layout tree from the reader's nodes and the text.
struct FmtTreeBuilder {
    let text: SourceText
    /// Byte ranges some node's text covers: a `#` in them is no comment.
    var claimed: [Range<Int>] = []
    /// Mappings to keep as written (they hold a `<<` found in the text), by their start.
    var verbatimStarts: Set<Int> = []
    var verbatimRanges: [Range<Int>] = []
    var nextID = 0
    /// The column of the key or dash whose value is being built: a block scalar's indentation
    /// indicator counts from it.
    var parentColumn = 0

    init(text: SourceText, verbatimStarts: Set<Int> = []) {
        self.text = text
        self.verbatimStarts = verbatimStarts
    }

    mutating func newID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    func properties(_ node: Node) -> String {
        let start = text.offset(node.range.start), valueStart = text.valueStart(node)
        guard valueStart > start else { return "" }
        let written = String(decoding: text.bytes[start..<valueStart], as: UTF8.self)
        return written.split(whereSeparator: { $0 == " " || $0 == "\t" || $0.isNewline }).joined(separator: " ")
    }

    /// Where a node's text ends; a collection's end is its last entry's.
    func end(of node: Node, entries: [FmtEntry]) -> Int {
        if case .scalar = node.content { return text.contentEnd(node) ?? text.offset(node.range.end) }
        if text.isFlow(node) || entries.isEmpty { return text.offset(node.range.end) }
        return entries.last?.end ?? text.offset(node.range.end)
    }

    mutating func build(_ node: Node, role: FmtRole) -> FmtValue {
        switch node.content {
        case .scalar(let s):
            let start = text.valueStart(node), end = text.contentEnd(node) ?? text.offset(node.range.end)
            claimed.append(text.offset(node.range.start)..<Swift.max(end, start))
            var scalar = FmtScalar(text: s.text, isPlain: s.isPlain, properties: properties(node))
            if let b = text.byte(start), b == UInt8(ascii: "|") || b == UInt8(ascii: ">") {
                scalar.block = blockScalar(from: start, to: text.offset(node.range.end), parentColumn: parentColumn,
                                           endsInLineBreak: s.text.isEmpty || s.text.hasSuffix("\n"))
            }
            return .scalar(scalar)
        case .sequence(let items):
            let aliased = text.aliasedItems(of: node)
            let flow = text.isFlow(node)
            var cursor = text.skipProperties(text.offset(node.range.start))
            if flow { cursor += 1 }
            var entries: [FmtEntry] = []
            var references = !properties(node).isEmpty && properties(node).contains("&")
            for (index, item) in items.enumerated() {
                let id = newID()
                // The dash (block) or the item's first byte (flow).
                var at = text.skipSpace(cursor)
                if flow, text.byte(at) == UInt8(ascii: ",") { at = text.skipSpace(at + 1) }
                let dash = !flow && text.byte(at) == UInt8(ascii: "-") ? at : nil
                let value: FmtValue, start: Int, end: Int
                if index < aliased.count, aliased[index], let token = aliasToken(after: dash.map { $0 + 1 } ?? at) {
                    value = .alias(String(decoding: text.bytes[token], as: UTF8.self), mapping: item.mapping != nil)
                    claimed.append(token)
                    start = dash ?? token.lowerBound
                    end = token.upperBound
                    references = true
                } else {
                    parentColumn = column(of: dash ?? at)
                    value = build(item, role: role.child(nil))
                    start = dash ?? text.offset(item.range.start)
                    end = self.end(of: item, entries: value.entries)
                    if value.holdsReferences { references = true }
                }
                entries.append(FmtEntry(id: id, key: nil, value: value, start: start, end: end, indicator: dash))
                cursor = end
            }
            return .collection(FmtCollection(isMapping: false, properties: properties(node), entries: entries,
                                             role: role, holdsReferences: references))
        case .mapping(let pairs):
            let start = text.offset(node.range.start)
            let keyStarts = pairs.map { text.offset($0.keyRange.start) }
            // Merged keys lie elsewhere (in the anchored mapping): out of order, or before it.
            let merged = keyStarts.contains { $0 < start } || zip(keyStarts, keyStarts.dropFirst()).contains { $0 >= $1 }
            if merged || verbatimStarts.contains(start) {
                return verbatim(node)
            }
            var entries: [FmtEntry] = []
            var references = properties(node).contains("&")
            for pair in pairs {
                let id = newID()
                let keyStart = text.offset(pair.keyRange.start), keyEnd = text.offset(pair.keyRange.end)
                claimed.append(keyStart..<keyEnd)
                let colon = text.afterColon(keyEnd: keyEnd).map { $0 - 1 }
                let value: FmtValue, end: Int
                if text.valueIsAlias(pair), let token = text.aliasToken(keyEnd: keyEnd) {
                    value = .alias(String(decoding: text.bytes[token], as: UTF8.self), mapping: pair.value.mapping != nil)
                    claimed.append(token)
                    end = token.upperBound
                    references = true
                } else {
                    parentColumn = column(of: keyStart)
                    value = build(pair.value, role: role.child(pair.key))
                    end = Swift.max(self.end(of: pair.value, entries: value.entries), keyEnd)
                    if value.holdsReferences { references = true }
                }
                let quote = text.byte(keyStart)
                entries.append(FmtEntry(id: id, key: pair.key,
                                        keyPlain: quote != UInt8(ascii: "\"") && quote != UInt8(ascii: "'"),
                                        value: value, start: keyStart, end: end, indicator: colon))
            }
            return .collection(FmtCollection(isMapping: true, properties: properties(node), entries: entries,
                                             role: role, holdsReferences: references))
        }
    }

    /// The `*name` token at or after `i` (past blanks, line breaks and comments).
    func aliasToken(after i: Int) -> Range<Int>? {
        let start = text.skipSpace(i)
        guard text.byte(start) == UInt8(ascii: "*") else { return nil }
        var end = start + 1
        let stops: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")]
        while let b = text.byte(end), !SourceText.isBlank(b), SourceText.lineBreakWidth(text.bytes, at: end) == 0,
              !stops.contains(b) {
            end += 1
        }
        return start..<end
    }

    mutating func verbatim(_ node: Node) -> FmtValue {
        let start = text.offset(node.range.start)
        let flow = text.isFlow(node)
        var end = flow ? text.offset(node.range.end) : (text.contentEnd(node) ?? text.offset(node.range.end))
        if !flow {
            // The last item may be an alias, whose token the tree lacks: the text up to the last
            // non-blank byte before the range's end, comments aside.
            end = text.offset(node.range.end)
            while end > start, let b = text.byte(end - 1), SourceText.isBlank(b) || b == 0x0A || b == 0x0D { end -= 1 }
            // Trailing comment lines belong to what follows.
            end = lastCodeEnd(start, end)
        }
        claimed.append(start..<end)
        verbatimRanges.append(start..<end)
        let lineStart = text.lineStart(start)
        let column = String(decoding: text.bytes[lineStart..<start], as: UTF8.self).unicodeScalars.count
        let written = String(decoding: text.bytes[start..<end], as: UTF8.self)
        let lines = written.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map { line in String(line.reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed()) }
        return .verbatim(FmtVerbatim(lines: lines, column: column, wasFlow: flow))
    }

    /// The end of the last line in `start..<end` that holds more than a comment.
    func lastCodeEnd(_ start: Int, _ end: Int) -> Int {
        var lineEnd = end
        while lineEnd > start {
            let lineStart = Swift.max(text.lineStart(lineEnd - 1), start)
            let first = text.skipBlanks(lineStart)
            if first < lineEnd, text.byte(first) != UInt8(ascii: "#") { return lineEnd }
            if lineStart == start { return lineEnd }
            var previous = lineStart
            while previous > start, let b = text.byte(previous - 1), b == 0x0A || b == 0x0D || SourceText.isBlank(b) { previous -= 1 }
            lineEnd = previous
        }
        return lineEnd
    }

    func column(of offset: Int) -> Int { offset - text.lineStart(offset) }

    /// A block scalar's header and its lines, their common indent taken off: with an
    /// indentation indicator, the indent it says (from `parentColumn`), and the indicator then
    /// says 2, the indent `fmt` writes the lines at. A scalar the file's end cut before its line
    /// break (`|` with the text last) is written `|-`, which reads the same once a line break follows.
    func blockScalar(from start: Int, to end: Int, parentColumn: Int, endsInLineBreak: Bool) -> (header: String, lines: [String]) {
        let headerEnd = text.lineEnd(start)
        var header = String(decoding: text.bytes[start..<headerEnd], as: UTF8.self).trimmingTrailingBlanks
        let indicatorEnd = header.firstIndex(where: { $0 == " " || $0 == "\t" }) ?? header.endIndex
        var indicator = String(header[..<indicatorEnd])
        let stated = indicator.first(where: \.isNumber).flatMap { Int(String($0)) }
        if stated != nil { indicator = indicator.map { $0.isNumber ? "2" : String($0) }.joined() }
        if !endsInLineBreak {
            indicator = indicator.filter { $0 != "+" }
            if !indicator.contains("-") { indicator += "-" }
        }
        header = indicator + header[indicatorEnd...]
        var bodyStart = headerEnd + SourceText.lineBreakWidth(text.bytes, at: headerEnd)
        bodyStart = Swift.min(bodyStart, Swift.max(end, bodyStart))
        let body = bodyStart < end ? String(decoding: text.bytes[bodyStart..<end], as: UTF8.self) : ""
        var lines = body.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
            .map(String.init)
        if lines.last == "" { lines.removeLast() }
        let keep = header.contains("+")
        if !keep {
            while let last = lines.last, last.allSatisfy({ $0 == " " }) { lines.removeLast() }
        }
        let indent = stated.map { parentColumn + $0 }
            ?? lines.filter { !$0.allSatisfy({ $0 == " " }) }.map { $0.prefix(while: { $0 == " " }).count }.min() ?? 0
        let cut = lines.map { line -> String in
            line.allSatisfy({ $0 == " " }) && line.count <= indent ? "" : String(line.dropFirst(Swift.min(indent, line.prefix(while: { $0 == " " }).count)))
        }
        return (header, cut)
    }
}

extension FmtValue {
    var entries: [FmtEntry] {
        if case .collection(let c) = self { return c.entries }
        return []
    }

    var holdsReferences: Bool {
        switch self {
        case .scalar(let s): return s.properties.contains("&")
        case .alias, .verbatim: return true
        case .collection(let c): return c.holdsReferences || c.properties.contains("&")
        }
    }
}

extension String {
    var trimmingTrailingBlanks: String {
        String(reversed().drop(while: { $0 == " " || $0 == "\t" }).reversed())
    }
}
