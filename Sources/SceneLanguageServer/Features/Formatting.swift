import SceneEdit
import SceneSupport

/// `textDocument/formatting` and `textDocument/rangeFormatting`: `scenec fmt`'s own formatter
/// (SceneEdit's `SceneFormatter`), so the editor and the command line never disagree. The
/// layout is canonical, so the editor's tab size is not asked. The changes go back as whole
/// lines replaced, where the formatted text differs; range formatting sends those that touch
/// the lines of the range. A text that is not YAML is not formatted: its diagnostics say why.
enum Formatting {
    static func document(_ request: FeatureRequest) -> Result<JSONValue, FeatureError> {
        edits(request, touching: nil)
    }

    static func range(_ request: FeatureRequest) -> Result<JSONValue, FeatureError> {
        guard let asked = LSPRange(request.params["range"]) else {
            return .failure(FeatureError(code: .invalidParams, message: "rangeFormatting needs a range"))
        }
        // A range that ends at the start of a line does not take that line in.
        let last = asked.end.character == 0 && asked.end.line > asked.start.line ? asked.end.line - 1 : asked.end.line
        return edits(request, touching: asked.start.line...Swift.max(asked.start.line, last))
    }

    static func edits(_ request: FeatureRequest, touching lines: ClosedRange<Int>?) -> Result<JSONValue, FeatureError> {
        let document = request.document
        let old = document.bytes
        let new: [UInt8]
        switch SceneFormatter.format(old, name: document.uri) {
        case .success(let formatted): new = formatted
        case .failure(.notYAML):
            return .failure(FeatureError(code: .requestFailed, message: "not formatted: the text is not YAML (see its errors)"))
        case .failure(.wouldChangeMeaning(let why)):
            return .failure(FeatureError(code: .requestFailed, message: "not formatted: it would change what the scene says (\(why))"))
        }
        // Byte offsets of the starts of lines as the formatter counts them (after each LF).
        var starts = [0]
        for (i, b) in old.enumerated() where b == 0x0A { starts.append(i + 1) }
        func start(_ line: Int) -> Int { line < starts.count ? starts[line] : old.count }
        var result: [JSONValue] = []
        for edit in SceneFormatter.lineEdits(from: old, to: new) {
            if let lines {
                // An insertion between lines touches the line it stands before.
                let touched = edit.lines.isEmpty ? edit.lines.lowerBound...edit.lines.lowerBound
                    : edit.lines.lowerBound...(edit.lines.upperBound - 1)
                guard touched.overlaps(lines) else { continue }
            }
            let range = LSPRange(start: document.position(ofByte: start(edit.lines.lowerBound), encoding: request.encoding),
                                 end: document.position(ofByte: start(edit.lines.upperBound), encoding: request.encoding))
            result.append(["range": range.json, "newText": .string(String(decoding: edit.newText, as: UTF8.self))])
        }
        return .success(.array(result))
    }
}
