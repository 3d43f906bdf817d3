import CYAML

/// Reads what reads of a YAML text that, as a whole, does not: for the language server, whose
/// document is half-typed most of the time it is open. `YAMLReader` gives no tree for a text
/// with one broken line anywhere, and an editor that goes blind while a line is being typed is
/// blind most of the time.
///
/// The text is cut into pieces by indentation, the way YAML nests it: a line with the lines
/// indented under it (a top-level entry, an item of `views:` or of `children:`, a key with its
/// nested value) is one piece, and the pieces under it are its parts. A piece that reads alone
/// is kept whole; one that does not is mended by leaving out the parts that do not read (and,
/// guided by where the parser stops, the part it stops at or the one just before it, since
/// libyaml often notices a broken line only at the next one), else it is left out entirely.
/// What is left out becomes empty lines, never fewer lines, so the text keeps every other line
/// where it was and the tree's ranges are true positions in the text the editor has.
///
/// The work is bounded: each piece is read once alone, a broken piece a few more times, only
/// broken pieces are looked into, nesting is looked into to a fixed depth, and past a budget of
/// bytes read a broken piece is left out without looking further. A text that reads whole is
/// read once, as `YAMLReader` reads it.
public struct RecoveringReader {
    public var limits: YAMLReader.Limits

    public init(limits: YAMLReader.Limits = YAMLReader.Limits()) {
        self.limits = limits
    }

    public struct Result: Sendable {
        /// The tree of what reads, at its places in the whole text; nil when nothing does.
        public var root: Node?
        /// What reading the whole text finds (its real YAML error, for diagnostics): the text
        /// as it is, not as mended.
        public var diagnostics: [Diagnostic]
        /// The 1-based lines left out so that the rest reads (none when the whole text reads).
        public var leftOut: [ClosedRange<Int>]

        public init(root: Node?, diagnostics: [Diagnostic], leftOut: [ClosedRange<Int>]) {
            self.root = root
            self.diagnostics = diagnostics
            self.leftOut = leftOut
        }

        /// Whether the tree is the whole text's: nothing had to be left out.
        public var isWhole: Bool { leftOut.isEmpty && (root != nil || !diagnostics.hasErrors) }
    }

    /// Pieces are looked into to this depth of nesting (a scene's views nest 64 deep at most,
    /// two indentation levels each); deeper, a broken piece is left out whole.
    static let maxDepth = 160
    /// Rounds of "leave out the part the parser stops at" per broken piece.
    static let maxGuesses = 6

    public func read(_ file: SourceFile) -> Result {
        let whole = YAMLReader(limits: limits).read(file)
        // A tree despite errors (a duplicate key, a value cut at ', ') is the whole text's tree.
        if whole.root != nil || !whole.diagnostics.hasErrors {
            return Result(root: whole.root, diagnostics: whole.diagnostics, leftOut: [])
        }
        // Bytes that are not text are refused as they are: nothing of such a file is read.
        guard file.firstNonTextByte == nil else { return Result(root: nil, diagnostics: whole.diagnostics, leftOut: []) }
        let lines = TextLines(file.bytes)
        // The search asks libyaml alone first (events, no tree: several times faster); only when
        // what that mends is refused by the tree builder (an alias, a second document, a limit)
        // is it searched again, each attempt read as the tree is.
        for buildsTrees in [false, true] {
            var mender = Mender(lines: lines, reader: YAMLReader(limits: limits), buildsTrees: buildsTrees, name: file.name,
                                budget: 8 * file.bytes.count + (1 << 16))
            let rootPiece = mender.pieces.count - 1
            let out = mender.mendParts(rootPiece)
            // Nothing mended by libyaml alone is not mended by the stricter tree builder either:
            // searching again would only double the time spent on a text that is broken through.
            guard !out.contains(rootPiece) else { break }
            let read = YAMLReader(limits: limits).read(SourceFile(name: file.name, bytes: mender.text(of: rootPiece, leavingOut: out)))
            if let root = read.root {
                return Result(root: root, diagnostics: whole.diagnostics, leftOut: mender.lineRanges(out))
            }
        }
        return Result(root: nil, diagnostics: whole.diagnostics, leftOut: [])
    }
}

