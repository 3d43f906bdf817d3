import SceneModel
import SceneSyntax

/// The components a file can use (docs/language.md §11): those of the files it imports, then
/// its own (a later definition of a name replaces an earlier one, as for styles). Each
/// definition is checked once, on its own and in its own file: its parameters, its `$name`s,
/// its views made with its defaults (or a value of each parameter's kind), its bindings and
/// animations naming only its own views, the components it uses (no cycle) and how many views
/// it makes (within the scene's limit).
struct ComponentTable {
    private(set) var definitions: [String: ComponentDefinition] = [:]
    /// The names in the order they were read.
    private(set) var order: [String] = []
    /// Views one instance makes (its group and everything in it), at most `sizeCap`.
    private var sizes: [String: Int] = [:]
    /// Each checked definition's ids (its own views and the instances it holds) and the
    /// component of each instance it holds: what `{badge.dot.color}` in it can name.
    private var ownIDs: [String: [String: ViewType]] = [:]
    private var heldInstances: [String: [String: String]] = [:]
    /// Definitions in a cycle or past a limit: their views cannot be made, even on their own.
    private var unmakeable: Set<String> = []

    /// The type of the view `id` names inside the component `name`, through the instances it holds.
    func type(of id: String, in name: String, depth: Int = 0) -> ViewType? {
        if let type = ownIDs[name]?[id] { return type }
        guard depth < ComponentExpander.maxDepth, let dot = id.firstIndex(of: "."),
              let inner = heldInstances[name]?[String(id[..<dot])] else { return nil }
        return type(of: String(id[id.index(after: dot)...]), in: inner, depth: depth + 1)
    }

    /// Sizes stop counting here: far past any limit, and far from overflowing.
    static let sizeCap = ViewCount.cap

    var isEmpty: Bool { definitions.isEmpty }
    var names: [String] { order }

    subscript(name: String) -> ComponentDefinition? { definitions[name] }

    func size(of name: String) -> Int { sizes[name] ?? 1 }

    /// Reads and checks the definitions of `sources` (diagnostics in each one's file).
    static func read(_ sources: [ComponentSource], styles: StyleTable, options: CheckOptions, sceneFile: SourceFile?,
                     sceneName: String, log: inout DiagnosticLog) -> ComponentTable {
        var table = ComponentTable()
        guard !sources.isEmpty else { return table }
        let saved = (log.currentFile, log.context)
        log.context = []
        for source in sources {
            log.currentFile = source.file
            guard let pairs = source.node.mapping else {
                log.error(.wrongStructure, "components must be a mapping of component names to definitions, not \(source.node.kindDescription)",
                          at: source.node.range)
                continue
            }
            for pair in pairs {
                let definition = ComponentDefinition.read(pair, file: source.file, log: &log)
                if table.definitions[pair.key] == nil { table.order.append(pair.key) }
                table.definitions[pair.key] = definition
            }
        }
        let postOrder = table.analyse(options: options, sceneName: sceneName, log: &log)
        for name in table.order {
            table.checkReferences(name, sceneFile: sceneFile, sceneName: sceneName, log: &log)
        }
        for name in postOrder {
            table.checkAlone(name, styles: styles, options: options, sceneFile: sceneFile, sceneName: sceneName, log: &log)
        }
        (log.currentFile, log.context) = saved
        return table
    }

    // MARK: - The graph of uses: cycles and sizes

    /// A component named as a view's type in a list of views, with how many copies its `repeat:` makes.
    struct Use {
        var name: String
        var range: SourceRange
    }

