import SceneSupport
import ScenecKit
import SceneSyntax

/// A document's diagnostics as LSP has them: exactly what `scenec check --diagnostics json`
/// prints for the file (the same JSONDiagnostic, its 1-based line:column turned into LSP
/// positions), hints as related information, warnings as warnings. A problem inside a file
/// the scene imports goes to that file.
enum DiagnosticPublisher {
    struct Group {
        var uri: String
        var items: [JSONValue]
    }

    static func groups(_ analysis: DocumentAnalysis) -> [Group] {
        var groups: [Group] = []
        let encoding = analysis.encoding
        for d in analysis.checked.diagnostics {
            let json = JSONDiagnostic(d, file: analysis.file.name)
            let uri = d.file.map { analysis.path == nil ? analysis.document.uri : FileURI.uri($0.name) } ?? analysis.document.uri
            // Positions in an imported file are counted in its own text.
            let text = d.file.map { TextDocument(uri: uri, version: 0, text: String(decoding: $0.bytes, as: UTF8.self)) }
                ?? analysis.document
            let start = SourceLocation(line: json.line ?? 1, column: json.column ?? 1)
            let end = SourceLocation(line: json.endLine ?? start.line, column: json.endColumn ?? start.column)
            let range = text.range(of: SourceRange(start: start, end: end), encoding: encoding).json
            var item: JSONValue = [
                "range": range,
                "severity": .int(severity(json.severity)),
                "source": "scenec",
                "message": .string(json.message),
            ]
            if !json.hints.isEmpty {
                item = item.setting("relatedInformation", .array(json.hints.map { hint in
                    ["location": ["uri": .string(uri), "range": range], "message": .string(hint)]
                }))
            }
            if let i = groups.firstIndex(where: { $0.uri == uri }) {
                groups[i].items.append(item)
            } else {
                groups.append(Group(uri: uri, items: [item]))
            }
        }
        return groups
    }

    /// LSP's DiagnosticSeverity: 1 error, 2 warning, 3 information.
    static func severity(_ name: String) -> Int {
        switch name {
        case "error": return 1
        case "warning": return 2
        default: return 3
        }
    }
}
