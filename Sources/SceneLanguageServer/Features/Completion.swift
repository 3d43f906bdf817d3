import SceneCheck
import SceneModel
import SceneSchema
import SceneSupport
import SceneSyntax

/// `textDocument/completion`. What is being typed is usually not YAML yet (`  progr` alone on a
/// line), so the word at the cursor is replaced by a placeholder key or value and the text is
/// read again with the real YAML reader: where the placeholder lands says what fits there.
enum Completion {
    static let placeholder = "scenecCompletionHere"

    static func respond(_ request: FeatureRequest) -> Result<JSONValue, FeatureError> {
        guard let position = Position(request.params["position"]) else {
            return .failure(FeatureError(code: .invalidParams, message: "completion needs a position"))
        }
        if let binding = BindingCompletion.items(request, at: position) ?? Components.dollarItems(request, at: position) {
            return .success(.object([
                JSONMember(key: "isIncomplete", value: false),
                JSONMember(key: "items", value: .array(binding.items.map { $0.json(replacing: binding.range) })),
            ]))
        }
        let document = request.document
        let offset = document.offset(of: position, encoding: request.encoding)
        let bytes = document.bytes
        var start = offset, end = offset
        while start > 0, isWordByte(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, isWordByte(bytes[end]) { end += 1 }
        guard let (patched, spot) = placeholderSpot(bytes, start, end, request) else {
            return .success(["isIncomplete": false, "items": []])
        }
        let replaced = LSPRange(start: document.position(ofByte: start, encoding: request.encoding),
                                end: document.position(ofByte: end, encoding: request.encoding))
        let colonFollows = bytes[end...].drop { $0 == UInt8(ascii: " ") }.first == UInt8(ascii: ":")
        let items: [Item] = spot.onKey
            ? keyItems(spot, colonFollows: colonFollows, library: SceneChecker.isLibrary(patched.tree), in: patched)
            : valueItems(spot, in: patched)
        return .success(.object([
            JSONMember(key: "isIncomplete", value: false),
            JSONMember(key: "items", value: .array(items.map { $0.json(replacing: replaced) })),
        ]))
    }

    /// Letters, digits and what scenec's words, ids, numbers and targets contain.
    static func isWordByte(_ b: UInt8) -> Bool {
        (b >= 0x30 && b <= 0x39) || (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || b == UInt8(ascii: "_")
            || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "%") || b >= 0x80
    }

    /// The text with the placeholder for the word, read as YAML, and where the placeholder is:
    /// as a value or key as written, else as a key (`progr` alone on its line).
    static func placeholderSpot(_ bytes: [UInt8], _ start: Int, _ end: Int,
                                _ request: FeatureRequest) -> (DocumentAnalysis, Spot)? {
        let head = Array(bytes[..<start]), tail = Array(bytes[end...])
        for filler in [placeholder, placeholder + ":"] {
            let text = String(decoding: head + Array(filler.utf8) + tail, as: UTF8.self)
            let doc = TextDocument(uri: request.document.uri, version: request.document.version, text: text)
            // The document's size limit too: completion of an instance's keys, `type:` and
            // `target:` reads the check of the patched text.
            let analysis = DocumentAnalysis(doc, frontend: request.analysis.frontend, encoding: request.encoding,
                                            oversize: request.analysis.oversize)
            guard let tree = analysis.tree else { continue }
            let location = doc.location(of: doc.position(ofByte: start, encoding: .utf8), encoding: .utf8)
            if let spot = Spot.find(in: tree, at: location) { return (analysis, spot) }
        }
        return nil
    }

    struct Item {
        var label: String
        var kind: Int
        var detail: String?
        var doc: String?
        var insert: String?

        func json(replacing range: LSPRange) -> JSONValue {
            var item: JSONValue = ["label": .string(label), "kind": .int(kind),
                                   "textEdit": ["range": range.json, "newText": .string(insert ?? label)]]
            if let detail { item = item.setting("detail", .string(detail)) }
            if let doc { item = item.setting("documentation", ["kind": "markdown", "value": .string(doc)]) }
            return item
        }
    }

    /// LSP's CompletionItemKind.
    enum Kind {
        static let property = 10, value = 12, enumMember = 20, color = 16, classKind = 7, reference = 18, function = 3
        static let field = 5, module = 9
    }

    static func keyItems(_ spot: Spot, colonFollows: Bool, library: Bool = false, in analysis: DocumentAnalysis? = nil) -> [Item] {
        guard let role = spot.role else { return [] }
        let present = Set((spot.mapping.mapping ?? []).map(\.key))
        // An instance takes its component's parameters, then a group's keys but children.
        let component = analysis.flatMap { Components.instanced(spot, in: $0) }
        let arguments = component.map { Components.argumentItems($0, present: present, colonFollows: colonFollows) } ?? []
        return arguments + (role == .top && library ? Vocabulary.libraryKeys : Vocabulary.keys(for: role, viewType: spot.viewType))
            .filter { !present.contains($0.name) && !(spot.componentName != nil && Registry.containerKeys.contains($0.name)) }
            .map { Item(label: $0.name, kind: Kind.property, detail: $0.detail, doc: $0.doc,
                        insert: colonFollows ? $0.name : $0.name + ": ") }
    }

    static func valueItems(_ spot: Spot, in analysis: DocumentAnalysis) -> [Item] {
        let key = spot.pair.key
        switch (spot.role, key) {
        case (.view?, "type"):
            return ViewType.allCases.map { Item(label: $0.rawValue, kind: Kind.classKind, doc: EditorVocabulary.summary(of: $0)) }
                + Components.typeItems(in: analysis)
        case (.view?, "style"):
            return Styles.names(in: analysis).map { style in
                Item(label: style.name, kind: Kind.reference, detail: "style",
                     doc: "**\(style.name)**: " + style.keys.joined(separator: ", "))
            }
        case (.animation?, "target"):
            // The file's views, then the views its instances hold (`cpu.ring`), as the checker made them.
            let written = analysis.ids.compactMap { entry in entry.view.type.map { (entry.id, $0) } }
            let held = analysis.references.viewTypes.filter { $0.key.contains(".") }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            return (written + held).flatMap { id, type -> [Item] in
                type.kind.attributes.filter { $0.animatable != .no }.map { spec in
                    Item(label: "\(id).\(spec.name)", kind: Kind.reference, detail: spec.kind.name,
                         doc: Vocabulary.attributeDoc(spec))
                }
            }
        case (.parameter?, "kind"):
            return Components.kindItems()
        case (.animation?, "easing"), (.keyframe?, "easing"):
            return EditorVocabulary.easingNames.map { name in
                Item(label: name, kind: Kind.enumMember, detail: "easing",
                     doc: "Core Animation's \(name) curve" + (EditorVocabulary.easingCurve(name).map { ": \($0)" } ?? ""))
            }
                + EditorVocabulary.easingFunctionForms.map {
                    Item(label: $0, kind: Kind.function, detail: "easing", doc: EditorVocabulary.easingForms, insert: "\"\($0)\"")
                }
                + [Item(label: "{spring: {mass: 1, stiffness: 100, damping: 10}}", kind: Kind.function, detail: "easing",
                        doc: "A damped spring, run in real seconds like CASpringAnimation.")]
        default:
            guard let kind = Hover.valueKind(spot, in: analysis) else { return [] }
            if let (component, parameter) = Components.parameter(spot, in: analysis) {
                return values(of: kind, doc: Components.parameterDoc(parameter, of: component))
            }
            let spec = Vocabulary.attribute(key, role: spot.role, viewType: spot.viewType)
            return values(of: kind, doc: spec.map(Vocabulary.attributeDoc))
        }
    }

    /// The words a kind of value takes, each documented by the attribute's doc.
    static func values(of kind: ValueKind, doc: String?) -> [Item] {
        switch kind {
        case .bool: return ["true", "false"].map { Item(label: $0, kind: Kind.value, detail: "bool", doc: doc) }
        case .choice(let words): return words.map { Item(label: $0, kind: Kind.enumMember, detail: kind.name, doc: doc) }
        case .fontWeight:
            return EditorVocabulary.fontWeights.map { Item(label: $0, kind: Kind.enumMember, detail: "font weight", doc: doc) }
        case .timeOfDay: return [Item(label: "now", kind: Kind.value, detail: "time of day", doc: "The local time at render.")]
        case .color:
            // The documentation is the colour itself, which editors show as a swatch.
            return EditorVocabulary.colorNames.map { Item(label: $0.name, kind: Kind.color, detail: "color",
                                                          doc: Colors.hex($0.color)) }
                + SystemColors.all.map { Item(label: $0.name, kind: Kind.color, detail: "iOS system color",
                                              doc: Colors.sides(.system($0))) }
                + [Item(label: "{color: systemBlue, alpha: 0.5}", kind: Kind.color, detail: "color with its own alpha",
                        doc: "Any single color with its alpha replaced (0–1): a system color keeps its name and both sides.")]
        default: return []
        }
    }
}
