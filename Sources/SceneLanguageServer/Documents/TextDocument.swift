import SceneCheck
import SceneSyntax

/// An open document's text as the editor has it, kept as UTF-8 bytes (what the checker reads)
/// with the start of each line, so LSP positions and scenec's 1-based line:column (columns
/// count Unicode scalars, as libyaml does) convert both ways. Lines end at `\n`, `\r\n` or a
/// lone `\r`, as LSP counts them.
struct TextDocument {
    let uri: String
    var version: Int
    private(set) var bytes: [UInt8]
    private(set) var lineStarts: [Int] = [0]

    init(uri: String, version: Int, text: String) {
        self.uri = uri
        self.version = version
        bytes = Array(text.utf8)
        indexLines()
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Applies one `contentChanges` item: a range and its new text, or the whole text.
    mutating func apply(range: LSPRange?, text: String, encoding: PositionEncoding) {
        guard let range else {
            bytes = Array(text.utf8)
            indexLines()
            return
        }
        let lo = offset(of: range.start, encoding: encoding)
        let hi = Swift.max(lo, offset(of: range.end, encoding: encoding))
        bytes.replaceSubrange(lo..<hi, with: Array(text.utf8))
        indexLines()
    }

    private mutating func indexLines() {
        var starts = [0]
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A {
                starts.append(i + 1)
            } else if bytes[i] == 0x0D {
                if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        lineStarts = starts
    }

    var lineCount: Int { lineStarts.count }

    /// The bytes of zero-based line `n` without its line break.
    func lineRange(_ n: Int) -> Range<Int> {
        let n = Swift.max(0, Swift.min(n, lineStarts.count - 1))
        let start = lineStarts[n]
        var end = n + 1 < lineStarts.count ? lineStarts[n + 1] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    func lineText(_ n: Int) -> String { String(decoding: bytes[lineRange(n)], as: UTF8.self) }

    /// The byte offset of an LSP position; positions past a line's end or the document's end
    /// are clamped to it, and one inside a character to its start.
    func offset(of p: Position, encoding: PositionEncoding) -> Int {
        if p.line < 0 { return 0 }
        if p.line >= lineStarts.count { return bytes.count }
        let line = lineRange(p.line)
        var units = 0, offset = line.lowerBound
        for scalar in String(decoding: bytes[line], as: UTF8.self).unicodeScalars {
            let w = encoding.width(scalar)
            if units + w > p.character { break }
            units += w
            offset += UTF8.width(scalar)
        }
        return offset
    }

    /// The LSP position of a byte offset.
    func position(ofByte offset: Int, encoding: PositionEncoding) -> Position {
        let offset = Swift.max(0, Swift.min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        let prefix = String(decoding: bytes[lineStarts[low]..<Swift.max(lineStarts[low], offset)], as: UTF8.self)
        return Position(line: low, character: prefix.unicodeScalars.reduce(0) { $0 + encoding.width($1) })
    }

    /// The LSP position of scenec's 1-based line and column. A column past the line's end
    /// (an error at the end of a line) keeps its distance, one unit a column.
    func position(of location: SourceLocation, encoding: PositionEncoding) -> Position {
        let line = Swift.max(0, location.line - 1)
        guard line < lineStarts.count else { return Position(line: line, character: Swift.max(0, location.column - 1)) }
        var units = 0, column = 1
        for scalar in lineText(line).unicodeScalars {
            if column >= location.column { break }
            units += encoding.width(scalar)
            column += 1
        }
        return Position(line: line, character: units + Swift.max(0, location.column - column))
    }

    func range(of source: SourceRange, encoding: PositionEncoding) -> LSPRange {
        LSPRange(start: position(of: source.start, encoding: encoding), end: position(of: source.end, encoding: encoding))
    }

    /// scenec's 1-based line and column of an LSP position.
    func location(of p: Position, encoding: PositionEncoding) -> SourceLocation {
        let offset = offset(of: p, encoding: encoding)
        let line = lineRange(Swift.min(Swift.max(0, p.line), lineStarts.count - 1))
        let clamped = Swift.max(line.lowerBound, Swift.min(offset, line.upperBound))
        let column = String(decoding: bytes[line.lowerBound..<clamped], as: UTF8.self).unicodeScalars.count + 1
        return SourceLocation(line: Swift.min(Swift.max(0, p.line), lineStarts.count - 1) + 1, column: column)
    }
}
