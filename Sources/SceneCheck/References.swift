import SceneModel
import SceneSyntax

/// Every name a scene declares and every place that names it, with source ranges: view ids and
/// their uses in `target:`, in `{id.attribute}` bindings inside texts and in `--set`; styles and
/// their uses in `style:`; imports. Read from the YAML tree, so it exists even when the scene has
/// errors (an editor renames in a half-written file); the checker's unknown-id messages and the
/// language server's rename, definition, hover and completion all read this one graph.
/// Ranges are in the scene's own file unless a `file` says otherwise.
public struct References: Sendable {
    /// `id: download` in a view.
    public struct Declaration: Sendable, Hashable {
        public var id: String
        /// The view's kind, when its `type` is one.
        public var type: ViewType?
        /// The id as written (inside its quotes).
        public var range: SourceRange
        /// The view's whole mapping.
        public var viewRange: SourceRange
    }

    /// `target: download.progress` in an animation.
    public struct Target: Sendable, Hashable {
        public var id: String
        public var attribute: String
        public var idRange: SourceRange
        public var attributeRange: SourceRange
        /// The whole `target:` value.
        public var range: SourceRange
    }

    /// `{download.progress:percent}` inside a text.
    public struct Binding: Sendable, Hashable {
        public var id: String
        public var attribute: String
        public var format: TextTemplate.Format
        public var idRange: SourceRange
        public var attributeRange: SourceRange
        /// The format after the colon; nil when none is written.
        public var formatRange: SourceRange?
        /// From `{` to `}`.
        public var range: SourceRange
        /// The whole text value the binding is in, and the binding's place in its text (characters).
        public var textRange: SourceRange
        public var offset: Int
        /// The view (or style) whose text holds it, and the text's key.
        public var key: String
    }

    /// `brand:` under `styles:`, in the scene or a file it imports.
    public struct StyleDefinition: Sendable, Hashable {
        public var name: String
        public var range: SourceRange
        /// The imported file's path; nil for the scene itself.
        public var file: String?
        /// The attributes it sets.
        public var keys: [String]

        public init(name: String, range: SourceRange, file: String?, keys: [String]) {
            self.name = name
            self.range = range
            self.file = file
            self.keys = keys
        }
    }

    /// A style named by `style: brand` or an item of `style: [base, brand]`.
    public struct StyleUse: Sendable, Hashable {
        public var name: String
        public var range: SourceRange
    }

    /// An item of `imports:` in the scene.
    public struct Import: Sendable, Hashable {
        public var name: String
        public var range: SourceRange
    }

    /// A `--set ID.ATTR=…` naming a view by id.
    public struct OverrideUse: Sendable, Hashable {
        public var id: String
        public var option: String
    }

    public internal(set) var declarations: [Declaration] = []
    public internal(set) var targets: [Target] = []
    public internal(set) var bindings: [Binding] = []
    public internal(set) var styles: [StyleDefinition] = []
    public internal(set) var styleUses: [StyleUse] = []
    public internal(set) var imports: [Import] = []
    public internal(set) var overrides: [OverrideUse] = []
    /// Each id a view of a known kind declares (the first, when written twice), with the kind:
    /// what a `target:` or a binding can name.
    public internal(set) var viewTypes: [String: ViewType] = [:]
    /// The components the file can use, as the components checker read them (ComponentReferences.swift).
    public internal(set) var components: [Component] = []

    public init() {}

    /// The ids, sorted, for messages.
    public var ids: [String] { viewTypes.keys.sorted() }

    /// The first declaration of `id`.
    public func declaration(of id: String) -> Declaration? { declarations.first { $0.id == id } }

    /// Every range that writes `id`: its declarations, the id part of each target and binding.
    /// An instance's id is also the first part of its views' (`cpu` in `cpu.ring.progress`).
    public func ranges(of id: String) -> [SourceRange] {
        func written(_ written: String, at range: SourceRange) -> SourceRange? {
            if written == id { return range }
            guard written.hasPrefix(id + "."), range.start.line == range.end.line,
                  range.end.column - range.start.column == written.count else { return nil }
            return SourceRange(start: range.start, end: SourceLocation(line: range.start.line, column: range.start.column + id.count))
        }
        return declarations.filter { $0.id == id }.map(\.range) + targets.compactMap { written($0.id, at: $0.idRange) }
            + bindings.compactMap { written($0.id, at: $0.idRange) }
    }

    /// Every range that writes the style `name` in the scene: its definition there, and its uses.
    public func ranges(ofStyle name: String) -> [SourceRange] {
        styles.filter { $0.name == name && $0.file == nil }.map(\.range) + styleUses.filter { $0.name == name }.map(\.range)
    }

