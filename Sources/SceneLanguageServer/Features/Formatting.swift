import SceneEdit
import SceneSupport

/// `textDocument/formatting` and `textDocument/rangeFormatting`: `scenec fmt`'s own formatter
/// (SceneEdit's `SceneFormatter`), so the editor and the command line never disagree. The
/// layout is canonical, so the editor's tab size is not asked. The changes go back as whole
/// lines replaced, where the formatted text differs; range formatting formats the top entries
/// that touch the range, in place. A text that is not YAML is not formatted: its diagnostics
/// say why.
enum Formatting {
    static func document(_ request: FeatureRequest) -> Result<JSONValue, FeatureError> {
        let old = request.document.bytes
        return formatted(SceneFormatter.format(old, name: request.document.uri)).map { new in
            let starts = lineStarts(old)
            return .array(SceneFormatter.lineEdits(from: old, to: new).map { json($0, request, starts) })
        }
    }

    /// The top entries the range touches, formatted in place (the top keys keep their order,
    /// so nothing outside them moves).
    static func range(_ request: FeatureRequest) -> Result<JSONValue, FeatureError> {
        guard let asked = LSPRange(request.params["range"]) else {
            return .failure(FeatureError(code: .invalidParams, message: "rangeFormatting needs a range"))
        }
        // A range that ends at the start of a line does not take that line in.
        let last = asked.end.character == 0 && asked.end.line > asked.start.line ? asked.end.line - 1 : asked.end.line
        let lines = asked.start.line...Swift.max(asked.start.line, last)
        return formatted(SceneFormatter.rangeEdit(request.document.bytes, name: request.document.uri, lines: lines)).map { edit in
            .array(edit.map { [json($0, request, lineStarts(request.document.bytes))] } ?? [])
        }
    }

    static func formatted<T>(_ result: Result<T, SceneFormatter.Failure>) -> Result<T, FeatureError> {
        result.mapError { failure in
            switch failure {
            case .notYAML:
                return FeatureError(code: .requestFailed, message: "not formatted: the text is not YAML (see its errors)")
            case .wouldChangeMeaning(let why):
                return FeatureError(code: .requestFailed, message: "not formatted: it would change what the scene says (\(why))")
            }
        }
    }

    /// Where each line starts, counted after each LF as the formatter counts.
    static func lineStarts(_ bytes: [UInt8]) -> [Int] {
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == 0x0A { starts.append(i + 1) }
        return starts
    }

    /// An LSP text edit replacing whole lines.
    static func json(_ edit: LineEdit, _ request: FeatureRequest, _ starts: [Int]) -> JSONValue {
        let document = request.document
        func start(_ line: Int) -> Int { line < starts.count ? starts[line] : document.bytes.count }
        let range = LSPRange(start: document.position(ofByte: start(edit.lines.lowerBound), encoding: request.encoding),
                             end: document.position(ofByte: start(edit.lines.upperBound), encoding: request.encoding))
        return ["range": range.json, "newText": .string(String(decoding: edit.newText, as: UTF8.self))]
    }
}
