import SceneModel
import SceneSyntax

/// Where the views of an instance come from: ViewChecker reads it to report a problem in them
/// in the definition's file, with a note naming the use.
struct ExpansionOrigin {
    var component: String
    var file: SourceFile?
    /// "in Meter, used by 'cpu' at scene.yaml:7:5".
    var note: String
    var parameters: [String]
}

/// An animation of a definition made for one instance, with where to report its problems.
struct InstanceAnimation {
    var node: Node
    var file: SourceFile?
    /// The notes naming the uses, innermost last.
    var context: [String]
}

/// Views with instances of components → the same views with each instance a `group` holding
/// its definition's views (docs/language.md §11): `repeat:` made into its copies, `$name`s
/// replaced by the instance's arguments, ids scoped by the instance's (`cpu.ring`), texts'
/// bindings and animations' targets naming the instance's views. The arguments are checked at
/// the use, against their parameters' kinds; what the expanded views get wrong is found by the
/// ordinary checks, in the definition's file (`origins`).
struct ComponentExpander {
    let table: ComponentTable
    let options: CheckOptions
    /// How the scene is named in notes.
    let sceneName: String
    /// False when a definition is checked on its own: `--set` names the scene's views, and the
    /// instances it holds are left unexpanded (each definition is checked once, on its own;
    /// `nestedInstances` lets its bindings and targets reach their views).
    let useOverrides: Bool
    /// Instances left unexpanded, by id: their component.
    private(set) var nestedInstances: [String: String] = [:]
    /// Each instance's group, by its path in the expanded views.
    private(set) var origins: [ViewPath: ExpansionOrigin] = [:]
    /// The definitions' animations, once per instance, in the order of the instances.
    private(set) var animations: [InstanceAnimation] = []
    /// Views made so far, against `options.maxViews`.
    private(set) var viewCount = 0
    private var reportedLimit = false

    /// Instances inside instances deeper than this are surely a mistake (and keep the recursion shallow).
    static let maxDepth = 32

    init(table: ComponentTable, options: CheckOptions, sceneName: String, useOverrides: Bool) {
        self.table = table
        self.options = options
        self.sceneName = sceneName
        self.useOverrides = useOverrides
    }

    /// Whether any view of `list` (or of its containers) has `repeat:`: without it, and without
    /// components, the views are checked as written.
    static func repeats(in list: Node) -> Bool {
        for item in list.sequence ?? [] {
            guard let pairs = item.mapping else { continue }
            for pair in pairs {
                if pair.key == "repeat" { return true }
                if pair.key == "children", repeats(in: pair.value) { return true }
            }
        }
        return false
    }

    /// The arguments of one instance and the name its views are reached through.
    struct Scope {
        var definition: ComponentDefinition
        var arguments: [String: Node]
        /// nil when the definition is checked on its own: its ids stay its own.
        var prefix: String?
        var depth: Int
    }

    /// The views of `list` (a `views:` or `children:` list; in `scope`, a definition's) expanded.
    mutating func expandList(_ list: Node, scope: Scope?, parent: ViewPath?, log: inout DiagnosticLog) -> Node {
        guard let items = list.sequence else { return list }
        var out: [Node] = []
        for item in items {
            let written = scope.map { instantiate(item, $0) } ?? item
            for view in repeated(written, log: &log) {
                let path = parent?.child(out.count) ?? ViewPath(root: out.count)
                out.append(expand(view, scope: scope, path: path, log: &log))
            }
        }
        return Node(.sequence(out), range: list.range)
    }

    /// `repeat: [{…}, {…}]` on a view: one copy per item, the item's keys over the view's; ids
    /// the item's, else the view's id and the copy's number (from 1).
    mutating func repeated(_ item: Node, log: inout DiagnosticLog) -> [Node] {
        guard let pairs = item.mapping, let r = pairs["repeat"] else { return [item] }
        let base = pairs.filter { $0.key != "repeat" }
        let example = "such as repeat: [{value: 0.3}, {id: disk, value: 0.6}]"
        guard let elements = r.value.sequence else {
            log.error(.wrongStructure, "repeat must be a list of mappings, each the keys of one copy (\(example)), not \(r.value.kindDescription)",
                      at: r.value.range)
            return []
        }
        if let bad = elements.first(where: { $0.mapping == nil }) {
            log.error(.wrongStructure, "each item of repeat must be a mapping of the keys of one copy (\(example)), not \(bad.kindDescription)",
                      at: bad.range)
            return []
        }
        let baseID = base["id"]
        var copies: [Node] = []
        for (n, element) in elements.enumerated() {
            var merged = base
            for pair in element.mapping ?? [] {
                if pair.key == "repeat" {
                    log.error(.wrongStructure, "an item of repeat cannot repeat again; nest a container instead", at: pair.keyRange)
                    continue
                }
                if let i = merged.firstIndex(where: { $0.key == pair.key }) { merged[i] = pair } else { merged.append(pair) }
            }
            if element.mapping?["id"] == nil, let baseID, let s = baseID.value.scalar, !s.isNull,
               let i = merged.firstIndex(where: { $0.key == "id" }) {
                merged[i].value = Node(.scalar(Node.Scalar(text: "\(s.text)\(n + 1)", isPlain: s.isPlain)), range: baseID.value.range)
            }
            copies.append(Node(.mapping(merged), range: item.range))
        }
        return copies
    }

