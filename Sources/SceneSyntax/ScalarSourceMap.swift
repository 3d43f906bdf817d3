/// Where each character of a scalar's text is written in the source, in any scalar style: plain
/// (folded over lines), single-quoted (`''`), double-quoted (escapes, `\` line continuations) and
/// block (`|`, `>`). The reader gives only the whole scalar's range; a `{view.attribute}` inside
/// a text needs its own, for messages, rename and the editor's cursor. Worked out on demand from
/// the source text, only for the few scalars that need it.
public struct ScalarSourceMap: Sendable {
    private enum Places: Sendable {
        /// Written character for character on one line from this column (plain, or quoted without escapes).
        case oneLine(SourceLocation)
        /// The source range of each Unicode scalar of the text (an escape such as `\u00e9` is one).
        case scanned([SourceRange])
    }

    private let places: Places
    private let text: String
    /// Characters and Unicode scalars count alike (every scene's ids and most texts).
    private let ascii: Bool

    /// The map of `text`, the value the reader made of the scalar written at `range` in `file`;
    /// nil when the written form cannot be followed (an alias, a tag, text that is not there).
    public init?(text: String, writtenAt range: SourceRange, in file: SourceFile) {
        guard !range.isNone else { return nil }
        self.text = text
        ascii = text.utf8.allSatisfy { $0 < 0x80 }
        let count = ascii ? text.utf8.count : text.unicodeScalars.count
        let width = range.end.column - range.start.column
        // One line as wide as the text (plus its two quotes): nothing is escaped or folded, so
        // each character is where the arithmetic says. Escapes and doubled quotes only widen.
        if range.start.line == range.end.line, width == count || width == count + 2,
           let first = file.text(line: range.start.line, fromColumn: range.start.column, count: 1)?.unicodeScalars.first,
           !"*&!".unicodeScalars.contains(first) {
            let quoted = first == "\"" || first == "'"
            if quoted == (width == count + 2) {
                places = .oneLine(SourceLocation(line: range.start.line, column: range.start.column + (quoted ? 1 : 0)))
                return
            }
        }
        var scanner = Scanner(file: file, range: range)
        guard let scanned = scanner.map(text) else { return nil }
        places = .scanned(scanned)
    }

    /// The source range of characters `offset..<offset + length` of the text (characters as
    /// Swift counts them, as `TextTemplate` does). A range spanning lines ends where its last
    /// character does.
    public func range(offset: Int, length: Int) -> SourceRange? {
        guard offset >= 0, length >= 0, let (first, end) = scalarOffsets(offset, offset + length) else { return nil }
        switch places {
        case .oneLine(let start):
            return SourceRange(start: SourceLocation(line: start.line, column: start.column + first),
                               end: SourceLocation(line: start.line, column: start.column + end))
        case .scanned(let scalars):
            guard end > first else {
                let at = first < scalars.count ? scalars[first].start : scalars.last?.end ?? SourceLocation(line: 0, column: 0)
                return SourceRange(start: at, end: at)
            }
            return SourceRange(start: scalars[first].start, end: scalars[end - 1].end)
        }
    }

    /// Unicode scalar offsets of character offsets `a` and `b` (a ≤ b); nil past the text.
    private func scalarOffsets(_ a: Int, _ b: Int) -> (Int, Int)? {
        if ascii { return b <= text.utf8.count ? (a, b) : nil }
        var characters = 0, scalars = 0, first = 0
        for c in text {
            if characters == a { first = scalars }
            if characters == b { return (first, scalars) }
            characters += 1
            scalars += c.unicodeScalars.count
        }
        if characters == a { first = scalars }
        return characters == b ? (first, scalars) : nil
    }
}

/// Walks the written scalar and the text the reader made of it side by side.
private struct Scanner {
    let file: SourceFile
    let range: SourceRange
    /// The written scalar, line by line (1-based line numbers), as Unicode scalars.
    var line: Int
    var column: Int
    var lineText: [Unicode.Scalar]

