import SceneSupport
import SceneSyntax

/// `textDocument/codeAction`: quick fixes for scenec's own diagnostics in the range asked
/// about — take the did-you-mean suggestion, quote an unquoted `#colour`.
enum CodeActions {
    static func respond(_ request: FeatureRequest) -> Result<JSONValue, FeatureError> {
        guard let asked = LSPRange(request.params["range"]) else {
            return .failure(FeatureError(code: .invalidParams, message: "codeAction needs a range"))
        }
        var actions: [JSONValue] = []
        for d in request.analysis.checked.diagnostics where d.file == nil && d.origin == nil && !d.range.isNone {
            let range = request.document.range(of: d.range, encoding: request.encoding)
            guard range.start <= asked.end, asked.start <= range.end, let (title, text) = fix(d) else { continue }
            actions.append([
                "title": .string(title), "kind": "quickfix", "isPreferred": true,
                "edit": ["changes": .object([JSONMember(key: request.document.uri,
                                                        value: [["range": range.json, "newText": .string(text)]])])],
            ])
        }
        return .success(.array(actions))
    }

    /// The fix a diagnostic offers: its title and the text that replaces its range.
    static func fix(_ d: Diagnostic) -> (String, String)? {
        if d.message.hasPrefix("a # starts a comment in YAML"), let quote = d.message.firstRange(of: "quote the colour: ") {
            // The range is the comment, `#ff2d55`; the message ends in `key: "#ff2d55"`.
            guard let colon = d.message[quote.upperBound...].firstRange(of: ": ") else { return nil }
            let quoted = String(d.message[colon.upperBound...])
            return ("Quote the colour: \(quoted)", quoted)
        }
        guard let open = d.message.ranges(of: "did you mean '").last,
              let close = d.message[open.upperBound...].firstIndex(of: "'") else { return nil }
        let word = String(d.message[open.upperBound..<close])
        return ("Change to '\(word)'", word)
    }
}
