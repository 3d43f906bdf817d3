import SceneCheck
import SceneModel
import SceneSyntax
import ScenecKit

/// `GET /api/styles`: the scene's styles (its own and those of the files it imports), each with
/// the file that defines it — where the styles panel's "Write" goes — its attributes as written
/// there, and how many views use it. Read from the checker's references graph, which exists
/// even while the scene has errors.
struct StylesDocument: Encodable {
    struct Style: Encodable {
        var name: String
        /// The file defining it as the scene's imports resolve it; nil: the scene's own `styles:`.
        var file: String?
        var line: Int
        var attributes: [Attribute]
        /// The views naming it in `style:`.
        var uses: Int
        /// Files whose definition of the name this one replaces (an earlier import's).
        var replaces: [String]
    }

    struct Attribute: Encodable {
        var name: String
        /// The value as written; null when it is not one plain value (a `{light, dark}` mapping).
        var value: String?
        /// The value as the inspector's controls take it (`current.value` there): a number for a
        /// number, true/false, otherwise its text; from the request's `set` override of it when
        /// there is one, else from the file. Null when it cannot be read as the attribute's kind.
        var current: JSONScalar
        /// A colour's form (a system colour's name, `{color, alpha}`, `{light, dark}`), so the
        /// colour control shows and edits what the file says rather than a default.
        var form: ColorFormInfo?
        /// The request's `set` gives it (the page's override, not the file's value).
        var overridden: Bool

        // Written out in full: a nil `value` must reach the page as null, not as a missing key
        // (the synthesized encoding omits nil), which the page would read as a plain value.
        func encode(to encoder: any Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(name, forKey: .name)
            try c.encode(value, forKey: .value)
            try c.encode(current, forKey: .current)
            try c.encodeIfPresent(form, forKey: .form)
            try c.encode(overridden, forKey: .overridden)
        }

        enum CodingKeys: String, CodingKey { case name, value, current, form, overridden }
    }

    var scene: String
    var styles: [Style]
}

extension PreviewAPI {
    func styles(_ request: Request) -> Response {
        guard request.method == "GET" || request.method == "HEAD" else { return .onlyMethod("GET, HEAD") }
        let parameters: Parameters
        switch Self.parameters(request) {
        case .success(let p): parameters = p
        case .failure(let refusal): return refusal
        }
        // The page's overrides of style attributes, the last of each winning as on the command line.
        var overrides: [String: Override] = [:]
        for o in parameters.sets {
            if case .style(let style, let attribute) = o.address { overrides[style + "\u{0}" + attribute] = o }
        }
        let appearance = parameters.appearance ?? renders.frontend.options.appearance
        let snapshot = source.snapshot
        let frontend = renders.frontend
        let file = SourceFile(name: source.path, bytes: snapshot.bytes)
        let references = frontend.checkResult(file).references
        // Each defining file read once, as the checker read it (`readImport`: inside the root).
        var trees: [String?: Node] = [:]
        func tree(_ path: String?) -> Node? {
            if let known = trees[path] { return known }
            let bytes: [UInt8]
            if let path {
                guard case .success(let b)? = frontend.options.readImport?(path) else { return nil }
                bytes = b
            } else {
                bytes = snapshot.bytes
            }
            let root = YAMLReader(limits: frontend.readerLimits).read(SourceFile(name: path ?? source.path, bytes: bytes)).root
            trees[path] = root
            return root
        }
        // Linear in the number of styles (a hostile scene may hold a hundred thousand): each
        // list is grouped by name once, and each defining file's `styles:` indexed once.
        var definitions: [String: [References.StyleDefinition]] = [:]
        var names: [String] = []   // in the order the checker first met them
        for definition in references.styles {
            if definitions[definition.name] == nil { names.append(definition.name) }
            definitions[definition.name, default: []].append(definition)
        }
        var uses: [String: Int] = [:]
        for use in references.styleUses { uses[use.name, default: 0] += 1 }
        var indexed: [String?: [String: [Node.Pair]]] = [:]
        func stylePairs(_ path: String?, _ name: String) -> [Node.Pair] {
            if indexed[path] == nil {
                var byName: [String: [Node.Pair]] = [:]
                for pair in tree(path)?.mapping?.first(where: { $0.key == "styles" })?.value.mapping ?? []
                where byName[pair.key] == nil {   // the first, as `first { $0.key == name }` took
                    byName[pair.key] = pair.value.mapping ?? []
                }
                indexed[path] = byName
            }
            return indexed[path]?[name] ?? []
        }
        var styles: [StylesDocument.Style] = []
        for name in names {
            guard let defined = definitions[name], let winner = defined.last else { continue }
            let pairs = stylePairs(winner.file, name)
            styles.append(StylesDocument.Style(
                name: name, file: winner.file, line: winner.range.start.line,
                attributes: pairs.map { pair in
                    Self.attribute(pair, override: overrides[name + "\u{0}" + pair.key], appearance: appearance)
                },
                uses: uses[name] ?? 0,
                replaces: defined.dropLast().map { $0.file ?? source.name }))
        }
        return Self.json(200, StylesDocument(scene: source.name, styles: styles))
    }

    /// Every attribute name's value kind, from the registry (a style serves every kind; a name
    /// two kinds share has one kind in the registry's list order, the first, as the page's
    /// `specOf` takes it).
    static let attributeKinds: [String: ValueKind] = {
        var kinds: [String: ValueKind] = [:]
        for kind in Registry.kinds {
            for spec in kind.attributes where kinds[spec.name] == nil { kinds[spec.name] = spec.kind }
        }
        return kinds
    }()

    static func attribute(_ pair: Node.Pair, override: Override?, appearance: Appearance) -> StylesDocument.Attribute {
        let kind = attributeKinds[pair.key]
        var node = pair.value
        if let override {
            let literal: Bool = if case .text? = kind { true } else { false }
            if case .success(let n) = override.valueNode(literal: literal) { node = n }
        }
        var current = JSONScalar.null
        var form: ColorFormInfo?
        if let kind, case .success(let value) = ValueParser.parse(node, as: kind, what: pair.key) {
            if case .colorForm(let f) = value {
                form = ColorFormInfo(f, appearance: appearance)
                current = .text(f.color(for: appearance).description)
            } else {
                current = JSONScalar(value)
            }
        } else if let text = node.scalar?.text {
            current = .text(text)
        }
        return StylesDocument.Attribute(name: pair.key, value: override?.valueText ?? pair.value.scalar?.text,
                                        current: current, form: form, overridden: override != nil)
    }
}
