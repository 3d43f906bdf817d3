import SceneCheck
import SceneModel
import SceneSchema
import SceneSyntax

/// Completion inside a `{id.attribute:format}` binding being typed in a text: the ids after `{`,
/// the view's attributes after `.`, the formats that suit the attribute after `:`. Found on the
/// cursor's line (a half-typed binding is rarely YAML the reader takes yet): the text before the
/// cursor must be a text attribute's value with a `{` that no `}` has closed.
enum BindingCompletion {
    static func items(_ request: FeatureRequest, at position: Position) -> (items: [Completion.Item], range: LSPRange)? {
        let document = request.document
        let line = document.lineRange(position.line)
        let cursor = Swift.min(Swift.max(line.lowerBound, document.offset(of: position, encoding: request.encoding)), line.upperBound)
        let prefix = Array(document.bytes[line.lowerBound..<cursor])
        guard let brace = prefix.lastIndex(of: UInt8(ascii: "{")) else { return nil }
        // `{{` writes a brace: an odd run of them opens a binding.
        var run = 0
        while brace - run >= 0, prefix[brace - run] == UInt8(ascii: "{") { run += 1 }
        let typed = String(decoding: prefix[(brace + 1)...], as: UTF8.self)
        let before = String(decoding: prefix[..<(brace + 1 - run)], as: UTF8.self)
        guard run % 2 == 1, typed.unicodeScalars.allSatisfy(isBindingCharacter), let (key, quote) = textKey(before: before),
              References.textKeys.contains(key) else { return nil }
        let references = graph(request, line: position.line, before: before, quote: quote)
        let partStart: Int, items: [Completion.Item]
        if let colon = typed.firstIndex(of: ":") {
            let reference = typed[..<colon].split(separator: ".", maxSplits: 1).map(String.init)
            let spec = reference.count == 2 ? references.viewTypes[reference[0]]?.kind.attribute(named: reference[1]) : nil
            partStart = cursor - typed[typed.index(after: colon)...].utf8.count
            items = TextTemplate.Format.written.compactMap { name in
                let sample = name.hasSuffix("(N)") ? name.dropLast(3) + "(1)" : name
                guard case .success(let t) = TextTemplate.parse("{a.b:\(sample)}"), let format = t.bindings.first?.format,
                      spec.map({ format.suits($0.kind) }) ?? true else { return nil }
                return Completion.Item(label: name, kind: Completion.Kind.enumMember, detail: "format",
                                       doc: formatDocs[name], insert: sample)
            }
        } else if let dot = typed.firstIndex(of: ".") {
            let id = String(typed[..<dot])
            guard let kind = references.viewTypes[id]?.kind else { return nil }
            partStart = cursor - typed[typed.index(after: dot)...].utf8.count
            items = kind.attributes.map {
                Completion.Item(label: $0.name, kind: Completion.Kind.property, detail: $0.kind.name, doc: Vocabulary.attributeDoc($0))
            }
        } else {
            partStart = brace + 1 + line.lowerBound
            items = references.viewTypes.keys.sorted().map { id in
                Completion.Item(label: id, kind: Completion.Kind.reference, detail: references.viewTypes[id]?.rawValue,
                                doc: references.viewTypes[id].map { "**\(id)**: \(EditorVocabulary.summary(of: $0))" })
            }
        }
        let range = LSPRange(start: document.position(ofByte: partStart, encoding: request.encoding),
                             end: document.position(ofByte: cursor, encoding: request.encoding))
        return (items, range)
    }

    static let formatDocs: [String: String] = [
        "percent": "A fraction as a whole percentage: 0.725 → 73%",
        "percent(N)": "A fraction as a percentage with N decimals: 0.725 → 72.5% for percent(1)",
        "number": "The value as inspect writes it",
        "number(N)": "A number with N decimals",
        "time": "A time of day as 10:09:30",
        "hh:mm": "A time of day as 10:09",
    ]

    /// What an id, an attribute and a format are written with.
    static func isBindingCharacter(_ c: Unicode.Scalar) -> Bool {
        c.isASCII && (c.properties.isAlphabetic || ("0"..."9").contains(c) || "_-.:()".unicodeScalars.contains(c))
    }

    /// The key whose value the text before the `{` is, and the quote it opened: `text: "Now ` → `text`, `"`.
    static func textKey(before text: String) -> (String, String)? {
        guard let match = text.firstMatch(of: /([A-Za-z_][A-Za-z0-9_]*):[ \t]+(["']?)[^"']*$/) else { return nil }
        return (String(match.1), String(match.2))
    }

    /// The document's references; while the text being typed leaves the file unreadable (a quote
    /// not closed yet), those of the file with the line cut before the binding and its quote closed.
    static func graph(_ request: FeatureRequest, line: Int, before: String, quote: String) -> References {
        guard !request.analysis.readsCleanly else { return request.analysis.references }
        let document = request.document
        var lines = (0..<document.lineCount).map { document.lineText($0) }
        lines[line] = before + quote
        let patched = TextDocument(uri: document.uri, version: document.version, text: lines.joined(separator: "\n"))
        return DocumentAnalysis(patched, frontend: request.analysis.frontend, encoding: request.encoding).references
    }
}