    /// Finds cycles (each an error at the use that closes it) and each definition's size;
    /// returns the names with every definition after those it uses.
    private mutating func analyse(options: CheckOptions, sceneName: String, log: inout DiagnosticLog) -> [String] {
        var state: [String: Bool] = [:]  // false: being visited; true: done
        var stack: [String] = []
        var postOrder: [String] = []
        func visit(_ name: String) {
            guard let definition = definitions[name] else { return }
            state[name] = false
            stack.append(name)
            log.currentFile = definition.file
            for use in Self.uses(in: definition.views) where definitions[use.name] != nil {
                switch state[use.name] {
                case false?:
                    let cycle = Array(stack[(stack.firstIndex(of: use.name) ?? 0)...]) + [use.name]
                    log.currentFile = definition.file
                    log.error(.componentCycle, "component \(use.name) uses itself: \(cycle.joined(separator: " → "))", at: use.range,
                              notes: ["a component cannot use itself, directly or through others: its instances would never end"])
                    for member in cycle { definitions[member]?.isValid = false; unmakeable.insert(member) }
                case true?:
                    break
                case nil:
                    if stack.count >= ComponentExpander.maxDepth {
                        log.currentFile = definition.file
                        log.error(.limitExceeded, "components use each other deeper than \(ComponentExpander.maxDepth) levels", at: use.range)
                        definitions[name]?.isValid = false
                        unmakeable.insert(name)
                    } else {
                        visit(use.name)
                        log.currentFile = definition.file
                    }
                }
            }
            stack.removeLast()
            state[name] = true
            sizes[name] = ViewCount.capped(1 + ViewCount.of(definition.views) { definitions[$0] != nil ? (sizes[$0] ?? 1) : nil })
            // One error per cause: a component over the limit only because one it uses is
            // over is refused quietly (the one it uses has its error).
            let usesOneOver = Self.uses(in: definition.views).contains { (sizes[$0.name] ?? 0) > options.maxViews }
            if let size = sizes[name], size > options.maxViews, usesOneOver {
                definitions[name]?.isValid = false
            } else if let size = sizes[name], size > options.maxViews, definitions[name]?.isValid == true {
                log.currentFile = definition.file
                log.error(.limitExceeded, "component \(name) makes \(size >= Self.sizeCap ? "too many" : String(size)) views in each instance, more than a scene may hold (\(options.maxViews))",
                          at: definition.nameRange,
                          notes: ["the views of the components it uses count, once per use; raise the limit with --max-views if you mean it"])
                definitions[name]?.isValid = false
                unmakeable.insert(name)
            }
            postOrder.append(name)
        }
        for name in order where state[name] == nil {
            visit(name)
        }
        return postOrder
    }

    /// The components used by the views of `list`, its containers' children and its copies.
    static func uses(in list: Node?) -> [Use] {
        var found: [Use] = []
        func walk(_ list: Node?) {
            for item in list?.sequence ?? [] {
                guard let pairs = item.mapping else { continue }
                for typeNode in [pairs["type"]?.value] + (pairs["repeat"]?.value.sequence ?? []).map({ $0.mapping?["type"]?.value }) {
                    if let typeNode, let text = typeNode.scalar?.text, ViewType(rawValue: text) == nil {
                        found.append(Use(name: text, range: typeNode.range))
                    }
                }
                walk(pairs["children"]?.value)
            }
        }
        walk(list)
        return found
    }

    // MARK: - `$name`s

    /// Every `$name` names a parameter (with a hint when not); a parameter used as a whole
    /// value fits the attribute it gives; a parameter never used is a warning.
    private mutating func checkReferences(_ name: String, sceneFile: SourceFile?, sceneName: String, log: inout DiagnosticLog) {
        guard let definition = definitions[name] else { return }
        log.currentFile = definition.file
        let before = log.all.count
        let file = definition.file ?? sceneFile
        let names = definition.parameterNames
        var used: Set<String> = []
        func scan(_ node: Node) {
            Substitution.forEachScalar(node) { node, scalar in
                for reference in Substitution.references(in: scalar.text) {
                    if definition.parameter(named: reference.name) != nil {
                        used.insert(reference.name)
                        continue
                    }
                    let map = file.flatMap { ScalarSourceMap(text: scalar.text, writtenAt: node.range, in: $0) }
                    let nameRange = map?.range(offset: reference.offset + 1, length: reference.length - 1) ?? node.range
                    let suggestion = Suggestions.suggest(reference.name, in: names, at: nameRange)
                    // `$valeu` meant `value`: that parameter is not also "never used".
                    if let meant = suggestion.word { used.insert(meant) }
                    log.error(.unknownParameter, "'$\(reference.name)' is not a parameter of \(name)\(suggestion.hint.replacingFirstQuote())",
                              at: map?.range(offset: reference.offset, length: reference.length) ?? node.range,
                              notes: [names.isEmpty ? "\(name) has no parameters" : "\(name)'s parameters: " + names.joined(separator: ", "),
                                      "write $$ for a dollar sign"],
                              fixes: suggestion.fixes)
                }
            }
        }
        if let views = definition.views { scan(views) }
        for animation in definition.animations { scan(animation) }
        checkWholeValues(definition, log: &log)
        for parameter in definition.parameters where !used.contains(parameter.name) {
            log.add(.warning(.unusedParameter, "parameter '\(parameter.name)' of \(name) is never used", at: parameter.range,
                             notes: ["use it as $\(parameter.name) in the views or animations, or remove it"]))
        }
        if Array(log.all[before...]).hasErrors { definitions[name]?.isValid = false }
    }