/// The text's lines: where each line's content is (its break excluded), how far it is indented
/// and whether it holds anything YAML reads (not blank, not only a comment). Lines end where
/// libyaml ends them: `\n`, `\r\n` or a lone `\r`.
struct TextLines {
    let bytes: [UInt8]
    var content: [Range<Int>] = []
    var indent: [Int] = []
    var significant: [Bool] = []
    /// The line begins a sequence item (`- `, or `-` alone).
    var dash: [Bool] = []
    /// The line ends with a key's `:` (a comment aside): its value is the lines under it, which
    /// may be `- ` items at its own column.
    var opensBlock: [Bool] = []
    /// A tab stands in the line's indentation, which YAML refuses: how deep it meant to be is
    /// anyone's guess, so nothing is taken to be nested under it.
    var tabbed: [Bool] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var start = 0, i = 0
        while i <= bytes.count {
            if i == bytes.count || bytes[i] == 0x0A || bytes[i] == 0x0D {
                add(start..<i)
                if i < bytes.count, bytes[i] == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                start = i + 1
            }
            i += 1
        }
    }

    private mutating func add(_ range: Range<Int>) {
        var spaces = 0
        while range.lowerBound + spaces < range.upperBound, bytes[range.lowerBound + spaces] == 0x20 { spaces += 1 }
        var first = range.lowerBound + spaces
        while first < range.upperBound, bytes[first] == 0x09 || bytes[first] == 0x20 { first += 1 }
        let holds = first < range.upperBound && bytes[first] != UInt8(ascii: "#")
        let after = first + 1
        content.append(range)
        indent.append(first - range.lowerBound)
        tabbed.append(first - range.lowerBound > spaces)
        significant.append(holds)
        dash.append(holds && bytes[first] == UInt8(ascii: "-")
                    && (after == range.upperBound || bytes[after] == 0x20 || bytes[after] == 0x09))
        // The last character before a comment (` #`) or the end, spaces aside.
        var end = range.upperBound
        var i = first
        while i < end {
            if bytes[i] == UInt8(ascii: "#"), i > first, bytes[i - 1] == 0x20 || bytes[i - 1] == 0x09 { end = i }
            i += 1
        }
        while end > first, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        opensBlock.append(holds && end > first && bytes[end - 1] == UInt8(ascii: ":"))
    }

    var count: Int { content.count }
}

/// The pieces of a text and the search for which to leave out.
struct Mender {
    /// A line with the lines nested under it; the last piece is the whole text (no line of its own).
    struct Piece {
        var first: Int
        var last: Int
        var parts: [Int] = []
        var depth: Int
    }

    let lines: TextLines
    let reader: YAMLReader
    /// Attempts are read as `reader` reads them (tree and all), not by libyaml alone.
    let buildsTrees: Bool
    let name: String
    var pieces: [Piece] = []
    /// Bytes that may still be read in attempts.
    var budget: Int

    init(lines: TextLines, reader: YAMLReader, buildsTrees: Bool, name: String, budget: Int) {
        self.lines = lines
        self.reader = reader
        self.buildsTrees = buildsTrees
        self.name = name
        self.budget = budget
        pieces = Self.nest(lines)
    }

    /// Pieces by indentation, with an explicit stack (a hostile text may nest thousands deep).
    /// A line belongs under the nearest line above it that is indented less, or indented the
    /// same when it is a `- ` item under a key that ends its line (`views:` then `- type: ring` at
    /// the key's column). A line indented with a tab has nothing under it.
    static func nest(_ lines: TextLines) -> [Piece] {
        var pieces: [Piece] = []
        var rootParts: [Int] = []
        var stack: [Int] = []
        var lastSignificant = -1
        func close(_ p: Int) { pieces[p].last = Swift.max(pieces[p].first, lastSignificant) }
        for line in 0..<lines.count where lines.significant[line] {
            let indent = lines.indent[line]
            while let top = stack.last {
                let topIndent = lines.indent[pieces[top].first]
                if topIndent == indent, lines.dash[line], !lines.dash[pieces[top].first], lines.opensBlock[pieces[top].first] { break }
                guard topIndent >= indent else { break }
                close(top)
                stack.removeLast()
            }
            let piece = Piece(first: line, last: line, depth: stack.count + 1)
            pieces.append(piece)
            let index = pieces.count - 1
            if let parent = stack.last { pieces[parent].parts.append(index) } else { rootParts.append(index) }
            if !lines.tabbed[line] { stack.append(index) }
            lastSignificant = line
        }
        for p in stack { close(p) }
        pieces.append(Piece(first: 0, last: Swift.max(0, lines.count - 1), parts: rootParts, depth: 0))
        return pieces
    }

    /// Nothing when `p` reads alone; else what to leave out of it, which may be `p` itself.
    mutating func mend(_ p: Int) -> Set<Int> {
        guard budget > 0 else { return [p] }
        guard attempt(p, leavingOut: []) != nil else { return [] }
        return mendParts(p)
    }

    /// What to leave out of broken piece `p`: its parts that do not read alone, then, while it
    /// still does not read, the part where the parser stops or the one before it (the broken
    /// line is often noticed at the next one); `p` itself when that does not mend it.
    mutating func mendParts(_ p: Int) -> Set<Int> {
        let parts = pieces[p].parts
        guard !parts.isEmpty, pieces[p].depth < Self.maxDepthLooked, budget > 0 else { return [p] }
        var out: Set<Int> = []
        for part in parts { out.formUnion(mend(part)) }
        for _ in 0..<RecoveringReader.maxGuesses {
            guard let stop = attempt(p, leavingOut: out) else { return out }
            guard budget > 0 else { break }
            var mended = false
            for guess in suspects(parts, stoppedAt: stop, out: out) {
                let next = attempt(p, leavingOut: out.union([guess]))
                // The guess is right when the text reads, or the parser now stops further on.
                if next.map({ $0 > stop }) ?? true {
                    out.insert(guess)
                    mended = true
                    break
                }
            }
            if !mended { break }
        }
        return [p]
    }

