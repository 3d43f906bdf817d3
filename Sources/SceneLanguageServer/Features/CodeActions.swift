import SceneSupport
import ScenecKit
import SceneSyntax

/// `textDocument/codeAction`: the fixes of scenec's own diagnostics in the range asked about,
/// exactly as the diagnostics carry them (`Diagnostic.fixes`; `check --diagnostics json` prints
/// the same) — never read from a message, so rewording one cannot break its fix.
enum CodeActions {
    static func respond(_ request: FeatureRequest) -> Result<JSONValue, FeatureError> {
        guard let asked = LSPRange(request.params["range"]) else {
            return .failure(FeatureError(code: .invalidParams, message: "codeAction needs a range"))
        }
        var actions: [JSONValue] = []
        for d in request.analysis.checked.diagnostics where d.file == nil && d.origin == nil && !d.range.isNone {
            let range = request.document.range(of: d.range, encoding: request.encoding)
            guard range.start <= asked.end, asked.start <= range.end else { continue }
            for fix in d.fixes {
                let edits = fix.edits.map { edit -> JSONValue in
                    ["range": request.document.range(of: edit.range, encoding: request.encoding).json,
                     "newText": .string(edit.newText)]
                }
                actions.append([
                    "title": .string(fix.title), "kind": "quickfix", "isPreferred": .bool(d.fixes.count == 1),
                    "diagnostics": .array([DiagnosticPublisher.item(JSONDiagnostic(d, file: request.analysis.file.name), range: range.json,
                                                                    uri: request.document.uri, page: nil)]),
                    "edit": ["changes": .object([JSONMember(key: request.document.uri, value: .array(edits))])],
                ])
            }
        }
        return .success(.array(actions))
    }
}