    /// The style `name` as the checker applies it: the last definition (the scene's own win over imports).
    public func style(named name: String) -> StyleDefinition? { styles.last { $0.name == name } }

    /// The binding whose `{…}` contains `location`.
    public func binding(at location: SourceLocation) -> Binding? {
        bindings.first { $0.range.start <= location && location <= $0.range.end }
    }

    /// The binding written at character `offset` of the text value at `textRange`.
    public func binding(inTextAt textRange: SourceRange, offset: Int) -> Binding? {
        bindingIndex[BindingKey(text: textRange.start, offset: offset)].map { bindings[$0] }
    }

    struct BindingKey: Hashable {
        var text: SourceLocation
        var offset: Int
    }

    var bindingIndex: [BindingKey: Int] = [:]

    /// Each text with bindings, read once, by where it is written: the checker reads them here.
    var templates: [SourceLocation: (text: String, template: TextTemplate)] = [:]

    /// The template of `text` written at `range`, when the graph read it there.
    func template(of text: String, writtenAt range: SourceRange) -> TextTemplate? {
        templates[range.start].flatMap { $0.text == text ? $0.template : nil }
    }

    /// The texts of views whose `{…}` do not all read, with the template of those that do: value
    /// parsing rejects such a text whole, so the checker finds its well-formed bindings here.
    var unreadTexts: [(text: String, range: SourceRange, template: TextTemplate)] = []

    /// A text whose `{…}` does not read (`'{' without its '}'`): the problem's message and its
    /// own range, by the whole text's range.
    var templateProblems: [SourceRange: [(message: String, range: SourceRange)]] = [:]

    /// `diagnostics` with each template problem in a scene text that value parsing could place
    /// only at the whole text (it has the tree, not the source: a quoted, escaped or block text)
    /// moved to the `{…}` it is about.
    package func placingTemplateProblems(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !templateProblems.isEmpty else { return diagnostics }
        return diagnostics.map { d in
            guard d.file == nil, d.origin == nil,
                  let problem = templateProblems[d.range]?.first(where: { $0.message == d.message }) else { return d }
            var placed = d
            placed.range = problem.range
            return placed
        }
    }
}

extension References {
    /// The graph of the scene `root` (read from `file`, nil when the text is not at hand: then a
    /// binding's range is its whole text), with the `styles:` of the files it imports and the
    /// `--set` options.
    package static func build(_ root: Node?, file: SourceFile?, imported: [StyleDefinition] = [],
                              overrides: [Override] = []) -> References {
        var graph = References()
        guard let top = root?.mapping else { return graph }
        for item in top["imports"]?.value.sequence ?? (top["imports"].map { [$0.value] } ?? []) {
            if let name = item.scalar?.text, !name.isEmpty { graph.imports.append(Import(name: name, range: item.range)) }
        }
        graph.styles = imported
        if let styles = top["styles"]?.value { graph.readStyles(styles, file: file) }
        graph.readViews(top["views"]?.value, file: file)
        for animation in top["timeline"]?.value.mapping?["animations"]?.value.sequence ?? [] {
            if let target = animation.mapping?["target"]?.value { graph.readTarget(target, file: file) }
        }
        for o in overrides {
            if case .view(.id(let id), _) = o.address { graph.overrides.append(OverrideUse(id: id, option: o.option)) }
        }
        return graph
    }

    /// Attributes of any kind that hold text (and so may hold bindings), for styles, which
    /// serve every kind.
    package static let textKeys: Set<String> = Set(textAttributes.values.joined())

    /// Each kind's attributes that hold text, worked out once (a check asks for every view).
    static let textAttributes: [ViewType: [String]] = Dictionary(uniqueKeysWithValues: Registry.kinds.map { kind in
        (kind.type, kind.attributes.filter { $0.kind == .text }.map(\.name))
    })

    /// The styles of one `styles:` mapping written in `path` (nil: the scene).
    static func styles(_ node: Node, path: String?) -> [StyleDefinition] {
        (node.mapping ?? []).map { style in
            StyleDefinition(name: style.key, range: style.keyRange, file: path, keys: (style.value.mapping ?? []).map(\.key))
        }
    }

    mutating func readStyles(_ node: Node, file: SourceFile?) {
        styles += Self.styles(node, path: nil)
        for style in node.mapping ?? [] {
            for pair in style.value.mapping ?? [] where Self.textKeys.contains(pair.key) {
                readText(pair.value, key: pair.key, file: file)
            }
        }
    }

