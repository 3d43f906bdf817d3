import SceneSyntax

/// `scenec fmt`'s formatter, which the language server's formatting calls too: one canonical
/// layout of a scene file (docs/commands.md, scenec fmt), made from the text and the reader's node ranges so
/// every comment stays where it was. Formatting what it formatted changes nothing.
///
/// What it writes is read back before it is handed out: it must give the same tree (the same
/// scalars, keys and lists; only a string's quotes may go) and the same comments, else the
/// file is left as it is and the difference reported — so a scene renders the same after it.
public enum SceneFormatter {
    /// Why a text was not formatted.
    public enum Failure: Error, Sendable {
        /// It does not read as YAML: the reader's errors, located.
        case notYAML([Diagnostic])
        /// The formatted text would have read differently (a fault of fmt's): what differs.
        case wouldChangeMeaning(String)
    }

    /// The formatted text (the same bytes when it is formatted already).
    public static func format(_ bytes: [UInt8], name: String) -> Result<[UInt8], Failure> {
        laidOut(bytes, name: name, keepTopOrder: false).map(\.bytes)
    }

    /// The edit that formats the top entries (each with its comment lines) that touch `lines`
    /// (0-based, counted after each LF), in place: the top keys keep their order, so the rest
    /// of the text stays as it is. nil when they are formatted already. What the language
    /// server's range formatting sends.
    public static func rangeEdit(_ bytes: [UInt8], name: String, lines: ClosedRange<Int>) -> Result<LineEdit?, Failure> {
        laidOut(bytes, name: name, keepTopOrder: true).map { laid in
            // Without top entries to cut along, the whole text is the range.
            guard let outStarts = laid.topStarts, let sourceStarts = laid.sourceTopStarts,
                  outStarts.count == sourceStarts.count, !outStarts.isEmpty else {
                return laid.bytes == bytes ? nil : LineEdit(lines: 0..<UnifiedDiff.lines(bytes).count, newText: laid.bytes)
            }
            let sourceLines = UnifiedDiff.lines(bytes)
            let sourceEnds = Array(sourceStarts.dropFirst()) + [sourceLines.count]
            // The first entry takes in what stands above it (the file's first lines).
            let touched = sourceStarts.indices.filter { k in
                (k == 0 ? 0 : sourceStarts[k]) <= lines.upperBound && sourceEnds[k] > lines.lowerBound
            }
            guard let first = touched.first, let last = touched.last else { return nil }
            let outLines = UnifiedDiff.lines(laid.bytes)
            let from = first == 0 ? 0 : sourceStarts[first], outFrom = first == 0 ? 0 : outStarts[first]
            let to = sourceEnds[last], outTo = last + 1 < outStarts.count ? outStarts[last + 1] : outLines.count
            let old = Array(sourceLines[from..<to].joined()), new = Array(outLines[outFrom..<outTo].joined())
            return old == new ? nil : LineEdit(lines: from..<to, newText: new)
        }
    }

    struct LaidOut {
        var bytes: [UInt8]
        var topStarts: [Int]?
        var sourceTopStarts: [Int]?
    }

    static func laidOut(_ bytes: [UInt8], name: String, keepTopOrder: Bool) -> Result<LaidOut, Failure> {
        let file = SourceFile(name: name, bytes: bytes)
        let read = YAMLReader().read(file)
        let errors = read.diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty else { return .failure(.notYAML(errors)) }
        guard let root = read.root else { return .success(LaidOut(bytes: bytes)) }
        // A document of nothing (`---` alone, with comments or not) is an empty file: left as it is.
        if case .scalar(let s) = root.content, s.isPlain, s.text.isEmpty {
            return .success(LaidOut(bytes: bytes))
        }
        let text = SourceText(bytes)
        let (value, comments) = layoutTree(root, text: text)
        let (lines, topStarts) = FmtLayout(comments: comments.placed, keepTopOrder: keepTopOrder).document(value)
        let lineBreak = text.lineBreak(at: text.lineEnd(0))
        var out: [UInt8] = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? [0xEF, 0xBB, 0xBF] : []
        for line in lines {
            out += Array(line.utf8)
            out += lineBreak
        }
        // Where each top entry begins in the source: its first comment line, or its own line.
        var sourceTopStarts: [Int]?
        if topStarts != nil {
            var lineOf: [Int] = []
            for (i, b) in bytes.enumerated() where b == 0x0A { lineOf.append(i) }
            func line(_ offset: Int) -> Int {
                var low = 0, high = lineOf.count
                while low < high {
                    let mid = (low + high) / 2
                    if lineOf[mid] < offset { low = mid + 1 } else { high = mid }
                }
                return low
            }
            sourceTopStarts = value.entries.map { entry in
                line(Swift.min(entry.start, comments.placed.leading[entry.id]?.first?.offset ?? entry.start))
            }
        }
        if out == bytes { return .success(LaidOut(bytes: bytes, topStarts: topStarts, sourceTopStarts: sourceTopStarts)) }
        if let difference = difference(root, owned: commentOwners(value, comments.placed), formatted: out, name: name) {
            return .failure(.wouldChangeMeaning(difference))
        }
        return .success(LaidOut(bytes: out, topStarts: topStarts, sourceTopStarts: sourceTopStarts))
    }