    static var maxDepthLooked: Int { RecoveringReader.maxDepth }

    /// The parts to try leaving out when the parser stops at line `stop`: the one it stops in,
    /// unless it stops at that part's first line, and the one before, which a broken last line
    /// leaves unfinished until the next line begins.
    func suspects(_ parts: [Int], stoppedAt stop: Int, out: Set<Int>) -> [Int] {
        let kept = parts.filter { !out.contains($0) }
        guard let within = kept.lastIndex(where: { pieces[$0].first <= stop }) else { return kept.first.map { [$0] } ?? [] }
        let part = kept[within]
        var guesses: [Int] = []
        if pieces[part].first < stop { guesses.append(part) }
        if within > 0 { guesses.append(kept[within - 1]) }
        if pieces[part].first == stop { guesses.append(part) }
        return guesses
    }

    /// Reads piece `p` alone with `out` left out: nil when it reads, else the 0-based line (of
    /// the whole text) where the parser stopped.
    mutating func attempt(_ p: Int, leavingOut out: Set<Int>) -> Int? {
        let text = text(of: p, leavingOut: out)
        budget -= text.count
        let first = pieces[p].first
        guard buildsTrees else { return Self.parserStop(text).map { first + $0 } }
        let read = reader.read(SourceFile(name: name, bytes: text))
        guard read.root == nil, let error = read.diagnostics.first(where: { $0.severity == .error }) else { return nil }
        return first + Swift.max(0, error.range.start.line - 1)
    }

    /// libyaml's events for `bytes`, nothing built: nil when it reads to the end, else the
    /// 0-based line where the parser stopped.
    static func parserStop(_ bytes: [UInt8]) -> Int? {
        guard !bytes.isEmpty else { return nil }  // libyaml asserts on an empty buffer
        return bytes.withUnsafeBufferPointer { buffer -> Int? in
            guard let base = buffer.baseAddress else { return nil }
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) == 1 else { return 0 }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, base, buffer.count)
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else { return Int(parser.problem_mark.line) }
                let end = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                if end { return nil }
            }
        }
    }

    /// The lines of piece `p` joined by `\n`, those of the pieces in `out` empty: as many lines
    /// as the piece has, so a line's number in it is its number in the text less the first's.
    func text(of p: Int, leavingOut out: Set<Int>) -> [UInt8] {
        var empty = [Bool](repeating: false, count: 0)
        let first = pieces[p].first, last = pieces[p].last
        if !out.isEmpty {
            empty = [Bool](repeating: false, count: last - first + 1)
            for o in out where pieces[o].first >= first && pieces[o].last <= last {
                for line in pieces[o].first...pieces[o].last { empty[line - first] = true }
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(lines.content[last].upperBound - lines.content[first].lowerBound + 1)
        for line in first...last {
            if line > first { bytes.append(0x0A) }
            let range = lines.content[line]
            if !empty.isEmpty, empty[line - first] {
                bytes += Self.breaks(in: lines.bytes[range])
            } else {
                bytes += lines.bytes[range]
            }
        }
        return bytes
    }

    /// The line breaks libyaml also counts that a left-out line holds (NEL, LS, PS), kept so that
    /// the lines after it keep their numbers.
    static func breaks(in line: ArraySlice<UInt8>) -> [UInt8] {
        var kept: [UInt8] = []
        var i = line.startIndex
        while i < line.endIndex {
            if line[i] == 0xC2, i + 1 < line.endIndex, line[i + 1] == 0x85 {
                kept += [0xC2, 0x85]
            } else if line[i] == 0xE2, i + 2 < line.endIndex, line[i + 1] == 0x80, line[i + 2] == 0xA8 || line[i + 2] == 0xA9 {
                kept += line[i...(i + 2)]
            }
            i += 1
        }
        return kept
    }

    /// The 1-based line ranges of the pieces left out, in order, overlapping ones merged.
    func lineRanges(_ out: Set<Int>) -> [ClosedRange<Int>] {
        let sorted = out.map { (pieces[$0].first + 1)...(pieces[$0].last + 1) }.sorted { $0.lowerBound < $1.lowerBound }
        var merged: [ClosedRange<Int>] = []
        for r in sorted {
            if let last = merged.last, r.lowerBound <= last.upperBound + 1 {
                merged[merged.count - 1] = last.lowerBound...Swift.max(last.upperBound, r.upperBound)
            } else {
                merged.append(r)
            }
        }
        return merged
    }
}