    mutating func readViews(_ list: Node?, file: SourceFile?) {
        for item in list?.sequence ?? [] {
            guard let pairs = item.mapping else { continue }
            // One pass over the keys: this runs for every view of every check.
            var type: ViewType?, idNode: Node?, styleNode: Node?, children: Node?
            var texts: [Node.Pair] = []
            for pair in pairs {
                switch pair.key {
                case "type": type = pair.value.scalar.flatMap { ViewType(rawValue: $0.text) }
                case "id": idNode = pair.value
                case "style": styleNode = pair.value
                case "children": children = pair.value
                default: if Self.textKeys.contains(pair.key) { texts.append(pair) }
                }
            }
            if let idNode, let s = idNode.scalar, !s.isNull {
                let range = Self.range(of: s.text, in: idNode, file: file)
                declarations.append(Declaration(id: s.text, type: type, range: range, viewRange: item.range))
                // The checker's own rule, so a target or binding is known exactly when the view is.
                if let type, ViewSelector.isValidID(s.text), viewTypes[s.text] == nil { viewTypes[s.text] = type }
            }
            for name in styleNode.map({ $0.sequence ?? [$0] }) ?? [] {
                if let s = name.scalar, !s.isNull { styleUses.append(StyleUse(name: s.text, range: Self.range(of: s.text, in: name, file: file))) }
            }
            // A text attribute of the view's kind (of any kind, while its type is unknown).
            for pair in texts where type.map({ Self.textAttributes[$0]?.contains(pair.key) ?? false }) ?? true {
                readText(pair.value, key: pair.key, file: file, inViewOfKind: type != nil)
            }
            readViews(children, file: file)
        }
    }

    mutating func readTarget(_ node: Node, file: SourceFile?) {
        guard let text = node.scalar?.text, let dot = text.lastIndex(of: ".") else { return }
        let id = String(text[..<dot]), attribute = String(text[text.index(after: dot)...])
        let map = Self.map(text, in: node, file: file)
        let idLength = id.count
        let idRange = map?.range(offset: 0, length: idLength) ?? node.range
        let attributeRange = map?.range(offset: idLength + 1, length: attribute.count) ?? node.range
        targets.append(Target(id: id, attribute: attribute, idRange: idRange, attributeRange: attributeRange, range: node.range))
    }

    /// `inViewOfKind`: the text is a text attribute of a view whose kind is known, so the
    /// checker checks the `{…}` that read even when others in it do not.
    mutating func readText(_ node: Node, key: String, file: SourceFile?, inViewOfKind: Bool = false) {
        // Most texts bind nothing: the template is read only when a brace is there.
        guard let text = node.scalar?.text, text.contains("{") else { return }
        let template: TextTemplate
        switch TextTemplate.parse(text) {
        case .success(let t):
            template = t
            guard template.isBound else { return }
            templates[node.range.start] = (text, template)
        case .failure:
            let map = Self.map(text, in: node, file: file)
            for problem in TextTemplate.problems(in: text) {
                if let range = map?.range(offset: problem.offset, length: Swift.max(1, problem.length)) {
                    templateProblems[node.range, default: []].append((problem.message, range))
                }
            }
            // The `{…}` that read are bindings as any other (rename, definition, the checker).
            template = TextTemplate.readable(text)
            guard template.isBound else { return }
            if inViewOfKind { unreadTexts.append((text, node.range, template)) }
        }
        let map = Self.map(text, in: node, file: file)
        for b in template.bindings {
            // `{` id `.` attribute [`:` format] `}`, in characters of the text.
            let idStart = b.offset + 1, attributeStart = idStart + b.viewID.count + 1
            let formatStart = attributeStart + b.attribute.count + 1
            let formatLength = b.offset + b.length - 1 - formatStart
            func place(_ offset: Int, _ length: Int) -> SourceRange {
                map?.range(offset: offset, length: length) ?? node.range
            }
            bindingIndex[BindingKey(text: node.range.start, offset: b.offset)] = bindings.count
            bindings.append(Binding(id: b.viewID, attribute: b.attribute, format: b.format,
                                    idRange: place(idStart, b.viewID.count),
                                    attributeRange: place(attributeStart, b.attribute.count),
                                    formatRange: formatLength > 0 ? place(formatStart, formatLength) : nil,
                                    range: place(b.offset, b.length), textRange: node.range, offset: b.offset, key: key))
        }
    }

    /// The source map of a scalar that is not one plain line (where the range is exact already).
    static func map(_ text: String, in node: Node, file: SourceFile?) -> ScalarSourceMap? {
        guard let file else { return nil }
        return ScalarSourceMap(text: text, writtenAt: node.range, in: file)
    }

    /// Where a whole scalar's text is written: inside its quotes.
    static func range(of text: String, in node: Node, file: SourceFile?) -> SourceRange {
        if node.scalar?.isPlain == true, node.range.start.line == node.range.end.line { return node.range }
        return map(text, in: node, file: file)?.range(offset: 0, length: text.count) ?? node.range
    }
}