    init(file: SourceFile, range: SourceRange) {
        self.file = file
        self.range = range
        line = range.start.line
        column = range.start.column
        lineText = Self.scalars(of: line, in: file) ?? []
    }

    /// Longer lines are not followed: each map reads its lines whole, and a hostile file of
    /// thousands of texts on one line would cost the square of its length.
    static let longestLine = 4096

    static func scalars(of line: Int, in file: SourceFile) -> [Unicode.Scalar]? {
        guard let bytes = file.lineBytes(line), bytes.count <= longestLine else { return nil }
        return Array(String(decoding: file.bytes[bytes], as: UTF8.self).unicodeScalars)
    }

    /// Whether every line the scalar is written on can be read.
    var readable: Bool {
        (range.start.line...Swift.max(range.start.line, range.end.line)).allSatisfy { file.lineBytes($0).map { $0.count <= Self.longestLine } ?? true }
    }

    var current: Unicode.Scalar? {
        let i = column - 1
        return i >= 0 && i < lineText.count ? lineText[i] : (i == lineText.count ? "\n" : nil)
    }

    var location: SourceLocation { SourceLocation(line: line, column: column) }

    /// Past the scalar's range.
    var pastEnd: Bool { location >= range.end || current == nil }

    mutating func advance(_ n: Int = 1) {
        for _ in 0..<n {
            if column - 1 >= lineText.count {
                line += 1
                column = 1
                lineText = Self.scalars(of: line, in: file) ?? []
            } else {
                column += 1
            }
        }
    }

    mutating func map(_ text: String) -> [SourceRange]? {
        guard readable else { return nil }
        var style: Unicode.Scalar = " "
        switch current {
        case "\"", "'":
            style = current ?? " "
            advance()
        case "|", ">":
            // The header (`|-`, `>2`, a comment) ends its line; the text starts on the next.
            style = "|"
            while current != "\n", current != nil { advance() }
            advance()
        case "*", "!", "&", nil:
            return nil  // an alias's text is written at its anchor; tags and anchors are not followed
        default:
            break
        }
        var out: [SourceRange] = []
        out.reserveCapacity(text.unicodeScalars.count)
        for wanted in text.unicodeScalars {
            // Source characters the text does not hold (indentation, folded line breaks, quotes
            // doubled or escaped) are passed over until the one that writes `wanted`.
            while true {
                guard !pastEnd, let c = current else { return nil }
                if style == "\"", c == "\\" {
                    let (decoded, length) = escape()
                    if decoded == wanted {
                        let start = location
                        advance(length)
                        out.append(SourceRange(start: start, end: location))
                        break
                    }
                    advance(length)  // a line continuation, or an escape that is not this character
                    continue
                }
                if c == wanted {
                    let start = location
                    advance()
                    out.append(SourceRange(start: start, end: location))
                    break
                }
                advance()
            }
        }
        return out
    }

    /// The character a `\` escape at the cursor writes and the columns it takes (nil for `\`
    /// before a line break, which continues the line).
    func escape() -> (Unicode.Scalar?, Int) {
        let i = column - 1
        guard i + 1 < lineText.count else { return (nil, 1) }
        let simple: [Unicode.Scalar: Unicode.Scalar] = [
            "0": "\0", "a": "\u{07}", "b": "\u{08}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{0B}", "f": "\u{0C}",
            "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}",
            "L": "\u{2028}", "P": "\u{2029}",
        ]
        let kind = lineText[i + 1]
        if let s = simple[kind] { return (s, 2) }
        let digits: Int
        switch kind {
        case "x": digits = 2
        case "u": digits = 4
        case "U": digits = 8
        default: return (nil, 2)
        }
        guard i + 2 + digits <= lineText.count,
              let code = UInt32(String(String.UnicodeScalarView(lineText[(i + 2)..<(i + 2 + digits)])), radix: 16) else {
            return (nil, 2)
        }
        return (Unicode.Scalar(code), 2 + digits)
    }
}