    /// The tree `fmt` lays out and its comments: a second pass when the text holds a `<<`
    /// merge whose keys all gave way (no merged key shows it in the tree) keeps that mapping
    /// as written.
    static func layoutTree(_ root: Node, text: SourceText) -> (FmtValue, (placed: FmtComments, all: [FmtComment])) {
        var builder = FmtTreeBuilder(text: text)
        var value = builder.build(root, role: .root)
        var (comments, merges) = builder.scan()
        let unseen = merges.filter { m in !builder.verbatimRanges.contains { $0.contains(m) } }
        if !unseen.isEmpty {
            var starts = Set<Int>()
            for m in unseen {
                if let start = innermostMapping(root, containing: m, text: text) { starts.insert(start) }
            }
            builder = FmtTreeBuilder(text: text, verbatimStarts: starts)
            value = builder.build(root, role: .root)
            (comments, merges) = builder.scan()
        }
        return (value, (builder.place(comments, on: value.allEntries), comments))
    }

    /// The start of the innermost mapping whose text holds the offset.
    static func innermostMapping(_ root: Node, containing offset: Int, text: SourceText) -> Int? {
        var found: Int?
        var node = root
        while true {
            let children: [Node]
            switch node.content {
            case .scalar: return found
            case .sequence(let items): children = items
            case .mapping(let pairs):
                found = text.offset(node.range.start)
                children = pairs.map(\.value)
            }
            guard let next = children.first(where: { text.offset($0.range.start) <= offset && offset < text.offset($0.range.end) }) else {
                return found
            }
            node = next
        }
    }

    /// What differs between the tree and comments read and those of the formatted text; nil
    /// when nothing does.
    static func difference(_ root: Node, owned: (above: [String], lines: [(path: String, text: String)]), formatted: [UInt8], name: String) -> String? {
        let read = YAMLReader().read(SourceFile(name: name, bytes: formatted))
        if let error = read.diagnostics.first(where: { $0.severity == .error }) {
            return "the formatted text does not read: \(error.message)"
        }
        guard let again = read.root else { return "the formatted text holds no document" }
        if let difference = FmtEquivalence.difference(root, again, at: "the top") { return difference }
        let (value, comments) = layoutTree(again, text: SourceText(formatted))
        let after = commentOwners(value, comments.placed)
        var lines = after.lines
        for (path, text) in owned.lines {
            // A flow collection laid out in block puts its end-of-line comment on its last entry.
            guard let k = lines.firstIndex(where: { $0.text == text && ($0.path == path || $0.path.hasPrefix(path + "/")
                    || path.hasPrefix($0.path + "/")) }) else {
                return "the comments would change: '\(text)' would leave \(path)"
            }
            lines.remove(at: k)
        }
        if after.above != owned.above || !lines.isEmpty {
            return "the comments would change (\(owned.above.count + owned.lines.count) before, \(after.above.count + after.lines.count) after)"
        }
        return nil
    }