    /// One view (a copy, when repeated): scoped id, an instance expanded, a container's children.
    mutating func expand(_ view: Node, scope: Scope?, path: ViewPath, log: inout DiagnosticLog) -> Node {
        guard var pairs = view.mapping else { return view }
        viewCount += 1
        if let prefix = scope?.prefix, let i = pairs.firstIndex(where: { $0.key == "id" }), let s = pairs[i].value.scalar,
           ViewSelector.isValidID(s.text) {
            pairs[i].value = Node(.scalar(Node.Scalar(text: prefix + "." + s.text, isPlain: s.isPlain)), range: pairs[i].value.range)
        }
        let typeText = pairs["type"]?.value.scalar?.text ?? ""
        if let definition = table[typeText] {
            return instance(pairs, range: view.range, definition: definition, scope: scope, path: path, log: &log)
        }
        if let i = pairs.firstIndex(where: { $0.key == "children" }), ViewType(rawValue: typeText)?.isContainer ?? false {
            pairs[i].value = expandList(pairs[i].value, scope: scope, parent: path, log: &log)
        }
        return Node(.mapping(pairs), range: view.range)
    }

    /// An instance: a group with the instance's own keys (frame, size, layer attributes) whose
    /// children are the definition's views made with its arguments.
    mutating func instance(_ pairs: [Node.Pair], range: SourceRange, definition: ComponentDefinition, scope: Scope?,
                           path: ViewPath, log: inout DiagnosticLog) -> Node {
        let typePair = pairs["type"] ?? Node.Pair(key: "type", keyRange: range, value: Node(.scalar(Node.Scalar(text: definition.name, isPlain: true)), range: range))
        let groupKeys = Set(Registry.structuralKeys + ViewType.group.kind.attributes.map(\.name))
        var kept = [Node.Pair(key: "type", keyRange: typePair.keyRange,
                              value: Node(.scalar(Node.Scalar(text: ViewType.group.rawValue, isPlain: true)), range: typePair.value.range))]
        let idText = pairs["id"]?.value.scalar?.text
        let name = "\(definition.name) '\(idText ?? "")'"
        var arguments: [String: Node] = [:]
        var ok = true
        for pair in pairs where pair.key != "type" {
            if groupKeys.contains(pair.key) {
                kept.append(pair)
            } else if definition.parameter(named: pair.key) != nil {
                arguments[pair.key] = pair.value
            } else if pair.key == "children" {
                log.error(.childrenNotAllowed, "\(name) cannot have children: an instance holds its definition's views", at: pair.keyRange)
            } else {
                let names = definition.parameterNames
                let suggestion = Suggestions.suggest(pair.key, in: names, at: pair.keyRange)
                log.error(.unknownAttribute, "unknown argument '\(pair.key)' for \(idText == nil ? definition.name : name)\(suggestion.hint)",
                          at: pair.keyRange,
                          notes: [names.isEmpty ? "\(definition.name) takes no arguments"
                                      : "\(definition.name)'s parameters: " + names.joined(separator: ", "),
                                  "\(definition.place(definition.nameRange, sceneName: sceneName)): \(definition.name) is defined here"],
                          fixes: suggestion.fixes)
            }
        }
        let group = Node(.mapping(kept), range: range)
        guard let idText, pairs["id"] != nil else {
            log.error(.missingKey, "an instance of \(definition.name) needs an id: its views are named through it (id: meter makes meter.\(firstViewID(definition) ?? "ring"))",
                      at: typePair.keyRange)
            return group
        }
        // An id that is not one is the view checker's to report.
        guard ViewSelector.isValidScopedID(idText) else { return group }
        var fromOptions: [String: String] = [:]
        if useOverrides {
            for o in options.overrides {
                guard case .view(.id(let id), let attribute) = o.address, id == idText,
                      let parameter = definition.parameter(named: attribute) else { continue }
                switch o.valueNode(literal: parameter.kind.valueKind.isText) {
                case .success(let node):
                    arguments[parameter.name] = node
                    fromOptions[parameter.name] = o.option
                case .failure(let d):
                    log.add(d)
                    ok = false
                }
            }
        }
        for parameter in definition.parameters where !parameter.isBroken {
            if let argument = arguments[parameter.name] {
                if case .failure(let e) = ValueParser.parse(argument, as: parameter.kind.valueKind,
                                                            what: "argument '\(parameter.name)' of \(definition.name)") {
                    var d = e.diagnostic(origin: fromOptions[parameter.name])
                    d.notes.append(parameter.declaredNote(definition, sceneName: sceneName))
                    log.add(d)
                    ok = false
                }
            } else if let value = parameter.defaultValue {
                arguments[parameter.name] = Substitution.scopedDefault(value, of: parameter, prefix: idText)
            } else {
                log.error(.missingKey, "\(name) needs the argument '\(parameter.name)' (\(parameter.kind.valueKind.name)): its parameter has no default",
                          at: typePair.keyRange, notes: [parameter.declaredNote(definition, sceneName: sceneName)])
                ok = false
            }
        }
        guard ok, definition.isValid, let views = definition.views else {
            // Still an instance: its arguments are not a group's attributes, its views' ids not unknown.
            log.brokenInstances.insert(idText)
            origins[path] = ExpansionOrigin(component: definition.name, file: definition.file, note: "", parameters: definition.parameterNames)
            return group
        }
        if !useOverrides {
            nestedInstances[idText] = definition.name
            return group
        }
        let depth = (scope?.depth ?? 0) + 1
        guard depth <= Self.maxDepth else {
            log.error(.limitExceeded, "instances nest deeper than \(Self.maxDepth) components at \(name)", at: typePair.value.range)
            return group
        }
        let size = table.size(of: definition.name)
        guard viewCount + size <= options.maxViews else {
            if !reportedLimit {
                reportedLimit = true
                log.error(.limitExceeded, "\(name) would take the scene past \(options.maxViews) views: \(definition.name) expands to \(size >= ComponentTable.sizeCap ? "too many" : String(size)) views",
                          at: typePair.value.range,
                          notes: ["every view an instance makes counts against the scene's limit; raise it with --max-views if you mean it"])
            }
            return group
        }
        let use = "\(log.currentFile?.name ?? sceneName):\(range.start.line):\(range.start.column)"
        let origin = ExpansionOrigin(component: definition.name, file: definition.file,
                                     note: "in \(definition.name), used by '\(idText)' at \(use)", parameters: definition.parameterNames)
        origins[path] = origin
        let inner = Scope(definition: definition, arguments: arguments, prefix: idText, depth: depth)
        let saved = (log.currentFile, log.context)
        log.currentFile = definition.file
        log.context.append(origin.note)
        let given = Dictionary(pairs.compactMap { pair in definition.parameter(named: pair.key).map { _ in
            (pair.key, Substitution.argumentNote(parameter: pair.key, argument: pair.value, instance: idText,
                                                 use: "\(saved.0?.name ?? sceneName):\(pair.keyRange.start.line):\(pair.keyRange.start.column)", option: nil)) } }
            + fromOptions.compactMap { name, option in arguments[name].map { (name, Substitution.argumentNote(parameter: name, argument: $0, instance: idText, use: nil, option: option)) } },
            uniquingKeysWith: { _, last in last })
        log.argumentNotes.merge(Substitution.argumentNotes(in: [views] + definition.animations, notes: given, file: definition.file, context: log.context),
                                uniquingKeysWith: { $0 + $1 })
        let children = expandList(views, scope: inner, parent: path, log: &log)
        for animation in definition.animations {
            animations.append(InstanceAnimation(node: instantiateAnimation(animation, inner), file: definition.file, context: log.context))
        }
        (log.currentFile, log.context) = saved
        return Node(.mapping(kept + [Node.Pair(key: "children", keyRange: typePair.keyRange, value: children)]), range: range)
    }

