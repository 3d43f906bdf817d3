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
    /// The instance's arguments with where each came from: kept on its view for inspect.
    var arguments: [InstanceArgument] = []
}

/// An animation of a definition made for one instance, with where to report its problems.
struct InstanceAnimation {
    var node: Node
    /// The component whose definition holds it.
    var component: String
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
/// A view with `repeat: []`: drawn nowhere, yet checked as one copy would be (its errors said
/// once), made by a throwaway expander so nothing it makes reaches the scene. `path` is the
/// place a copy would take (the next view's): `origins` and `inner` (its own `repeat: []`s,
/// by their parents' paths) are its own, never mixed with the scene's.
struct UnrepeatedView {
    var node: Node
    var path: ViewPath
    var origins: [ViewPath: ExpansionOrigin]
    var inner: [ViewPath?: [UnrepeatedView]]
}

struct ComponentExpander {
    let table: ComponentTable
    let options: CheckOptions
    /// How the scene is named in notes.
    let sceneName: String
    /// False when a definition is checked on its own: `--set` names the scene's views, and the
    /// instances it holds are left unexpanded (each definition is checked once, on its own;
    /// `nestedInstances` lets its bindings and targets reach their views).
    let useOverrides: Bool
    /// The scene's own text, for fixes in it (`log.currentFile` is nil there).
    var sceneFile: SourceFile?
    /// Instances left unexpanded, by id: their component.
    private(set) var nestedInstances: [String: String] = [:]
    /// Each instance's group, by its path in the expanded views.
    private(set) var origins: [ViewPath: ExpansionOrigin] = [:]
    /// Each instance made, by its id: its definition (a timeline's `target: cpu.value` names
    /// an argument, which the timeline checker explains with the definition's uses of it).
    private(set) var instances: [String: ComponentDefinition] = [:]
    /// The definitions' animations, once per instance, in the order of the instances.
    private(set) var animations: [InstanceAnimation] = []
    /// Views made so far, against `options.maxViews`: each is counted as it is made, so
    /// `repeat:` in `repeat:` stops at the limit instead of making all it asks for.
    private(set) var viewCount = 0
    /// The views with `repeat: []`, by the path of the container holding them (nil: `views:`).
    private(set) var unrepeated: [ViewPath?: [UnrepeatedView]] = [:]
    /// The limit was passed (and said, once): nothing more is made.
    private(set) var reportedLimit = false
    /// The instances made, by their id in the expanded views: a second with the same id is
    /// left empty (the view checker reports the id once; its views would repeat it for each).
    private var instanceIDs: Set<String> = []

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
        /// The arguments written at the use (not defaults), by name, and the use's file and
        /// notes: what a made id gets wrong because of an argument is reported there.
        var given: [String: SourceRange] = [:]
        var useFile: SourceFile? = nil
        var useContext: [String] = []
    }

    /// A view of a definition (`written`, and `made` with the arguments): an id written with a
    /// dot is refused like in a scene (ids with dots are made by instances only), said once,
    /// when the definition is checked on its own; an id made by an argument must be a plain id,
    /// said at the argument, or an instance's views could be named outside it (`n: other.q`).
    private func checkMadeIDs(written: Node, made: Node, scope: Scope, log: inout DiagnosticLog) {
        var places: [(written: Node, made: Node)] = []
        if let w = written.mapping?["id"]?.value, let m = made.mapping?["id"]?.value { places.append((w, m)) }
        if let ws = written.mapping?["repeat"]?.value.sequence, let ms = made.mapping?["repeat"]?.value.sequence, ws.count == ms.count {
            for (w, m) in zip(ws, ms) {
                if let wi = w.mapping?["id"]?.value, let mi = m.mapping?["id"]?.value { places.append((wi, mi)) }
            }
        }
        let definition = scope.definition
        for place in places {
            // Not text at all, or not even a scoped id: the view checker says what an id is.
            guard let w = place.written.scalar, let m = place.made.scalar, !m.isNull,
                  !ViewSelector.isValidID(m.text), ViewSelector.isValidScopedID(m.text) || w.text.contains("$") else { continue }
            let names = Substitution.references(in: w.text).map(\.name)
            guard !names.isEmpty else {
                guard scope.prefix == nil else { continue }
                log.error(.badValue, "an id in a component cannot hold a dot, not '\(m.text)': ids with dots are made by instances (a view '\(m.text.split(separator: ".").last ?? "")' in an instance cpu is cpu.\(m.text.split(separator: ".").last ?? ""))",
                          at: place.written.range)
                continue
            }
            let what = "id must start with a letter or _ and hold only letters, digits, _ and -, not '\(m.text)'"
            let note = "\(definition.place(place.written.range, sceneName: sceneName)): the id is made here (id: \(w.text)); an instance's ids get its id before them"
            if let given = names.lazy.compactMap({ scope.given[$0] }).first {
                let saved = (log.currentFile, log.context)
                (log.currentFile, log.context) = (scope.useFile, scope.useContext)
                log.error(.badValue, "\(what): an argument that makes an id in \(definition.name) must be a plain id", at: given, notes: [note])
                (log.currentFile, log.context) = saved
            } else if scope.prefix == nil {
                // Made by defaults alone: the definition's own mistake, said when it is checked on its own.
                log.error(.badValue, "\(what): the defaults make it (id: \(w.text))", at: place.written.range)
            }
        }
    }