    /// `progress: $value`: the parameter's kind must fit the attribute's (a `number` does not
    /// fit `progress`, 0–1; declare it `kind: ring.progress`), in views and animations.
    private func checkWholeValues(_ definition: ComponentDefinition, log: inout DiagnosticLog) {
        var idTypes: [String: ViewType] = [:]
        func check(_ value: Node, _ spec: AttributeSpec, of owner: String) {
            guard let s = value.scalar, let name = Substitution.whole(s.text), let parameter = definition.parameter(named: name),
                  !parameter.isBroken, !parameter.kind.fits(spec.kind) else { return }
            log.error(.badValue, "'$\(name)' is a \(parameter.kind.valueKind.name), but \(spec.name) of \(owner) takes a \(spec.kind.name)",
                      at: value.range, notes: ["declare the parameter with kind: \(owner).\(spec.name) to take exactly what it takes",
                                               parameter.declaredNote(definition, sceneName: "")])
        }
        func walk(_ list: Node?) {
            for item in list?.sequence ?? [] {
                guard let pairs = item.mapping, let type = pairs["type"]?.value.scalar.flatMap({ ViewType(rawValue: $0.text) }) else { continue }
                if let id = pairs["id"]?.value.scalar?.text { idTypes[id] = type }
                for pair in pairs {
                    if let spec = type.kind.attribute(named: pair.key) { check(pair.value, spec, of: type.rawValue) }
                }
                walk(pairs["children"]?.value)
            }
        }
        walk(definition.views)
        for animation in definition.animations {
            guard let pairs = animation.mapping, let target = pairs["target"]?.value.scalar?.text,
                  let dot = target.lastIndex(of: "."), let type = idTypes[String(target[..<dot])],
                  let spec = type.kind.attribute(named: String(target[target.index(after: dot)...])) else { continue }
            for key in ["from", "to"] { if let v = pairs[key]?.value { check(v, spec, of: type.rawValue) } }
            for keyframe in pairs["keyframes"]?.value.sequence ?? [] {
                if let v = keyframe.mapping?["value"]?.value { check(v, spec, of: type.rawValue) }
            }
        }
    }

    // MARK: - The definition's views, on their own