    /// The first id of the definition's views, for the example in a message.
    private func firstViewID(_ definition: ComponentDefinition) -> String? {
        definition.views?.sequence?.lazy.compactMap { $0.mapping?["id"]?.value.scalar?.text }.first
    }

    /// A view of a definition with the instance's arguments in its values (not its children,
    /// which are made in their turn) and its texts' bindings naming the instance's views.
    func instantiate(_ item: Node, _ scope: Scope) -> Node {
        guard let pairs = item.mapping else { return substitute(item, scope) }
        let typeText = pairs["type"]?.value.scalar?.text ?? ""
        var textKeys: Set<String> = []
        if let type = ViewType(rawValue: typeText) {
            textKeys = Set(References.textAttributes[type] ?? [])
        } else if let nested = table[typeText] {
            textKeys = Set(nested.parameters.filter { $0.kind.valueKind == .text }.map(\.name))
        }
        return Node(.mapping(pairs.map { pair in
            switch pair.key {
            case "children":
                return pair
            case "type":
                // Written, never an argument: which components a definition uses is known
                // before any instance is made (cycles, sizes).
                return pair
            case "repeat":
                guard let elements = pair.value.sequence else { return pair }
                return Node.Pair(key: pair.key, keyRange: pair.keyRange,
                                 value: Node(.sequence(elements.map { instantiate($0, scope) }), range: pair.value.range))
            default:
                var value = pair.value
                if let prefix = scope.prefix, textKeys.contains(pair.key), let s = value.scalar {
                    value = Node(.scalar(Node.Scalar(text: Substitution.prefixingBindings(s.text, with: prefix), isPlain: s.isPlain)),
                                 range: value.range)
                }
                return Node.Pair(key: pair.key, keyRange: pair.keyRange, value: substitute(value, scope))
            }
        }), range: item.range)
    }