    /// The views of `list` (a `views:` or `children:` list; in `scope`, a definition's) expanded.
    mutating func expandList(_ list: Node, scope: Scope?, parent: ViewPath?, log: inout DiagnosticLog) -> Node {
        guard let items = list.sequence else { return list }
        if scope == nil, parent == nil, useOverrides, !reportedLimit {
            // The scene's views counted before any is made: a scene past the limit is refused
            // at once (making and checking the limit's worth of views first takes seconds).
            // A definition refused (over the limit itself, say) makes only its group.
            let size: (String) -> Int? = { table[$0].map { $0.isValid ? table.size(of: $0.name) : 1 } }
            if ViewCount.of(list, component: size) > options.maxViews {
                var budget = options.maxViews
                let place = ViewCount.firstPast(list, budget: &budget, component: size) ?? list
                _ = counted(place, log: &log, over: true)
                return Node(.sequence([]), range: list.range)
            }
        }
        var out: [Node] = []
        items: for item in items {
            let written = scope.map { instantiate(item, $0) } ?? item
            if let scope { checkMadeIDs(written: item, made: written, scope: scope, log: &log) }
            // Each copy's item of `repeat:`, so an argument written there says so in inspect.
            let repeatItems = written.mapping?["repeat"]?.value.sequence?.map(\.range) ?? []
            if let pairs = written.mapping, pairs["repeat"]?.value.sequence?.isEmpty == true {
                unrepeated[parent, default: []].append(unrepeatedView(pairs.filter { $0.key != "repeat" }, range: written.range,
                                                                      scope: scope, path: parent?.child(out.count) ?? ViewPath(root: out.count), log: &log))
            }
            // The view may be removed (a fix for `repeat: []`) when the list keeps another.
            for (n, view) in repeated(written, log: &log, removable: items.count > 1).enumerated() {
                guard counted(view, log: &log) else { break items }
                let path = parent?.child(out.count) ?? ViewPath(root: out.count)
                out.append(expand(view, scope: scope, path: path, repeatItem: repeatItems.indices.contains(n) ? repeatItems[n] : nil, log: &log))
            }
        }
        return Node(.sequence(out), range: list.range)
    }

    /// A view with `repeat: []` made as its one copy would be, by an expander of its own that
    /// ignores `--set` (its path is another view's) and keeps what it makes to itself.
    private func unrepeatedView(_ pairs: [Node.Pair], range: SourceRange, scope: Scope?, path: ViewPath,
                                log: inout DiagnosticLog) -> UnrepeatedView {
        var quiet = options
        quiet.overrides = []
        var own = ComponentExpander(table: table, options: quiet, sceneName: sceneName, useOverrides: useOverrides)
        own.sceneFile = sceneFile
        (own.viewCount, own.reportedLimit) = (viewCount, reportedLimit)
        let node = own.expand(Node(.mapping(pairs), range: range), scope: scope, path: path, log: &log)
        return UnrepeatedView(node: node, path: path, origins: own.origins, inner: own.unrepeated)
    }

    /// One more view made: false (said once) when it takes the scene past its limit.
    private mutating func counted(_ view: Node, log: inout DiagnosticLog, over: Bool = false) -> Bool {
        guard !reportedLimit else { return false }
        viewCount += 1
        guard over || viewCount > options.maxViews else { return true }
        reportedLimit = true
        log.error(.limitExceeded, "the scene has more than \(options.maxViews) views", at: view.range.startOnly,
                  notes: ["each copy a repeat: makes counts, with all it holds; raise the limit with --max-views if you mean it"])
        return false
    }

