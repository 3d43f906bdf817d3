import SceneCheck
import SceneModel
import SceneSyntax

/// A view moved to another place in its own list (`views`, or its container's `children`):
/// the order a stack or grid places its children in, and the order views are drawn in.
public struct ViewMove: Sendable, Hashable, CustomStringConvertible {
    public var view: ViewPath
    /// Its index in the list once moved, counted as the list stands with it there (0 first).
    public var to: Int

    public init(view: ViewPath, to: Int) {
        self.view = view
        self.to = to
    }

    /// False for a move to the index the view already has, which changes nothing.
    public var leavesItsPlace: Bool { view.indices.last != to }

    /// `move views[0].children[2] to 0`: how messages name it.
    public var description: String { "move \(view) to \(to)" }

    func error(_ message: String, notes: [String] = []) -> Diagnostic {
        Diagnostic(.error, message, at: .none, origin: description, notes: notes, code: .editRefused)
    }
}

extension EditPlanner {
    /// The text with the item `move.view` taken out of its list and put back at `move.to`.
    /// A block item moves with its lines, the comment lines right above it and the comment on
    /// its last line; blank lines stay where they are. A flow item (`[{…}, {…}]`) moves as its
    /// text, the commas and what lies between items staying.
    func move(_ move: ViewMove) -> Result<[UInt8], Diagnostic> {
        let top = root.mapping ?? []
        guard let viewsPair = top.first(where: { $0.key == "views" }) else { return .failure(move.error("the file has no views")) }
        if case .failure(let missing) = move.view.node(inViews: viewsPair.value) {
            return .failure(move.error(missing.message))
        }
        // The list holding the view: `views`, or the parent's `children`.
        var list = viewsPair
        var place = "views"
        if let parent = move.view.parent {
            guard case .success(let container) = parent.node(inViews: viewsPair.value),
                  let children = container.mapping?.first(where: { $0.key == "children" }) else {
                return .failure(move.error("cannot find the list holding \(move.view) in the file"))
            }
            list = children
            place = "\(parent).children"
        }
        let items = list.value.sequence ?? []
        let from = move.view.indices.last ?? 0
        guard items.indices.contains(move.to) else {
            let (one, many) = move.view.parent == nil ? ("view", "views") : ("child", "children")
            return .failure(move.error("\(place) holds \(items.count) \(items.count == 1 ? one : many): to must be 0 to \(items.count - 1), not \(move.to)"))
        }
        if text.valueIsAlias(list) {
            return .failure(move.error("\(place) is written with an alias (*name); reorder it by hand"))
        }
        if let aliased = text.aliasedItems(of: list.value).firstIndex(of: true) {
            return .failure(move.error("\(place)[\(aliased)] is written as an alias (*name); reorder \(place) by hand"))
        }
        guard move.leavesItsPlace else { return .success(text.bytes) }
        let pieces = text.isFlow(list.value) ? flowPieces(items) : blockPieces(items)
        guard var pieces else {
            return .failure(move.error("cannot find where the items of \(place) are written in the file",
                                       notes: ["reorder them by hand"]))
        }
        let lastIndex = pieces.items.count - 1
        if pieces.missingBreak { pieces.items[lastIndex] += text.lineBreak(at: 0) }
        let moved = pieces.items.remove(at: from)
        pieces.items.insert(moved, at: move.to)
        if pieces.missingBreak {
            // The file ended without a line break, and still does.
            let last = pieces.items[lastIndex]
            let width = last.suffix(2) == [0x0D, 0x0A] ? 2 : last.last == 0x0A || last.last == 0x0D ? 1 : 0
            pieces.items[lastIndex].removeLast(width)
        }
        return .success(pieces.joined())
    }

    /// The list's text cut into its items and what lies around and between them.
    struct Pieces {
        var before: [UInt8]
        var items: [[UInt8]]
        /// What lies between item i and item i + 1: stays in place.
        var gaps: [[UInt8]]
        var after: [UInt8]
        /// The last block item ends the file without a line break: one is lent to it while it
        /// moves and taken from whichever item ends up last.
        var missingBreak = false

        func joined() -> [UInt8] {
            var out = before
            for (i, item) in items.enumerated() {
                out += item
                if i < gaps.count { out += gaps[i] }
            }
            return out + after
        }
    }

    private func cut(_ ranges: [Range<Int>]) -> Pieces? {
        guard let first = ranges.first, let last = ranges.last,
              zip(ranges, ranges.dropFirst()).allSatisfy({ $0.upperBound <= $1.lowerBound }) else { return nil }
        let bytes = text.bytes
        return Pieces(before: Array(bytes[..<first.lowerBound]),
                      items: ranges.map { Array(bytes[$0]) },
                      gaps: zip(ranges, ranges.dropFirst()).map { Array(bytes[$0.upperBound..<$1.lowerBound]) },
                      after: Array(bytes[last.upperBound...]))
    }

    /// Each flow item's own text, anchor and all.
    private func flowPieces(_ items: [Node]) -> Pieces? {
        var ranges: [Range<Int>] = []
        for item in items {
            let start = text.offset(item.range.start)
            guard let end = text.contentEnd(item), start < end else { return nil }
            ranges.append(start..<end)
        }
        return cut(ranges)
    }

    /// Each block item's lines: from the comment lines right above its `- ` line to the line
    /// break ending its last line.
    private func blockPieces(_ items: [Node]) -> Pieces? {
        var ranges: [Range<Int>] = []
        var floor = 0
        for item in items {
            let start = text.offset(item.range.start)
            var first = text.lineStart(start)
            guard text.bytes[first..<start].allSatisfy({ $0 == 0x20 || $0 == UInt8(ascii: "-") }),
                  text.bytes[first..<start].contains(UInt8(ascii: "-")),
                  let end = text.contentEnd(item) else { return nil }
            // Own-line comments right above (no blank line between) belong to the item.
            while first > floor {
                let above = text.lineStart(first - 1)
                let lead = text.skipBlanks(above)
                guard above >= floor, text.byte(lead) == UInt8(ascii: "#") else { break }
                first = above
            }
            let lineEnd = text.lineEnd(end)
            let stop = lineEnd + SourceText.lineBreakWidth(text.bytes, at: lineEnd)
            ranges.append(first..<stop)
            floor = stop
        }
        var pieces = cut(ranges)
        if ranges.last?.upperBound == text.bytes.count, let b = text.bytes.last, b != 0x0A, b != 0x0D {
            pieces?.missingBreak = true
        }
        return pieces
    }
}