    /// `node` with `$name`s replaced by the scope's arguments.
    func substitute(_ node: Node, _ scope: Scope) -> Node {
        switch node.content {
        case .scalar(let s):
            guard s.text.contains("$") else { return node }
            // Placed where `$name` is written: a problem it makes is reported in the definition's
            // file at a place of that file (the argument is named in a note).
            if let name = Substitution.whole(s.text), let argument = scope.arguments[name] { return Substitution.placed(argument, at: node.range) }
            let text = Substitution.interpolate(s.text) { name in scope.arguments[name]?.scalar?.text }
            return Node(.scalar(Node.Scalar(text: text, isPlain: s.isPlain)), range: node.range)
        case .sequence(let items):
            return Node(.sequence(items.map { substitute($0, scope) }), range: node.range)
        case .mapping(let pairs):
            return Node(.mapping(pairs.map { Node.Pair(key: $0.key, keyRange: $0.keyRange, value: substitute($0.value, scope)) }),
                        range: node.range)
        }
    }

    /// A definition's animation for one instance: its arguments in, its target the instance's view.
    func instantiateAnimation(_ node: Node, _ scope: Scope) -> Node {
        let made = substitute(node, scope)
        guard let prefix = scope.prefix, var pairs = made.mapping, let i = pairs.firstIndex(where: { $0.key == "target" }),
              let s = pairs[i].value.scalar else { return made }
        pairs[i].value = Node(.scalar(Node.Scalar(text: prefix + "." + s.text, isPlain: s.isPlain)), range: pairs[i].value.range)
        return Node(.mapping(pairs), range: made.range)
    }
}

extension SceneChecker {
    /// The scene's `timeline:` with the instances' animations after its own (so the file's
    /// indices still name its own), made when the scene has none; with each added one's origin
    /// by its index in the list.
    static func withInstanceAnimations(_ timeline: Node?, _ added: [InstanceAnimation]) -> (node: Node?, origins: [Int: InstanceAnimation]) {
        guard let first = added.first else { return (timeline, [:]) }
        let here = timeline?.range ?? first.node.range
        var pairs = timeline?.mapping ?? []
        guard timeline == nil || timeline?.mapping != nil else { return (timeline, [:]) }  // the checker says what is wrong
        let index = pairs.firstIndex { $0.key == "animations" }
        let own = index.flatMap { pairs[$0].value.sequence } ?? []
        if let index, pairs[index].value.sequence == nil { return (timeline, [:]) }
        var origins: [Int: InstanceAnimation] = [:]
        for (i, animation) in added.enumerated() { origins[own.count + i] = animation }
        let list = Node(.sequence(own + added.map(\.node)), range: index.map { pairs[$0].value.range } ?? here)
        if let index {
            pairs[index].value = list
        } else {
            pairs.append(Node.Pair(key: "animations", keyRange: here, value: list))
        }
        return (Node(.mapping(pairs), range: here), origins)
    }
}