    /// `repeat: [{…}, {…}]` on a view: one copy per item, the item's keys over the view's; ids
    /// the item's, else the view's id and the copy's number (from 1).
    mutating func repeated(_ item: Node, log: inout DiagnosticLog, removable: Bool = false) -> [Node] {
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
        if elements.isEmpty {
            let name = base["id"]?.value.scalar.map { "'\($0.text)'" } ?? "at line \(item.range.start.line)"
            let removal = removable ? (log.currentFile ?? sceneFile).flatMap { Self.blockItemLines(item.range, in: $0) } : nil
            log.add(.warning(.emptyRepeat, "repeat: [] makes no views: the view \(name) is not drawn", at: r.value.range,
                             notes: ["give repeat one mapping per copy (repeat: [{value: 0.3}, {value: 0.6}]), or remove the view"],
                             fixes: removal.map { [Fix("remove the view", replacing: $0, with: "")] } ?? []))
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

    /// The whole lines of a block list's item (`- ` first on its line, then every line indented
    /// past the dash), for a fix that removes it; nil for an item in a flow list or sharing a line.
    static func blockItemLines(_ range: SourceRange, in file: SourceFile) -> SourceRange? {
        guard let first = file.line(range.start.line) else { return nil }
        let before = Array(first.prefix(Swift.max(0, range.start.column - 1)))
        guard before.count >= 2, before.suffix(2) == ["-", " "] || before.last == "-" else { return nil }
        let dash = before.lastIndex(of: "-") ?? 0
        guard before[..<dash].allSatisfy({ $0 == " " }) else { return nil }
        var next = range.start.line + 1, last = range.start.line
        while let text = file.line(next) {
            let indent = text.prefix { $0 == " " }.count
            let blank = text.allSatisfy { $0 == " " || $0 == "\t" }
            if !blank {
                guard indent > dash else { break }
                last = next
            }
            next += 1
        }
        // Up to the start of the line after its last (trailing blank lines stay); at the end of
        // a file without a last line break, to the end of its last line.
        let end = file.line(last + 1) == nil ? SourceLocation(line: last, column: (file.line(last)?.count ?? 0) + 1)
            : SourceLocation(line: last + 1, column: 1)
        return SourceRange(start: SourceLocation(line: range.start.line, column: 1), end: end)
    }

    /// One view (a copy, when repeated): scoped id, an instance expanded, a container's children.
    mutating func expand(_ view: Node, scope: Scope?, path: ViewPath, repeatItem: SourceRange? = nil, log: inout DiagnosticLog) -> Node {
        guard var pairs = view.mapping else { return view }
        // Every id made in an instance is under its id, even one the definition got wrong
        // (reported when it is checked on its own, or at the argument that made it).
        if let prefix = scope?.prefix, let i = pairs.firstIndex(where: { $0.key == "id" }), let s = pairs[i].value.scalar,
           ViewSelector.isValidScopedID(s.text) {
            pairs[i].value = Node(.scalar(Node.Scalar(text: prefix + "." + s.text, isPlain: s.isPlain)), range: pairs[i].value.range)
        }
        let typeText = pairs["type"]?.value.scalar?.text ?? ""
        if let definition = table[typeText] {
            return instance(pairs, range: view.range, definition: definition, scope: scope, path: path, repeatItem: repeatItem, log: &log)
        }
        if let i = pairs.firstIndex(where: { $0.key == "children" }), ViewType(rawValue: typeText)?.isContainer ?? false {
            pairs[i].value = expandList(pairs[i].value, scope: scope, parent: path, log: &log)
        }
        return Node(.mapping(pairs), range: view.range)
    }

    /// An instance: a group with the instance's own keys (frame, size, layer attributes) whose
    /// children are the definition's views made with its arguments.
    mutating func instance(_ pairs: [Node.Pair], range: SourceRange, definition: ComponentDefinition, scope: Scope?,
                           path: ViewPath, repeatItem: SourceRange? = nil, log: inout DiagnosticLog) -> Node {
        let typePair = pairs["type"] ?? Node.Pair(key: "type", keyRange: range, value: Node(.scalar(Node.Scalar(text: definition.name, isPlain: true)), range: range))
        let groupKeys = Set(ComponentVocabulary.instanceGroupKeys)
        var kept = [Node.Pair(key: "type", keyRange: typePair.keyRange,
                              value: Node(.scalar(Node.Scalar(text: ViewType.group.rawValue, isPlain: true)), range: typePair.value.range))]
        let idText = pairs["id"]?.value.scalar?.text
        // An instance without an id is named by where it is (its id is what is missing).
        let name = idText.map { "\(definition.name) '\($0)'" } ?? "\(definition.name) at line \(range.start.line)"
        var arguments: [String: Node] = [:]
        var given: [String: SourceRange] = [:]
        var sources: [String: InstanceArgument.Source] = [:]
        var ok = true
        for pair in pairs where pair.key != "type" {
            if groupKeys.contains(pair.key) {
                kept.append(pair)
            } else if definition.parameter(named: pair.key) != nil {
                arguments[pair.key] = pair.value
                given[pair.key] = pair.value.range
                let line = pair.keyRange.start.line, file = log.currentFile?.name
                if let repeatItem, repeatItem.start <= pair.keyRange.start, pair.keyRange.start < repeatItem.end {
                    sources[pair.key] = .repeatItem(line: line, file: file)
                } else {
                    sources[pair.key] = .file(line: line, file: file)
                }
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
            log.error(.missingKey, "an instance of \(definition.name) needs an id: its views are named through it (\(idExample(definition)))",
                      at: typePair.keyRange)
            return group
        }
        // An id that is not one is the view checker's to report.
        guard ViewSelector.isValidScopedID(idText) else { return group }
        var fromOptions: [String: String] = [:]
        if useOverrides {
            for o in options.overrides {
                // By id or by place (`views[0].value`): an index path names the instance as its id does.
                guard case .view(let selector, let attribute) = o.address, selector.selects(id: idText, path: path),
                      let parameter = definition.parameter(named: attribute) else { continue }
                switch o.valueNode(literal: parameter.kind.valueKind.isText) {
                case .success(let node):
                    arguments[parameter.name] = node
                    fromOptions[parameter.name] = o.option
                    sources[parameter.name] = .commandLine(o.option)
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
                sources[parameter.name] = .defaultValue
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
        // The same id twice: the view checker says so once, at the second; its views would
        // say it again for each of them, in the definition.
        guard !instanceIDs.contains(idText) else { return group }
        instanceIDs.insert(idText)
        let size = table.size(of: definition.name)
        // The instance's group is counted already.
        guard viewCount - 1 + size <= options.maxViews else {
            if !reportedLimit {
                reportedLimit = true
                log.error(.limitExceeded, "\(name) would take the scene past \(options.maxViews) views: \(definition.name) expands to \(size >= ComponentTable.sizeCap ? "too many" : String(size)) views",
                          at: typePair.value.range,
                          notes: ["every view an instance makes counts against the scene's limit; raise it with --max-views if you mean it"])
            }
            return group
        }
        let use = "\(log.currentFile?.name ?? sceneName):\(range.start.line):\(range.start.column)"
        let made = definition.parameters.compactMap { p in
            arguments[p.name].map { InstanceArgument(name: p.name, value: ComponentTable.flowText($0), kind: p.kind.written,
                                                     source: sources[p.name] ?? .defaultValue) }
        }
        let origin = ExpansionOrigin(component: definition.name, file: definition.file,
                                     note: "in \(definition.name), used by '\(idText)' at \(use)", parameters: definition.parameterNames,
                                     arguments: made)
        origins[path] = origin
        instances[idText] = definition
        let inner = Scope(definition: definition, arguments: arguments, prefix: idText, depth: depth,
                          given: given, useFile: log.currentFile, useContext: log.context)
        let saved = (log.currentFile, log.context)
        log.currentFile = definition.file
        log.context.append(origin.note)
        let argumentNotes = Dictionary(pairs.compactMap { pair in definition.parameter(named: pair.key).map { _ in
            (pair.key, Substitution.argumentNote(parameter: pair.key, argument: pair.value, instance: idText,
                                                 use: "\(saved.0?.name ?? sceneName):\(pair.keyRange.start.line):\(pair.keyRange.start.column)", option: nil)) } }
            + fromOptions.compactMap { name, option in arguments[name].map { (name, Substitution.argumentNote(parameter: name, argument: $0, instance: idText, use: nil, option: option)) } },
            uniquingKeysWith: { _, last in last })
        log.argumentNotes.merge(Substitution.argumentNotes(in: [views] + definition.animations, notes: argumentNotes, file: definition.file, context: log.context),
                                uniquingKeysWith: { $0 + $1 })
        let children = expandList(views, scope: inner, parent: path, log: &log)
        for animation in definition.animations {
            animations.append(InstanceAnimation(node: instantiateAnimation(animation, inner), component: definition.name, file: definition.file, context: log.context))
        }
        (log.currentFile, log.context) = saved
        return Node(.mapping(kept + [Node.Pair(key: "children", keyRange: typePair.keyRange, value: children)]), range: range)
    }

    /// "id: meter makes meter.ring", with the first id the definition writes as a plain id
    /// (not one an argument makes, `$n`, which would show a `$`).
    private func idExample(_ definition: ComponentDefinition) -> String {
        let id = definition.views?.sequence?.lazy.compactMap { $0.mapping?["id"]?.value.scalar?.text }
            .first { ViewSelector.isValidID($0) }
        let example = definition.name.prefix(1).lowercased() + definition.name.dropFirst()
        guard let id else { return "id: \(example) names its views \(example).ID" }
        return "id: \(example) makes \(example).\(id)"
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
