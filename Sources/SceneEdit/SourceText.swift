import SceneSyntax

/// A scene's bytes with what an edit needs to find its way in them: byte offsets of the
/// reader's locations, and the few lexical facts the node tree does not keep (where a key's
/// colon is, where an alias token ends, where a line ends).
///
/// libyaml counts a line at every line break — CR LF, CR, LF and Unicode's NEL, LS and PS — and
/// columns in Unicode scalars after any byte-order mark, so the offsets here count the same way
/// (`SourceFile`'s line table, made for messages, breaks at LF only).
struct SourceText {
    let bytes: [UInt8]
    private let lineStarts: [Int]
    /// Whether each line is ASCII, where a column is a byte; and for a long line that is not,
    /// the byte offset of every `stride`-th scalar: a location is then found in a few steps,
    /// not by walking a long line from its start (a list of 60,000 items on one line).
    private let asciiLines: [Bool]
    /// Where each line's text ends (its line break, or the end of the text).
    private let contentEnds: [Int]
    private let checkpoints: [Int: [Int]]
    private static let stride = 64

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var i = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var starts = [i]
        var ascii: [Bool] = [], ends: [Int] = []
        var lineIsASCII = true
        while i < bytes.count {
            let width = Self.lineBreakWidth(bytes, at: i)
            if width == 0, bytes[i] >= 0x80 { lineIsASCII = false }
            if width > 0 { ends.append(i) }
            i += Swift.max(width, 1)
            if width > 0 {
                starts.append(i)
                ascii.append(lineIsASCII)
                lineIsASCII = true
            }
        }
        ascii.append(lineIsASCII)
        ends.append(bytes.count)
        var points: [Int: [Int]] = [:]
        for (line, isASCII) in ascii.enumerated() where !isASCII {
            let start = starts[line], end = line + 1 < starts.count ? starts[line + 1] : bytes.count
            guard end - start > 4 * Self.stride else { continue }
            var offsets: [Int] = [], j = start, scalar = 0
            while j < end {
                if scalar % Self.stride == 0 { offsets.append(j) }
                j += 1
                while j < end, bytes[j] & 0xC0 == 0x80 { j += 1 }
                scalar += 1
            }
            points[line] = offsets
        }
        lineStarts = starts
        asciiLines = ascii
        contentEnds = ends
        checkpoints = points
    }

    /// The bytes of the line break at `i` (0 when there is none): CR LF, CR, LF, NEL, LS, PS.
    static func lineBreakWidth(_ bytes: [UInt8], at i: Int) -> Int {
        guard i < bytes.count else { return 0 }
        switch bytes[i] {
        case 0x0D: return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
        case 0x0A: return 1
        case 0xC2 where i + 1 < bytes.count && bytes[i + 1] == 0x85: return 2
        case 0xE2 where i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9):
            return 3
        default: return 0
        }
    }

    /// The byte offset of a reader location, clamped to the text (libyaml places the end of the
    /// last node on a line past the end).
    func offset(_ location: SourceLocation) -> Int {
        guard location.line >= 1, location.line <= lineStarts.count else { return bytes.count }
        var i = lineStarts[location.line - 1]
        var scalars = Swift.max(0, location.column - 1)
        // Within the line's text: a byte a column (ASCII), or from the nearest checkpoint; past
        // it (libyaml's end of a last node), walked as ever.
        if asciiLines[location.line - 1], i + scalars <= contentEnds[location.line - 1] { return i + scalars }
        if let points = checkpoints[location.line - 1], !points.isEmpty {
            let k = Swift.min(scalars / Self.stride, points.count - 1)
            i = points[k]
            scalars -= k * Self.stride
        }
        while scalars > 0, i < bytes.count {
            i += 1
            while i < bytes.count, bytes[i] & 0xC0 == 0x80 { i += 1 }
            scalars -= 1
        }
        return i
    }

    func byte(_ i: Int) -> UInt8? { i >= 0 && i < bytes.count ? bytes[i] : nil }

    static func isBlank(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }

    /// Past spaces and tabs.
    func skipBlanks(_ i: Int) -> Int {
        var i = i
        while let b = byte(i), Self.isBlank(b) { i += 1 }
        return i
    }

    /// Past blanks, line breaks and comments: what may stand between a key's colon and its value.
    func skipSpace(_ i: Int) -> Int {
        var i = i
        while let b = byte(i) {
            if Self.isBlank(b) {
                i += 1
            } else if Self.lineBreakWidth(bytes, at: i) > 0 {
                i += Self.lineBreakWidth(bytes, at: i)
            } else if b == UInt8(ascii: "#") {
                i = lineEnd(i)
            } else {
                break
            }
        }
        return i
    }

    /// Past a node's anchor (`&name`) and tag (`!!str`), which the reader counts as part of the
    /// node: an edit replaces the value and keeps them.
    func skipProperties(_ i: Int) -> Int {
        var i = i
        while let b = byte(i), b == UInt8(ascii: "&") || b == UInt8(ascii: "!") {
            while let c = byte(i), !Self.isBlank(c), Self.lineBreakWidth(bytes, at: i) == 0 { i += 1 }
            i = skipSpace(i)
        }
        return i
    }

    /// Where the line holding `i` ends: the offset of its line break, or the end of the text.
    func lineEnd(_ i: Int) -> Int {
        var i = i
        while i < bytes.count, Self.lineBreakWidth(bytes, at: i) == 0 { i += 1 }
        return i
    }

    /// Where the line holding `i` starts.
    func lineStart(_ i: Int) -> Int {
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= i { low = mid } else { high = mid - 1 }
        }
        return lineStarts[low]
    }

    /// The line break the file uses at `i`, or its first one, or LF: a new line is written as
    /// its neighbours are (CR LF files stay CR LF).
    func lineBreak(at i: Int) -> [UInt8] {
        let here = Self.lineBreakWidth(bytes, at: i)
        if here > 0 { return Array(bytes[i..<(i + here)]) }
        let first = lineEnd(0)
        let width = Self.lineBreakWidth(bytes, at: first)
        return width > 0 ? Array(bytes[first..<(first + width)]) : [0x0A]
    }

    /// Just after the colon that follows a key ending at `keyEnd`; nil if no colon is there
    /// (an explicit `? key` form, which scene files do not use).
    func afterColon(keyEnd: Int) -> Int? {
        let i = skipBlanks(keyEnd)
        return byte(i) == UInt8(ascii: ":") ? i + 1 : nil
    }

    /// The `*name` token of an alias written as the value of a key ending at `keyEnd`.
    func aliasToken(keyEnd: Int) -> Range<Int>? {
        guard let colon = afterColon(keyEnd: keyEnd) else { return nil }
        let start = skipSpace(colon)
        guard byte(start) == UInt8(ascii: "*") else { return nil }
        var end = start + 1
        let stops: Set<UInt8> = [UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")]
        while let b = byte(end), !Self.isBlank(b), Self.lineBreakWidth(bytes, at: end) == 0, !stops.contains(b) {
            end += 1
        }
        return start..<end
    }
}
