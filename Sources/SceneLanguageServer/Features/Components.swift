import SceneCheck
import SceneModel
import SceneSchema
import SceneSupport
import SceneSyntax

/// Components in the editor (docs/language.md §11): an instance's arguments completed and
/// explained from its component's parameters, `type:` offering the components the file can use,
/// and the way from `type: Meter` to its definition. All of it read from the checker's
/// `References.components` (the definitions the components checker read, imported ones with
/// their files), never from the YAML again.
enum Components {
    /// The component the view under the cursor is an instance of, when the file can use it.
    static func instanced(_ spot: Spot, in analysis: DocumentAnalysis) -> References.Component? {
        spot.componentName.flatMap { analysis.references.component(named: $0) }
    }

    /// The parameter an instance's key names.
    static func parameter(_ spot: Spot, in analysis: DocumentAnalysis) -> (References.Component, References.Parameter)? {
        guard let component = instanced(spot, in: analysis), let parameter = component.parameter(named: spot.pair.key) else { return nil }
        return (component, parameter)
    }

    /// The parameter a `$name` under the cursor names, inside a definition of this document
    /// (`components: {Meter: {views: […]}}`), with the `$name`'s range.
    static func reference(_ spot: Spot, at location: SourceLocation, in analysis: DocumentAnalysis)
        -> (References.Component, References.Parameter, SourceRange)? {
        guard !spot.onKey, spot.mappingPath.count >= 2, spot.mappingPath[0].key == "components",
              let name = spot.mappingPath[1].key, let text = spot.node.scalar?.text,
              let component = analysis.references.components.last(where: { $0.name == name && $0.file == nil }),
              let map = ScalarSourceMap(text: text, writtenAt: spot.node.range, in: analysis.file) else { return nil }
        for r in References.parameterReferences(in: text) {
            guard let range = map.range(offset: r.offset, length: r.length), range.contains(location),
                  let parameter = component.parameter(named: r.name) else { continue }
            return (component, parameter, range)
        }
        return nil
    }

    /// The parameter whose declaration (`value: {kind: …, default: …}`) the spot is in, as the
    /// checker read it (nil when the checker refused it, say for its kind).
    static func declared(_ spot: Spot, in analysis: DocumentAnalysis) -> References.Parameter? {
        guard spot.role == .parameter, spot.mappingPath.count == 4, let name = spot.mappingPath[1].key,
              let parameter = spot.mappingPath[3].key else { return nil }
        return analysis.references.components.last { $0.name == name && $0.file == nil }?.parameter(named: parameter)
    }

    /// What a parameter's `kind:` may be: a value kind by name, or any view kind's attribute.
    static func kindItems() -> [Completion.Item] {
        let doc = EditorVocabulary.doc(ofKey: "kind", in: "parameter")
        return References.parameterKindNames.map { Completion.Item(label: $0.name, kind: Completion.Kind.enumMember, detail: $0.kind.name, doc: doc) }
            + ViewType.allCases.flatMap { type in
                type.kind.attributes.map { spec in
                    Completion.Item(label: "\(type.rawValue).\(spec.name)", kind: Completion.Kind.reference, detail: spec.kind.name,
                                    doc: Vocabulary.attributeDoc(spec))
                }
            }
    }

    /// Where a parameter is declared, in the document or the imported file its component is in.
    static func location(of p: References.Parameter, in c: References.Component, _ request: FeatureRequest) -> JSONValue {
        location(c.file, p.range, request)
    }

    /// `**value**: ring.progress (number 0–1) · default 0 — parameter of Meter`, then its doc.
    static func parameterDoc(_ p: References.Parameter, of component: References.Component) -> String {
        let need = p.defaultText.map { "default: \($0)" } ?? "required (no default)"
        return "**\(p.name)**: \(p.kindDescription)\n\n\(need) · parameter of \(component.name)" + (p.doc.map { "\n\n\($0)" } ?? "")
    }

    /// The component's doc, where it is written, and its parameters.
    static func componentDoc(_ c: References.Component) -> String {
        var text = "**\(c.name)** (component\(c.file.map { " from \($0.name)" } ?? ""))"
        if let doc = c.doc { text += "\n\n\(doc)" }
        if c.parameters.isEmpty {
            text += "\n\nno parameters"
        } else {
            text += "\n\nparameters:\n" + c.parameters.map { p in
                "- `\(p.name)`: \(p.kindDescription)" + (p.defaultText.map { ", default \($0)" } ?? ", required") + (p.doc.map { ": \($0)" } ?? "")
            }.joined(separator: "\n")
        }
        if !c.isValid { text += "\n\n(its definition has errors: its instances are not drawn)" }
        return text
    }

