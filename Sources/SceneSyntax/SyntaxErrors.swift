import CYAML

/// libyaml's errors in the user's words. libyaml says what its grammar expected ("did not find
/// expected key while parsing a block mapping"); the user needs to know which key is out of line
/// and with what, or which bracket is open, and what to type. The parser's positions locate the
/// problem; the tree built so far says what it belongs with.
extension YAMLReader {
    func syntaxError(_ parser: yaml_parser_t, _ file: SourceFile, _ builder: TreeBuilder) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        if parser.error == YAML_READER_ERROR {
            return readerError(parser, problem, file)
        }
        let location = SourceLocation(line: Int(parser.problem_mark.line) + 1, column: Int(parser.problem_mark.column) + 1)
        let context = parser.context.map { String(cString: $0) }
        let opened = SourceLocation(line: Int(parser.context_mark.line) + 1, column: Int(parser.context_mark.column) + 1)
        let line = SyntaxLine(file: file, number: location.line)
        if let tab = line.indentingTab {
            return .error(.yamlIndentation, "this line is indented with a tab, and YAML indents with spaces only", at: tab,
                          notes: ["replace the tab with spaces, lining the line up with the keys it belongs with"])
        }
        if let key = keyWithoutColon(problem: problem, context: context, location: location, opened: opened, file) {
            return key
        }
        if Self.indentationProblems.contains(where: problem.hasPrefix) {
            if let advice = indentationAdvice(line, builder) { return advice }
            if problem.hasPrefix("mapping values") {
                return .error(.yamlSyntax, "YAML reads this ': ' as the start of a mapping, which cannot be here; quote the value if the colon is part of it",
                              at: Self.oneCharacter(location))
            }
            return .error(.yamlIndentation, "this line does not line up with the lines above it: YAML nests by indentation",
                          at: Self.oneCharacter(location), notes: ["the YAML parser \(problem) \(context ?? "")"])
        }
        if context?.contains("flow") == true, let comment = Self.colourComment(file, before: location.line) {
            return comment
        }
        let here = "line \(opened.line), column \(opened.column)"
        if problem.hasPrefix("did not find expected ',' or '}'") {
            return .error(.yamlSyntax, "the '{' at \(here) is not closed: YAML expected a ',' or '}' here", at: Self.oneCharacter(location))
        }
        if problem.hasPrefix("did not find expected ',' or ']'") {
            return .error(.yamlSyntax, "the '[' at \(here) is not closed: YAML expected a ',' or ']' here", at: Self.oneCharacter(location))
        }
        if problem.contains("end of stream"), context?.contains("quoted scalar") == true {
            return .error(.yamlSyntax, "the quote at \(here) is never closed, so YAML reads the rest of the file as text", at: SourceRange(start: opened, end: SourceLocation(line: opened.line, column: opened.column + 1)),
                          notes: ["end the text with the same quote it starts with"])
        }
        if problem.hasPrefix("found character that cannot start any token"), let c = line.character(at: location.column) {
            return .error(.yamlSyntax, "'\(c)' cannot start an unquoted value in YAML; quote the value", at: Self.oneCharacter(location))
        }
        return plainError(problem, context: context, location: location, opened: opened)
    }

    /// `{progressColor: #ff2d55}`: the `#` starts a comment that swallows the `}`, so YAML
    /// reports an unclosed brace; the colour is the mistake to name.
    static func colourComment(_ file: SourceFile, before last: Int) -> Diagnostic? {
        // The nearest such colour above the error, within the lines a flow mapping plausibly spans.
        for number in (Swift.max(1, last - 50)...Swift.max(1, last)).reversed() {
            let text = SyntaxLine(file: file, number: number).text
            for (i, c) in text.enumerated() where c == "#" && i >= 2 && text[i - 1] == " " {
                let digits = text[(i + 1)...].prefix { $0.isHexDigit }
                let colon = text[..<i].lastIndex { $0 != " " }
                guard [3, 4, 6, 8].contains(digits.count), let colon, text[colon] == ":" else { continue }
                let key = String(text[..<colon].reversed().prefix { $0.isLetter || $0.isNumber }.reversed())
                let colour = "#" + String(digits)
                let start = SourceLocation(line: number, column: i + 1)
                let range = SourceRange(start: start, end: SourceLocation(line: number, column: i + 1 + colour.count))
                return .error(.hashCommentColour, "a # starts a comment in YAML, so \(key) has no value; quote the colour: \(key): \"\(colour)\"",
                              at: range, fixes: [Fix("quote the colour: \(key): \"\(colour)\"", replacing: range, with: "\"\(colour)\"")])
            }
        }
        return nil
    }

    static let indentationProblems = ["did not find expected key", "did not find expected '-' indicator",
                                      "mapping values are not allowed", "block sequence entries are not allowed"]

    static func oneCharacter(_ at: SourceLocation) -> SourceRange {
        SourceRange(start: at, end: SourceLocation(line: at.line, column: at.column + 1))
    }

    /// "'progress' is indented to column 6, but its siblings 'type' and 'frame' are at column 5":
    /// the keys to line up with are those of the open (or just closed) mapping nearest in column.
    func indentationAdvice(_ line: SyntaxLine, _ builder: TreeBuilder) -> Diagnostic? {
        guard let (key, column) = line.key else { return nil }
        let groups = builder.siblingGroups().map { group in
            (column: group.column, keys: group.keys.filter { $0.line != line.number }.map(\.key))
        }.filter { !$0.keys.isEmpty && $0.column != column }
        // Nearest in column; among equally near ones the innermost (listed last).
        guard let best = groups.reversed().min(by: { abs($0.column - column) < abs($1.column - column) }) else {
            return nil
        }
        let shown = best.keys.count > 3 ? Array(best.keys.prefix(3)) : best.keys
        var names = shown.map { "'\($0)'" }
        let siblings: String
        if names.count == 1 {
            siblings = "its sibling \(names[0]) is"
        } else {
            let lastName = names.removeLast()
            siblings = "its siblings \(names.joined(separator: ", "))\(best.keys.count > 3 ? ", …" : "") and \(lastName) are"
        }
        let start = SourceLocation(line: line.number, column: column)
        // Re-indenting is certain only where nothing but spaces comes before the key (no `- `).
        let indent = SourceRange(start: SourceLocation(line: line.number, column: 1), end: start)
        let fixes = line.text.prefix(column - 1).allSatisfy { $0 == " " }
            ? [Fix("indent '\(key)' to column \(best.column)", replacing: indent, with: String(repeating: " ", count: best.column - 1))]
            : []
        return .error(.yamlIndentation, "'\(key)' is indented to column \(column), but \(siblings) at column \(best.column); line it up with them",
                      at: SourceRange(start: start, end: SourceLocation(line: line.number, column: column + key.count)),
                      notes: ["keys of one mapping start in the same column; indent '\(key)' with \(best.column - 1) spaces"],
                      fixes: fixes)
    }

    func readerError(_ parser: yaml_parser_t, _ problem: String, _ file: SourceFile) -> Diagnostic {
        var offset = Int(parser.problem_offset)
        if problem.contains("trailing UTF-8") {
            // libyaml gives the byte that fails to continue the sequence; the bad character
            // starts at the sequence's leading byte, before it.
            while offset > 1, offset - 1 < file.bytes.count, file.bytes[offset - 1] & 0xC0 == 0x80 {
                offset -= 1
            }
            offset = Swift.max(0, offset - 1)
        }
        let location = file.location(ofByte: offset)
        var notes: [String] = []
        if problem.contains("UTF-8") || problem.contains("utf-8") {
            notes.append("scene files are UTF-8 text")
        } else if problem.contains("control characters") {
            notes.append("the file holds a control character (such as a NUL byte); scene files are plain text")
        }
        return .error(.notText, "YAML syntax error: \(problem)", at: Self.oneCharacter(location), notes: notes)
    }

    /// What libyaml said, with where the construct it was in began.
    func plainError(_ problem: String, context: String?, location: SourceLocation, opened: SourceLocation) -> Diagnostic {
        var message = "YAML syntax error: \(problem)"
        var notes: [String] = []
        if var context {
            message += " \(context)"
            for prefix in ["while parsing ", "while scanning "] where context.hasPrefix(prefix) {
                context = String(context.dropFirst(prefix.count))
            }
            if context.hasPrefix("a ") { context = "the " + context.dropFirst(2) }
            if opened != location {
                notes.append("\(context) starts at line \(opened.line), column \(opened.column)")
            }
        }
        return .error(.yamlSyntax, message, at: Self.oneCharacter(location), notes: notes)
    }
}