    /// The definition's views made with its defaults (or a value of each parameter's kind) and
    /// checked as a group's children, its bindings and its animations: in its file, once.
    private mutating func checkAlone(_ name: String, styles: StyleTable, options: CheckOptions, sceneFile: SourceFile?,
                                     sceneName: String, log: inout DiagnosticLog) {
        // Checked even when its declaration has errors, so one run reports them all; values
        // made from a broken parameter or an unknown `$name` are not checked (already reported).
        guard let definition = definitions[name], !unmakeable.contains(name), let views = definition.views else { return }
        log.currentFile = definition.file
        let before = log.all.count
        let savedQuiet = log.quietPlaces
        defer { log.quietPlaces = savedQuiet }
        for node in [views] + definition.animations {
            Substitution.forEachScalar(node) { node, scalar in
                if Substitution.references(in: scalar.text).contains(where: { definition.parameter(named: $0.name)?.isBroken ?? true }) {
                    log.quietPlaces.insert(DiagnosticLog.argumentKey(file: definition.file, range: node.range, context: []))
                }
            }
        }
        var quiet = options
        quiet.overrides = []
        var expander = ComponentExpander(table: self, options: quiet, sceneName: sceneName, useOverrides: false)
        expander.sceneFile = sceneFile
        let arguments = Dictionary(definition.parameters.map { ($0.name, $0.defaultValue ?? $0.kind.sample(at: $0.range)) },
                                   uniquingKeysWith: { first, _ in first })
        let root = ViewPath(root: 0)
        let scope = ComponentExpander.Scope(definition: definition, arguments: arguments, prefix: nil, depth: 1)
        let expanded = expander.expandList(views, scope: scope, parent: root, log: &log)
        var checker = ViewChecker(styles: styles, options: quiet, log: log)
        checker.origins = expander.origins
        checker.unrepeated = expander.unrepeated
        checker.componentNames = names
        checker.insideComponent = true
        let checked = checker.checkList(expanded, parent: .init(type: .group, path: root, name: "component \(name)"), depth: 2)
        log = checker.log
        ownIDs[name] = checker.idTypes
        heldInstances[name] = expander.nestedInstances
        // The views of the instances it holds are reached through them (`badge.dot`).
        var ids = checker.idTypes
        func reach(_ id: String) {
            if ids[id] == nil, let type = type(of: id, in: name) { ids[id] = type }
        }
        func reachAll(_ views: [SceneView]) {
            for view in views {
                for key in References.textAttributes[view.type] ?? [] {
                    guard let entry = view.values.explicit[key], case .text(let text) = entry.value, text.contains("{"),
                          case .success(let template) = TextTemplate.parse(text) else { continue }
                    for b in template.bindings { reach(b.viewID) }
                }
                reachAll(view.children)
            }
        }
        reachAll(checked)
        for animation in definition.animations {
            if let target = animation.mapping?["target"]?.value.scalar?.text, let dot = target.lastIndex(of: ".") {
                reach(String(target[..<dot]))
            }
        }
        let idList = checker.idTypes.keys.sorted()
        let ownViews = idList.isEmpty ? "\(name)'s views have no ids" : "\(name)'s views: " + idList.joined(separator: ", ")
        // Bindings: only the definition's own views.
        var outside = false
        func walk(_ views: [SceneView]) {
            for view in views {
                for key in References.textAttributes[view.type] ?? [] {
                    guard let entry = view.values.explicit[key], case .text(let text) = entry.value, text.contains("{"),
                          case .success(let template) = TextTemplate.parse(text) else { continue }
                    for b in template.bindings where ids[b.viewID] == nil && !log.isInBrokenInstance(b.viewID) {
                        outside = true
                        log.error(.unknownID, "'{\(b.viewID).\(b.attribute)}' names '\(b.viewID)', which is not a view of \(name): a component's texts show only its own views' values",
                                  at: (definition.file ?? sceneFile).flatMap { ScalarSourceMap(text: text, writtenAt: entry.range, in: $0) }?
                                      .range(offset: b.offset, length: b.length)
                                      ?? TextParsing.range(of: text, writtenAt: entry.range, offset: b.offset, length: b.length),
                                  notes: [ownViews, "to show a value from outside, take it as a parameter"])
                    }
                }
                walk(view.children)
            }
        }
        walk(checked)
        if !outside {
            var references = References()
            references.viewTypes = ids
            var bindings = TextBindingChecker(references: references, log: log)
            bindings.check(checked)
            log = bindings.log
        }
        // Animations: only the definition's own views.
        var items: [Node] = []
        for animation in definition.animations {
            let made = expander.instantiateAnimation(animation, scope)
            if let targetNode = made.mapping?["target"]?.value, let target = targetNode.scalar?.text,
               let dot = target.lastIndex(of: "."), ids[String(target[..<dot])] == nil, !log.isInBrokenInstance(String(target[..<dot])) {
                let id = String(target[..<dot])
                log.error(.unknownID, "target '\(target)' names '\(id)', which is not a view of \(name): a component's animations move only its own views",
                          at: targetNode.range, notes: [ownViews])
                continue
            }
            items.append(made)
        }
        if !items.isEmpty {
            let list = Node(.sequence(items), range: definition.nameRange)
            var timeline = TimelineChecker(log: DiagnosticLog(), viewTypes: ids, options: quiet)
            _ = timeline.check(Node(.mapping([Node.Pair(key: "animations", keyRange: definition.nameRange, value: list)]), range: definition.nameRange))
            // Made with stand-in values, an animation may seem not to change: only its uses say.
            for d in timeline.log.all where d.code != .animationNeverChanges && d.code != .limitExceeded { log.add(d) }
        }
        if Array(log.all[before...]).hasErrors { definitions[name]?.isValid = false }
    }
}

private extension String {
    /// A hint "; did you mean 'size'?" for a `$name`: "; did you mean '$size'?".
    func replacingFirstQuote() -> String {
        guard let quote = firstIndex(of: "'") else { return self }
        var copy = self
        copy.insert("$", at: index(after: quote))
        return copy
    }
}
