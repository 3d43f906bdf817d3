import SceneSupport
import SceneSyntax

/// One diagnostic in `--diagnostics json` (documented in docs/commands.md):
/// `{"file", "line", "column", "endLine", "endColumn", "severity", "code", "message", "hints", "fixes",
/// "origin"?}`; line and column are null for problems in a command-line option (`origin` names it)
/// and for files that could not be read or written. `fixes` is
/// `[{"title", "edits": [{"line", "column", "endLine", "endColumn", "newText"}]}]`, positions as the
/// diagnostic's, in its file.
package struct JSONDiagnostic: Sendable {
    package var file: String
    package var line: Int?
    package var column: Int?
    package var endLine: Int?
    package var endColumn: Int?
    package var severity: String
    package var message: String
    package var hints: [String]
    package var origin: String?
    package var code: DiagnosticCode
    package var fixes: [Fix]

    package init(_ d: Diagnostic, file: String) {
        self.file = d.file?.name ?? file
        let located = d.origin == nil && !d.range.isNone
        line = located ? d.range.start.line : nil
        column = located ? d.range.start.column : nil
        endLine = located ? d.range.end.line : nil
        endColumn = located ? d.range.end.column : nil
        severity = d.severity.rawValue
        message = d.message
        hints = d.notes
        origin = d.origin
        code = d.code
        fixes = located ? d.fixes : []
    }

    /// A file that could not be read or written.
    package init(path: String, message: String, code: DiagnosticCode = .fileError) {
        file = path
        self.code = code
        fixes = []
        severity = Diagnostic.Severity.error.rawValue
        self.message = message
        hints = []
    }

    package static func array(_ items: [JSONDiagnostic]) -> String {
        JSONValue.array(items.map(\.json)).prettyPrinted
    }

    package var json: JSONValue {
        func number(_ v: Int?) -> JSONValue { v.map { .number(Double($0)) } ?? .null }
        var object: JSONValue = ["file": .string(file), "line": number(line), "column": number(column),
                                 "endLine": number(endLine), "endColumn": number(endColumn),
                                 "severity": .string(severity), "code": .string(code.rawValue),
                                 "message": .string(message), "hints": .array(hints.map(JSONValue.string)),
                                 "fixes": .array(fixes.map(Self.json))]
        if let origin { object = object.setting("origin", .string(origin)) }
        return object
    }

    static func json(_ fix: Fix) -> JSONValue {
        ["title": .string(fix.title), "edits": .array(fix.edits.map { edit in
            ["line": .number(Double(edit.range.start.line)), "column": .number(Double(edit.range.start.column)),
             "endLine": .number(Double(edit.range.end.line)), "endColumn": .number(Double(edit.range.end.column)),
             "newText": .string(edit.newText)]
        })]
    }
}