/// The start of a source line, as far as syntax errors need it.
struct SyntaxLine {
    let number: Int
    let text: [Character]

    init(file: SourceFile, number: Int) {
        self.number = number
        text = Array(file.text(line: number, fromColumn: 1, count: 400) ?? "")
    }

    func character(at column: Int) -> Character? {
        column >= 1 && column <= text.count ? text[column - 1] : nil
    }

    /// A tab among the spaces that indent the line.
    var indentingTab: SourceRange? {
        let indent = text.prefix { $0 == " " || $0 == "\t" }
        guard let tab = indent.firstIndex(of: "\t") else { return nil }
        return YAMLReader.oneCharacter(SourceLocation(line: number, column: tab + 1))
    }

    /// The key the line starts with (after a `- `, if any) and its column.
    var key: (String, Int)? {
        var i = text.prefix { $0 == " " }.count
        if i + 1 < text.count, text[i] == "-", text[i + 1] == " " {
            i += 2
            while i < text.count, text[i] == " " { i += 1 }
        }
        guard let colon = text[i...].firstIndex(of: ":"), colon > i,
              colon + 1 == text.count || text[colon + 1] == " " else { return nil }
        let key = String(text[i..<colon])
        guard !key.contains("#"), !key.hasPrefix("{"), !key.hasPrefix("[") else { return nil }
        return (key, i + 1)
    }
}

extension TreeBuilder {
    struct SiblingKey {
        let key: String
        let line: Int
    }

    /// The keys of every block mapping still open, outermost first, each followed by those of
    /// the block mapping it (or an open list) last closed: the groups a misindented key might
    /// have been meant for.
    func siblingGroups() -> [(column: Int, keys: [SiblingKey])] {
        var groups: [(column: Int, keys: [SiblingKey])] = []
        func addBlock(_ pairs: [Node.Pair], pending: (String, SourceRange)?) {
            var keys = pairs.map { SiblingKey(key: $0.key, line: $0.keyRange.start.line) }
            var columns = pairs.map(\.keyRange.start.column)
            if let (key, range) = pending {
                keys.append(SiblingKey(key: key, line: range.start.line))
                columns.append(range.start.column)
            }
            // A block mapping: one column, one key a line (a {…} on one line is no guide).
            guard let column = columns.first, columns.allSatisfy({ $0 == column }),
                  Set(keys.map(\.line)).count == keys.count else { return }
            groups.append((column, keys))
        }
        for open in stack {
            switch open {
            case .sequence(let s):
                if let pairs = s.items.last?.mapping { addBlock(pairs, pending: nil) }
            case .mapping(let m):
                guard !m.flow else { continue }
                addBlock(m.pairs, pending: m.pendingKey)
                if m.pendingKey == nil, let pairs = m.pairs.last?.value.mapping { addBlock(pairs, pending: nil) }
            }
        }
        return groups
    }
}
