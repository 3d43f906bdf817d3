import SceneSyntax

/// Where a node's own text lies. The reader expands an alias into the anchored node, range and
/// all, so an alias is recognised by where its range lies: an anchor always comes before its
/// aliases, so a node whose range starts before the place it is used at was reached through
/// an alias. Editing that text would change every other user of the anchor.
extension SourceText {
    /// Whether the pair's value is an alias (`key: *name`): it lies before its own key.
    func valueIsAlias(_ pair: Node.Pair) -> Bool {
        pair.value.range.start < pair.keyRange.end
    }

    /// Which items of a sequence are aliases (`- *name`). A written item starts after the
    /// sequence's start and after every written item before it; an alias's range lies in
    /// an anchor before its place (before the sequence, or inside an earlier written item).
    func aliasedItems(of sequence: Node) -> [Bool] {
        var cursor = sequence.range.start
        return (sequence.sequence ?? []).map { item in
            if item.range.start < cursor { return true }
            cursor = item.range.end
            return false
        }
    }

    /// Whether a collection is written in flow style (`{…}`, `[…]`) rather than block style.
    func isFlow(_ node: Node) -> Bool {
        let i = skipProperties(offset(node.range.start))
        return byte(i) == UInt8(ascii: "{") || byte(i) == UInt8(ascii: "[")
    }

    /// The name of the node's anchor (`&name`), if it has one.
    func anchor(of node: Node) -> String? {
        var i = offset(node.range.start)
        guard byte(i) == UInt8(ascii: "&") else { return nil }
        let start = i + 1
        while let b = byte(i), !Self.isBlank(b), Self.lineBreakWidth(bytes, at: i) == 0 { i += 1 }
        return String(decoding: bytes[start..<i], as: UTF8.self)
    }

    /// Where the node's value text begins: after its anchor and tag.
    func valueStart(_ node: Node) -> Int {
        skipProperties(offset(node.range.start))
    }

    /// Where the node's text ends, without what libyaml counts after it: a block collection
    /// ends where the next token begins (after blank lines and comments), and a block scalar
    /// after its line breaks. nil when its last item is an alias, whose token the tree lacks.
    func contentEnd(_ node: Node) -> Int? {
        let start = offset(node.range.start), end = offset(node.range.end)
        switch node.content {
        case .scalar:
            var e = end
            while e > start, let b = byte(e - 1), Self.isBlank(b) || b == 0x0A || b == 0x0D { e -= 1 }
            return e
        case .sequence(let items):
            guard !isFlow(node), let last = items.last else { return end }
            if aliasedItems(of: node).last == true { return nil }
            return contentEnd(last)
        case .mapping(let pairs):
            guard !isFlow(node), let last = pairs.last else { return end }
            return valueEnd(last)
        }
    }

    /// Where a pair's value text ends: its alias token's end, or the value's own end.
    func valueEnd(_ pair: Node.Pair) -> Int? {
        if valueIsAlias(pair) {
            return aliasToken(keyEnd: offset(pair.keyRange.end))?.upperBound
        }
        return contentEnd(pair.value)
    }

    /// The spaces that indent a block node starting at `i`: the line's leading spaces when
    /// only spaces stand before it, else as many spaces as its column (a first key after
    /// `- ` is indented by the dash and its space).
    func indent(at i: Int) -> [UInt8] {
        let start = lineStart(i)
        let prefix = bytes[start..<i]
        if prefix.allSatisfy({ $0 == 0x20 }) { return Array(prefix) }
        let column = String(decoding: prefix, as: UTF8.self).unicodeScalars.count
        return Array(repeating: 0x20, count: column)
    }
}