    /// Every placed comment with what it hangs on (the path of keys and list indexes to its
    /// entry; the file's header; the file's end): comment lines (`above`, sorted) and end-of-line
    /// comments (`lines`). Moving keys moves their comments with them, so what must stay is
    /// which comment is whose, not their order.
    static func commentOwners(_ root: FmtValue, _ placed: FmtComments) -> (above: [String], lines: [(path: String, text: String)]) {
        var above: [String] = [], lines: [(path: String, text: String)] = []
        var topLeading = placed.leading
        if case .collection(let c) = root, let first = c.entries.first, let leading = placed.leading[first.id] {
            let count = FmtLayout.headerCount(leading, blankAboveKey: placed.blankAbove.contains(first.id))
            above += leading.prefix(count).map { "the header: \($0.text)" }
            topLeading[first.id] = Array(leading.dropFirst(count))
        }
        // A list item's first key's comment lines are written above the item's dash: the item's.
        let layout = FmtLayout(comments: placed)
        func walk(_ value: FmtValue, _ path: String) {
            for (n, entry) in value.entries.enumerated() {
                let here = path + "/" + (entry.key ?? String(n))
                for comment in topLeading[entry.id] ?? [] { above.append("\(here): \(comment.text)") }
                if entry.key == nil, case .collection(let c) = entry.value, c.isMapping, c.properties.isEmpty,
                   placed.afterIndicator[entry.id] == nil, let first = layout.ordered(c).first {
                    for comment in topLeading[first.id] ?? [] { above.append("\(here): \(comment.text)") }
                    topLeading[first.id] = nil
                }
                for text in (placed.trailing[entry.id] ?? []) + (placed.afterIndicator[entry.id] ?? []) {
                    lines.append((here, text))
                }
                walk(entry.value, here)
            }
        }
        walk(root, "")
        above += placed.closing.map { "the end: \($0.text)" }
        return (above.sorted(), lines)
    }

    /// The changes between a text and its formatting as whole lines: what the language
    /// server's formatting sends, and its range formatting those that touch the range.
    public static func lineEdits(from old: [UInt8], to new: [UInt8]) -> [LineEdit] {
        let a = UnifiedDiff.lines(old), b = UnifiedDiff.lines(new)
        let ops = LineDiff.script(a, b)
        var edits: [LineEdit] = []
        var i = 0, j = 0
        var current: (start: Int, end: Int, text: [UInt8])?
        func flush() {
            if let c = current { edits.append(LineEdit(lines: c.start..<c.end, newText: c.text)) }
            current = nil
        }
        for op in ops {
            switch op {
            case .same:
                flush()
                i += 1
                j += 1
            case .delete:
                if current == nil { current = (i, i, []) }
                i += 1
                current?.end = i
            case .insert:
                if current == nil { current = (i, i, []) }
                current?.text += b[j]
                j += 1
            }
        }
        flush()
        return edits
    }
}

/// Whole lines of a text replaced: `lines` (0-based, end exclusive) by `newText`.
public struct LineEdit: Sendable, Hashable {
    public var lines: Range<Int>
    public var newText: [UInt8]

    public init(lines: Range<Int>, newText: [UInt8]) {
        self.lines = lines
        self.newText = newText
    }
}

/// Whether two trees say the same: the same scalars (a string's quotes aside), the same lists,
/// the same keys with the same values (their order aside).
enum FmtEquivalence {
    static func difference(_ a: Node, _ b: Node, at place: String) -> String? {
        switch (a.content, b.content) {
        case (.scalar(let x), .scalar(let y)):
            guard x.text == y.text else { return "\(place): '\(x.text)' would become '\(y.text)'" }
            if x.isPlain != y.isPlain, !(FmtScalars.readsAsString(x.text) && !FmtScalars.keywords.contains(x.text)) {
                return "\(place): '\(x.text)' would change its quoting, and with it its meaning"
            }
            return nil
        case (.sequence(let xs), .sequence(let ys)):
            guard xs.count == ys.count else { return "\(place): a list of \(xs.count) would hold \(ys.count)" }
            for (n, (x, y)) in zip(xs, ys).enumerated() {
                if let d = difference(x, y, at: "\(place)[\(n)]") { return d }
            }
            return nil
        case (.mapping(let xs), .mapping(let ys)):
            guard xs.count == ys.count else { return "\(place): a mapping of \(xs.count) keys would hold \(ys.count)" }
            let sortedX = xs.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }.map(\.element)
            let sortedY = ys.enumerated().sorted { ($0.element.key, $0.offset) < ($1.element.key, $1.offset) }.map(\.element)
            for (x, y) in zip(sortedX, sortedY) {
                guard x.key == y.key else { return "\(place): key '\(x.key)' would become '\(y.key)'" }
                if let d = difference(x.value, y.value, at: "\(place).\(x.key)") { return d }
            }
            return nil
        default:
            return "\(place): \(a.kindDescription) would become \(b.kindDescription)"
        }
    }
}
