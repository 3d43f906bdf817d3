/// Applies the edits of one fix as `check --diagnostics json` gives them —
/// `{"line", "column", "endLine", "endColumn", "newText"}`, 1-based, columns in characters, end
/// exclusive — to the text they were made for: what an editor or a script does with a fix.
/// nil when an edit lies outside the text or edits overlap. (Lines end in LF: Swift reads a
/// CR LF as one character.)
public func applyingFixEdits(_ edits: [[String: Any]], to text: String) -> String? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
    /// The character offset of a line:column in the whole text (lines joined by one "\n").
    func offset(_ line: Int, _ column: Int) -> Int? {
        guard line >= 1, line <= lines.count, column >= 1, column - 1 <= lines[line - 1].count else { return nil }
        return lines[..<(line - 1)].reduce(0) { $0 + $1.count + 1 } + column - 1
    }
    var all = Array(text)
    var ranges: [(Range<Int>, String)] = []
    for edit in edits {
        guard let l = edit["line"] as? Int, let c = edit["column"] as? Int, let el = edit["endLine"] as? Int,
              let ec = edit["endColumn"] as? Int, let newText = edit["newText"] as? String,
              let start = offset(l, c), let end = offset(el, ec), start <= end else { return nil }
        ranges.append((start..<end, newText))
    }
    ranges.sort { $0.0.lowerBound > $1.0.lowerBound }
    for (i, (range, newText)) in ranges.enumerated() {
        if i > 0, range.upperBound > ranges[i - 1].0.lowerBound { return nil }
        all.replaceSubrange(range, with: Array(newText))
    }
    return String(all)
}
