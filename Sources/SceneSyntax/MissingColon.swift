/// A key written without its colon (`progress 0.5`, `frame` above its nested keys) or without
/// the space YAML needs after it (`type:ring`). libyaml reports either one line late, in its
/// grammar's words ("could not find expected ':' while scanning a simple key", or a misindented
/// key on the next line); the user needs the line they wrote and what to type.
extension Diagnostic {
    /// The diagnostic for `written`, the text of a line from its key on (after any `- `, without
    /// a trailing comment), starting at `start`; nil when it does not read as a key whose colon
    /// or space is missing. `alone` allows a lone word (`frame`, whose nested keys follow).
    public static func keyWithoutColon(_ written: String, at start: SourceLocation, alone: Bool = true) -> Diagnostic? {
        let text = Array(written)
        guard let first = text.first, first.isLetter || first == "_" else { return nil }
        let key = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        let rest = text[key.count...]
        let name = String(key)
        let end = SourceLocation(line: start.line, column: start.column + text.count)
        let range = SourceRange(start: start, end: end)
        func column(_ offset: Int) -> SourceLocation { SourceLocation(line: start.line, column: start.column + offset) }
        if rest.first == ":" {
            // `type:ring`: the colon is there, the space after it is not.
            let value = String(rest.dropFirst())
            guard let v = value.first, v != " ", v != ":" else { return nil }
            let after = column(key.count + 1)
            return .error(.missingSpaceAfterColon, "'\(written)' needs a space after the colon: \(name): \(value)", at: range,
                          notes: ["YAML reads 'key:value' without a space as one piece of text, not as a key and its value"],
                          fixes: [Fix("add a space: \(name): \(value)", replacing: SourceRange(start: after, end: after), with: " ")])
        }
        let spaces = rest.prefix { $0 == " " || $0 == "\t" }
        let value = String(rest.dropFirst(spaces.count))
        if value.isEmpty {
            guard alone else { return nil }
            let after = column(key.count)
            return .error(.missingColon, "'\(name)' needs a colon: \(name):", at: SourceRange(start: start, end: column(key.count)),
                          notes: ["a key is followed by ':', then its value or, on the lines below, its nested keys"],
                          fixes: [Fix("add the colon: \(name):", replacing: SourceRange(start: after, end: after), with: ":")])
        }
        guard !spaces.isEmpty, !value.hasPrefix(":"), !value.hasPrefix("#") else { return nil }
        let gap = SourceRange(start: column(key.count), end: column(key.count + spaces.count))
        return .error(.missingColon, "'\(written)' needs a colon: \(name): \(value)", at: range,
                      notes: ["a key and its value are written 'key: value', with a colon and a space"],
                      fixes: [Fix("add the colon: \(name): \(value)", replacing: gap, with: ": ")])
    }
}

extension YAMLReader {
    /// The key without its colon or space that libyaml's error at `location` is about, if any:
    /// the simple key libyaml was scanning (`opened`), the line of the error itself
    /// (`canvas:{width: 10}`), or the line above a key that YAML found out of place.
    func keyWithoutColon(problem: String, context: String?, location: SourceLocation, opened: SourceLocation,
                         _ file: SourceFile) -> Diagnostic? {
        if problem.hasPrefix("could not find expected ':'"), context?.contains("simple key") == true {
            return Diagnostic.keyWithoutColon(Self.written(SyntaxLine(file: file, number: opened.line), from: opened.column),
                                              at: opened)
        }
        guard Self.indentationProblems.contains(where: problem.hasPrefix) else { return nil }
        let line = SyntaxLine(file: file, number: location.line)
        let here = Self.keyStart(line)
        let writtenHere = Self.written(line, from: here)
        if let d = Diagnostic.keyWithoutColon(writtenHere, at: SourceLocation(line: line.number, column: here),
                                              alone: false) {
            // `frame {x: 0, y: 0}`: YAML reads 'frame {x' as a key, and the ': ' after `y` as out
            // of place; the colon missing is the one after `frame`, before the brace or bracket.
            let value = writtenHere.drop { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }.drop { $0 == " " || $0 == "\t" }
            if d.code == .missingSpaceAfterColon || value.first == "{" || value.first == "[" {
                return d
            }
        }
        // The nearest line above with something on it: a key without its colon there makes
        // YAML read it as text, and the key below it as out of place.
        var number = location.line - 1
        while number >= 1 {
            let above = SyntaxLine(file: file, number: number)
            let content = above.text.drop { $0 == " " }
            if !content.isEmpty, content.first != "#" { break }
            number -= 1
        }
        guard number >= 1, let (_, column) = line.key ?? line.firstWord else { return nil }
        let above = SyntaxLine(file: file, number: number)
        let start = Self.keyStart(above)
        let written = Self.written(above, from: start)
        guard let d = Diagnostic.keyWithoutColon(written, at: SourceLocation(line: number, column: start)) else { return nil }
        // A lone word owns the keys indented below it; `word value` and `word:value` were meant
        // as siblings of the key below, in its column.
        let isLone = !written.contains(" ") && !written.contains(":")
        return (isLone ? column > start : column == start) ? d : nil
    }

    /// The column where a line's key would start: after its indentation and any `- `.
    static func keyStart(_ line: SyntaxLine) -> Int {
        var i = line.text.prefix { $0 == " " }.count
        while i + 1 < line.text.count, line.text[i] == "-", line.text[i + 1] == " " {
            i += 2
            while i < line.text.count, line.text[i] == " " { i += 1 }
        }
        return i + 1
    }

    /// The line from `column` on, without a trailing comment (` #`) and trailing spaces.
    static func written(_ line: SyntaxLine, from column: Int) -> String {
        guard column >= 1, column <= line.text.count else { return "" }
        var text = Array(line.text[(column - 1)...])
        if let comment = text.indices.first(where: { text[$0] == "#" && $0 > 0 && text[$0 - 1] == " " }) {
            text = Array(text[..<comment])
        }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return String(text)
    }
}

extension SyntaxLine {
    /// The first word of the line (after any `- `) and its column, for a line whose key has a
    /// problem of its own.
    var firstWord: (String, Int)? {
        let start = YAMLReader.keyStart(self)
        guard start <= text.count else { return nil }
        let word = text[(start - 1)...].prefix { !$0.isWhitespace && $0 != ":" }
        return word.isEmpty ? nil : (String(word), start)
    }
}