    /// An instance's own keys besides a group's: the parameters not yet written.
    static func argumentItems(_ component: References.Component, present: Set<String>, colonFollows: Bool) -> [Completion.Item] {
        component.parameters.filter { !present.contains($0.name) }.map { p in
            Completion.Item(label: p.name, kind: Completion.Kind.field, detail: p.kindDescription + (p.isRequired ? " (required)" : ""),
                            doc: parameterDoc(p, of: component), insert: colonFollows ? p.name : p.name + ": ")
        }
    }

    /// The components the file can use, for `type:`.
    static func typeItems(in analysis: DocumentAnalysis) -> [Completion.Item] {
        analysis.references.components.map { c in
            Completion.Item(label: c.name, kind: Completion.Kind.module, detail: "component" + (c.file.map { " (\($0.name))" } ?? ""),
                            doc: componentDoc(c))
        }
    }

    /// Completion after `$` in a definition of this document (`progress: $va`): the component's
    /// parameters, replacing the name typed so far. Found on the cursor's line and the lines
    /// above it (what is being typed is rarely YAML yet): an odd run of `$` (`$$` writes a
    /// dollar) before letters, digits and `_`, under `components:` → `NAME:`.
    static func dollarItems(_ request: FeatureRequest, at position: Position) -> (items: [Completion.Item], range: LSPRange)? {
        let document = request.document
        let line = document.lineRange(position.line)
        let cursor = Swift.min(Swift.max(line.lowerBound, document.offset(of: position, encoding: request.encoding)), line.upperBound)
        let prefix = Array(document.bytes[line.lowerBound..<cursor])
        var start = prefix.count
        while start > 0, isNameByte(prefix[start - 1]) { start -= 1 }
        var run = 0
        while start - 1 - run >= 0, prefix[start - 1 - run] == UInt8(ascii: "$") { run += 1 }
        guard run % 2 == 1, start == prefix.count || !(prefix[start] >= 0x30 && prefix[start] <= 0x39),
              let name = definitionName(above: position.line, in: document) else { return nil }
        let before = String(decoding: prefix[..<(start - 1)], as: UTF8.self)
        var component = request.analysis.references.components.last { $0.name == name && $0.file == nil }
        if component == nil, request.analysis.tree == nil {
            // The text being typed leaves the file unreadable (a quote not closed yet).
            let quote = BindingCompletion.textKey(before: before)?.1 ?? ""
            component = BindingCompletion.graph(request, line: position.line, before: before, quote: quote)
                .components.last { $0.name == name && $0.file == nil }
        }
        guard let component else { return nil }
        let items = component.parameters.map { p in
            Completion.Item(label: p.name, kind: Completion.Kind.field, detail: p.kindDescription, doc: parameterDoc(p, of: component))
        }
        let range = LSPRange(start: document.position(ofByte: line.lowerBound + start, encoding: request.encoding),
                             end: document.position(ofByte: cursor, encoding: request.encoding))
        return (items, range)
    }

    /// The name of the definition (`  Meter:` under `components:`) the line `n` is in, from the
    /// indentation of the lines above it; nil outside `components:`.
    static func definitionName(above n: Int, in document: TextDocument) -> String? {
        // Each line further left than all below it is an enclosing key: the last before the
        // top-level `components:` is the definition's name.
        var least = Int.max, enclosing: String?
        for i in stride(from: n - 1, through: 0, by: -1) {
            let text = document.lineText(i)
            let indent = text.prefix { $0 == " " }.count
            let body = text.dropFirst(indent)
            guard !body.isEmpty, !body.hasPrefix("#"), indent < least else { continue }
            if indent == 0 { return body.hasPrefix("components:") ? enclosing : nil }
            least = indent
            enclosing = body.firstMatch(of: /^([A-Z][A-Za-z0-9]*):[ \t]*(#.*)?$/).map { String($0.1) }
        }
        return nil
    }

    /// What a parameter's name is written with after `$`.
    static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == UInt8(ascii: "_")
    }

    /// Where the component is defined: in the document, or in the imported file with positions
    /// counted in that file's own text.
    static func location(of c: References.Component, _ request: FeatureRequest) -> JSONValue {
        location(c.file, c.range, request)
    }

    static func location(_ file: SourceFile?, _ range: SourceRange, _ request: FeatureRequest) -> JSONValue {
        guard let file else { return request.location(range) }
        let other = TextDocument(uri: FileURI.uri(file.name), version: 0, text: String(decoding: file.bytes, as: UTF8.self))
        return ["uri": .string(other.uri), "range": other.range(of: range, encoding: request.encoding).json]
    }
}
