import SceneModel
import SceneSyntax

/// Text, font families and font weights (the label's attributes, ring and clock text).
enum TextParsing {
    /// Any scalar, kept as written (spaces included): `42` is the text "42". Text with
    /// `{view.attribute}` must parse as a template; which views it names is checked once every
    /// view is known (`TextBindingChecker`).
    static func text(_ node: Node, what: String, template: Bool) -> Parsed<String> {
        guard let s = node.scalar, !s.isNull else {
            var notes: [String] = []
            // Only a text shows bindings: a font family written `{size: 12}` is not a template.
            if template, node.mapping != nil {
                notes.append("YAML reads an unquoted {…} as a mapping; quote the text: \(what): \"{download.progress:percent}\"")
            }
            return .failure(ValueError(code: .badValue, message: "\(what) must be text, not \(node.kindDescription)", range: node.range,
                                       notes: notes))
        }
        // Without a `{` a text binds nothing and cannot be a bad template.
        guard template, s.text.contains("{") else { return .success(s.text) }
        // Every `{…}` that does not read is reported, not only the first.
        let errors = TextTemplate.problems(in: s.text).map { problem in
            let at = range(of: s.text, writtenAt: node.range, offset: problem.offset, length: problem.length)
            var message = problem.message, fixes: [Fix] = []
            // A misspelt format (`percnt`) is fixed in place, where the text maps character for character.
            if let format = problem.unknownFormat, at != node.range, at.start.line == at.end.line,
               let meant = closed(format) ?? meantFormat(format) {
                message += "; did you mean '\(meant)'?"
                let end = SourceLocation(line: at.end.line, column: at.end.column - 1)
                let start = SourceLocation(line: end.line, column: end.column - format.count)
                fixes = [.replace(with: meant, at: SourceRange(start: start, end: end))]
            }
            return ValueError(code: .badTextBinding, message: message, range: at, notes: problem.notes, fixes: fixes)
        }
        guard var first = errors.first else { return .success(s.text) }
        first.others = Array(errors.dropFirst())
        return .failure(first)
    }

    /// `number(1` meant `number(1)`: the precision written is kept, only the ')' is added.
    static func closed(_ format: String) -> String? {
        guard let open = format.firstIndex(of: "("), TextTemplate.Format.namesTakingDigits.contains(String(format[..<open])) else { return nil }
        let digits = format[format.index(after: open)...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(digits),
              n <= TextTemplate.maxDigits else { return nil }
        return format + ")"
    }

    /// The format a misspelt one meant: `percnt` is `percent`; `numbr(2)` is `number(2)`, the
    /// decimals kept when they are ones the format takes.
    static func meantFormat(_ format: String) -> String? {
        guard let open = format.firstIndex(of: "(") else { return Suggestions.nearest(to: format, in: TextTemplate.Format.names) }
        let digits = format[open...].dropFirst()
        guard digits.hasSuffix(")"), let n = Int(digits.dropLast()), digits.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }),
              n <= TextTemplate.maxDigits,
              let name = Suggestions.nearest(to: String(format[..<open]), in: TextTemplate.Format.namesTakingDigits) else { return nil }
        return name + format[open...]
    }

    /// `bold` or `700`.
    static func fontWeight(_ node: Node, what: String) -> Parsed<Double> {
        let words = FontWeight.words.map(\.name)
        let expected = "one of \(words.joined(separator: ", ")) or a weight from 100 to 900"
        return ValueParser.scalarText(node, what: what, expected: expected).flatMap { text in
            if let w = FontWeight.words.first(where: { $0.name == text }) { return .success(w.weight) }
            if let v = Numbers.decimal(text) {
                guard FontWeight.range.contains(v) else {
                    return .failure(ValueError(code: .outOfRange, message: "\(what) must be between 100 and 900, not \(formatNumber(v))",
                                               range: node.range))
                }
                return .success(v)
            }
            let suggestion = Suggestions.suggest(text, in: words, at: node.range)
            return .failure(ValueError(code: .badValue, message: "\(what) cannot be '\(text)'\(suggestion.hint)",
                                       range: node.range, notes: ["allowed: " + words.joined(separator: ", ") + ", or 100–900"], fixes: suggestion.fixes))
        }
    }

    /// The part of a one-line scalar that `offset` and `length` (characters of its text) cover,
    /// so a message points at the `{…}` it is about; the whole value when the written form does
    /// not map character for character (escapes, folded lines). Value parsing has the tree, not
    /// the source text: in the scene's own texts, the references graph (`ScalarSourceMap`) then
    /// places the `{…}` exactly (`References.placingTemplateProblems`, `TextBindingChecker.placed`).
    static func range(of text: String, writtenAt range: SourceRange, offset: Int, length: Int) -> SourceRange {
        guard range != .none, range.start.line == range.end.line else { return range }
        let written = range.end.column - range.start.column
        let quote: Int
        if written == text.count { quote = 0 } else if written == text.count + 2 { quote = 1 } else { return range }
        let line = range.start.line
        let start = range.start.column + quote + offset
        return SourceRange(start: SourceLocation(line: line, column: start),
                           end: SourceLocation(line: line, column: start + Swift.max(1, length)))
    }
}
