import SceneSyntax

/// Where each comment goes: above the entry that follows it (a comment line), or after the
/// entry whose line it ends (an end-of-line comment), or after the colon or dash whose value
/// is on the lines below. Comments past the last entry close the file.
struct FmtComments {
    var leading: [Int: [FmtComment]] = [:]
    var trailing: [Int: [String]] = [:]
    var afterIndicator: [Int: [String]] = [:]
    var closing: [FmtComment] = []
    /// Entries with a blank line above them (or above their first comment line).
    var blankAbove: Set<Int> = []

    var isEmpty: Bool { leading.isEmpty && trailing.isEmpty && afterIndicator.isEmpty }

    /// Whether a comment hangs on this entry or any inside it: such a collection is laid out in
    /// block style, where every comment has a line to stand on.
    func touches(_ entry: FmtEntry) -> Bool {
        if leading[entry.id] != nil || trailing[entry.id] != nil || afterIndicator[entry.id] != nil { return true }
        return entry.value.entries.contains(where: touches)
    }
}

extension FmtTreeBuilder {
    /// Every `#` comment outside the claimed ranges, and every `<<` key (a merge) there.
    func scan() -> (comments: [FmtComment], merges: [Int]) {
        let ranges = claimed.sorted { $0.lowerBound < $1.lowerBound }
        var comments: [FmtComment] = [], merges: [Int] = []
        var next = 0, i = 0
        let bytes = text.bytes
        while i < bytes.count {
            while next < ranges.count, ranges[next].upperBound <= i { next += 1 }
            if next < ranges.count, ranges[next].contains(i) {
                i = ranges[next].upperBound
                continue
            }
            let b = bytes[i]
            let afterBlank = i == 0 || SourceText.isBlank(bytes[i - 1]) || SourceText.lineBreakWidth(bytes, at: i - 1) > 0
                || (i >= 3 && bytes[i - 3] == 0xEF && bytes[i - 2] == 0xBB && bytes[i - 1] == 0xBF)
            if b == UInt8(ascii: "#"), afterBlank {
                let end = text.lineEnd(i)
                let lineStart = text.lineStart(i)
                let ownLine = bytes[lineStart..<i].allSatisfy { SourceText.isBlank($0) || $0 == 0xEF || $0 == 0xBB || $0 == 0xBF }
                comments.append(FmtComment(offset: i, text: String(decoding: bytes[i..<end], as: UTF8.self).trimmingTrailingBlanks,
                                           ownLine: ownLine, blankAbove: blankLineAbove(i)))
                i = end
                continue
            }
            if b == UInt8(ascii: "<"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "<") {
                merges.append(i)
            }
            i += 1
        }
        return (comments, merges)
    }

    /// Whether the line above the one holding `i` is blank.
    func blankLineAbove(_ i: Int) -> Bool {
        let start = text.lineStart(i)
        guard start > 0 else { return false }
        let above = text.lineStart(start - 1)
        return text.bytes[above..<start].allSatisfy { SourceText.isBlank($0) || $0 == 0x0A || $0 == 0x0D }
            && above != start
    }

    /// Hangs the comments on the entries (listed in document order).
    func place(_ comments: [FmtComment], on entries: [FmtEntry]) -> FmtComments {
        var placed = FmtComments()
        for entry in entries where blankLineAbove(entry.start) { placed.blankAbove.insert(entry.id) }
        let inside = verbatimRanges
        // The entries ending, or with an indicator, on each line: a comment looks only at its own.
        var onLine: [Int: [FmtEntry]] = [:]
        for entry in entries {
            let endLine = text.lineStart(Swift.max(entry.end - 1, 0))
            onLine[endLine, default: []].append(entry)
            if let indicator = entry.indicator, text.lineStart(indicator) != endLine {
                onLine[text.lineStart(indicator), default: []].append(entry)
            }
        }
        for comment in comments where !inside.contains(where: { $0.contains(comment.offset) }) {
            if !comment.ownLine {
                // The entry whose end or indicator stands last before it on its line.
                let line = text.lineStart(comment.offset)
                var best: (offset: Int, id: Int, indicator: Bool)?
                for entry in onLine[line] ?? [] {
                    if entry.end <= comment.offset, text.lineStart(Swift.max(entry.end - 1, 0)) == line,
                       entry.end >= best?.offset ?? 0 {
                        best = (entry.end, entry.id, false)
                    }
                    if let indicator = entry.indicator, indicator < comment.offset, text.lineStart(indicator) == line,
                       entry.end > comment.offset, indicator >= best?.offset ?? 0 {
                        best = (indicator, entry.id, true)
                    }
                }
                if let best {
                    if best.indicator {
                        placed.afterIndicator[best.id, default: []].append(comment.text)
                    } else {
                        placed.trailing[best.id, default: []].append(comment.text)
                    }
                    continue
                }
            }
            // The first entry after it (entries are sorted by where they start).
            var low = 0, high = entries.count
            while low < high {
                let mid = (low + high) / 2
                if entries[mid].start > comment.offset { high = mid } else { low = mid + 1 }
            }
            if low < entries.count {
                placed.leading[entries[low].id, default: []].append(comment)
            } else {
                placed.closing.append(comment)
            }
        }
        return placed
    }
}

extension FmtValue {
    /// Every entry in it, in document order (an entry before those inside it).
    var allEntries: [FmtEntry] {
        var out: [FmtEntry] = []
        func walk(_ value: FmtValue) {
            for entry in value.entries {
                out.append(entry)
                walk(entry.value)
            }
        }
        walk(self)
        return out.sorted { ($0.start, $0.id) < ($1.start, $1.id) }
    }
}
