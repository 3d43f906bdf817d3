import SceneModel
import SceneSyntax

/// Checks `views:` and containers' `children:` into `SceneView`s, applying styles.
struct ViewChecker {
    let styles: StyleTable
    var options: CheckOptions
    var log: DiagnosticLog
    var ids: [String: SourceRange] = [:]
    /// The type of each view with an id, for animation targets.
    var idTypes: [String: ViewType] = [:]
    var viewCount = 0
    var reportedViewLimit = false
    /// Each instance of a component, by its path (ComponentExpander): its children are read in
    /// the definition's file, each problem with a note naming the use.
    var origins: [ViewPath: ExpansionOrigin] = [:]
    /// The components the file can use, for "did you mean" on a view's type.
    var componentNames: [String] = []
    /// The views with `repeat: []` (ComponentExpander), by their container's path: checked
    /// where they are written, as one copy, and left out of the scene.
    var unrepeated: [ViewPath?: [UnrepeatedView]] = [:]
    /// Inside an instance's views (or a definition checked on its own) ids are scoped: `cpu.ring`.
    var insideComponent = false
    /// Inside an instance the scene holds, its mapping in the scene: the checked views there
    /// are placed at it, so what later stages (lints, the language server) say of them is
    /// said in the scene's file, at the instance, never at a definition's line in the scene.
    var instanceRange: SourceRange?

    init(styles: StyleTable, options: CheckOptions, log: DiagnosticLog) {
        self.styles = styles
        self.options = options
        self.log = log
    }

    /// The views of `views:` (no `parent`) or of the container at `parent`, each at its index:
    /// a view that fails to check still takes its place, so index paths follow the file.
    mutating func checkList(_ node: Node, parent: Container?, depth: Int) -> [SceneView] {
        let place = parent.map { "children of a \($0.type.rawValue)" } ?? "views"
        guard let items = node.sequence else {
            log.error(.wrongStructure, "\(place) must be a list of views (each starting with '- type:'), not \(node.kindDescription)",
                      at: node.range)
            return []
        }
        var views: [SceneView] = []
        for (index, item) in items.enumerated() {
            viewCount += 1
            if viewCount > options.maxViews {
                if !reportedViewLimit {
                    log.error(.limitExceeded, "the scene has more than \(options.maxViews) views", at: item.range.startOnly,
                              notes: ["raise the limit with --max-views if you mean it"])
                    reportedViewLimit = true
                }
                return views
            }
            let path = parent?.path.child(index) ?? ViewPath(root: index)
            if let view = checkView(item, parent: parent, path: path, depth: depth) {
                views.append(view)
            }
        }
        for view in unrepeated[parent?.path] ?? [] { checkUnrepeated(view, parent: parent, depth: depth) }
        return views
    }

    /// A view with `repeat: []` checked as its one copy would be, then dropped: its ids are
    /// no view's (a timeline cannot target them, another view may take them), `--set` is not
    /// applied (its path is the next view's), and it counts towards no limit.
    mutating func checkUnrepeated(_ view: UnrepeatedView, parent: Container?, depth: Int) {
        let saved = (options, ids, idTypes, viewCount, reportedViewLimit, origins, unrepeated)
        options.overrides = []
        (ids, origins, unrepeated) = ([:], view.origins, view.inner)
        _ = checkView(view.node, parent: parent, path: view.path, depth: depth)
        (options, ids, idTypes, viewCount, reportedViewLimit, origins, unrepeated) = saved
    }

    /// A view holding children, as its children are checked: its type, its place, and its
    /// name in messages ("stack 'header'", or "stack at views[0]" without an id).
    struct Container {
        var type: ViewType
        var path: ViewPath
        var name: String
    }

    mutating func checkView(_ node: Node, parent container: Container?, path: ViewPath, depth: Int) -> SceneView? {
        let parent = container?.type
        guard let pairs = node.mapping else {
            if let key = AttributeSuggestions.keyWithoutColon(view: node) {
                log.add(key)
                return nil
            }
            log.error(.wrongStructure, "a view must be a mapping starting with 'type:', not \(node.kindDescription)", at: node.range)
            return nil
        }
        guard let typePair = pairs["type"] else {
            if let key = pairs.lazy.compactMap({ AttributeSuggestions.keyWithoutColon($0, known: ["type"]) }).first {
                log.add(key)
                return nil
            }
            if let misspelt = pairs.first(where: { Suggestions.nearest(to: $0.key, in: ["type"]) != nil }) {
                log.error(.unknownKey, "unknown key '\(misspelt.key)' in a view; did you mean 'type'?", at: misspelt.keyRange,
                          fixes: [.replace(with: "type", at: misspelt.keyRange)])
                return nil
            }
            log.error(.missingKey, "a view needs a 'type' (one of \(ViewType.allCases.map(\.rawValue).joined(separator: ", ")))",
                      at: node.range.startOnly)
            return nil
        }
        let typeNames = ViewType.allCases.map(\.rawValue)
        guard let typeText = typePair.value.scalar?.text, let type = ViewType(rawValue: typeText) else {
            let written = typePair.value.scalar?.text ?? ""
            let suggestion = Suggestions.suggest(written, in: typeNames + componentNames, at: typePair.value.range)
            log.error(.unknownViewType, "unknown view type '\(written)'\(suggestion.hint)",
                      at: typePair.value.range,
                      notes: ["view types: " + typeNames.joined(separator: ", ")]
                          + (componentNames.isEmpty ? [] : ["components: " + componentNames.joined(separator: ", ")]),
                      fixes: suggestion.fixes)
            return nil
        }
        let origin = origins.isEmpty ? nil : origins[path]
        let kind = type.kind
        let id = pairs["id"].flatMap { checkID($0) }
        if let id { idTypes[id] = type }
        let name = id.map { "\(origin?.component ?? type.rawValue) '\($0)'" } ?? type.rawValue
        var values = AttributeValues(defaultsOf: kind)
        if let restyle = styleOverride(id: id, path: path) {
            switch restyle.valueNode() {
            case .success(let names): applyStyles(names, origin: restyle.option, kind: kind, to: &values)
            case .failure(let d): log.add(d)
            }
        } else if let style = pairs["style"] {
            applyStyles(style.value, origin: nil, kind: kind, to: &values)
        }

        var frame: FrameSpec?
        var size: SizeSpec?
        var children: [SceneView] = []
        let known = Registry.structuralKeys + (type.isContainer ? Registry.containerKeys : []) + kind.attributes.map(\.name)
        for pair in pairs {
            switch pair.key {
            case "type", "id", "style":
                continue
            case "frame", "size":
                continue
            case "children" where type.isContainer:
                continue
            default:
                if let spec = kind.attribute(named: pair.key) {
                    if let v = log.take(ValueParser.parse(pair.value, as: spec.kind, what: pair.key)) {
                        values.set(spec.name, ResolvedValue(value: v, source: .file, range: pair.value.range))
                    }
                } else {
                    reportUnknownKey(pair, of: type, name: name, known: known)
                }
            }
        }
        applyOverrides(id: id, path: path, kind: kind, name: name, arguments: origin?.parameters ?? [], to: &values)
        reportConflicts(of: type, values: values, id: id, path: path)
        if let time = values.explicit[Clock.time.name], time.value == .timeOfDay(.now) {
            log.add(.warning(.timeNow, "time: now is the local time at render, so the picture is not reproducible",
                             at: time.range))
        }
        // A required attribute given with a bad value already has its own error.
        for spec in kind.attributes where spec.isRequired && values.explicit[spec.name] == nil
            && pairs[spec.name] == nil {
            log.missing([spec.name], in: pairs, "\(name) needs '\(spec.name)' (\(spec.kind.name))", at: typePair.keyRange)
        }
        // The log moves into the frame checker and back rather than being copied: a copy
        // left here makes the frame checker's first error copy every diagnostic so far, once
        // per view, which is quadratic in a file of many views with errors.
        var frames = FrameChecker(log: DiagnosticLog())
        swap(&log, &frames.log)
        size = pairs["size"].flatMap { frames.size($0.value) }
        let placedByContainer = parent?.kind.children == .placedByContainer
        let frameSets = frameOverrides(id: id, path: path)
        if let framePair = pairs["frame"] {
            if placedByContainer, let parent {
                frames.log.error(.conflictingKeys, "\(name) is placed by its \(parent.rawValue), so it cannot have a frame; give it a 'size' instead",
                                 at: framePair.keyRange)
            } else {
                frame = frames.frame(framePair.value, size: size, kind: kind, name: name, sets: frameSets)
            }
        } else if !placedByContainer {
            frames.log.error(.missingFrame, "\(name) needs a frame, e.g. frame: {x: 20, y: 20, width: 150, height: 150}",
                             at: typePair.keyRange,
                             notes: [Self.placementNote])
        }
        swap(&log, &frames.log)
        if placedByContainer, let container {
            refuseFrameOverrides(frameSets, view: type.placeName(id: id, address: path.description),
                                 placedBy: container.name)
        }
        if let childrenPair = pairs["children"], type.isContainer {
            if depth >= options.maxNesting {
                log.error(.limitExceeded, "views nest deeper than \(options.maxNesting) levels", at: childrenPair.keyRange,
                          notes: ["raise the limit with --max-nesting if you mean it"])
            } else {
                let named = type.placeName(id: id, address: path.description)
                // An instance's views are its definition's: read in its file, noting the use.
                let saved = (log.currentFile, log.context, insideComponent, instanceRange)
                if let origin {
                    log.currentFile = origin.file
                    log.context.append(origin.note)
                    insideComponent = true
                    if instanceRange == nil, saved.0 == nil { instanceRange = node.range }
                }
                children = checkList(childrenPair.value, parent: Container(type: type, path: path, name: named), depth: depth + 1)
                (log.currentFile, log.context, insideComponent, instanceRange) = saved
            }
        }
        if let instanceRange {
            for (name, value) in values.explicit {
                var placed = value
                placed.range = instanceRange
                values.set(name, placed)
            }
        }
        var view = SceneView(id: id, type: type, frame: frame, size: size, values: values, children: children,
                             range: instanceRange ?? node.range)
        view.component = origin?.component
        view.arguments = origin?.arguments ?? []
        return view
    }

    mutating func checkID(_ pair: Node.Pair) -> String? {
        guard let text = pair.value.scalar?.text,
              insideComponent ? ViewSelector.isValidScopedID(text) : ViewSelector.isValidID(text) else {
            log.error(.badValue, "id must start with a letter or _ and hold only letters, digits, _ and -, not \(pair.value.kindDescription)",
                      at: pair.value.range)
            return nil
        }
        if let first = ids[text] {
            log.error(.duplicateID, "duplicate id '\(text)'", at: pair.value.range,
                      notes: ["first used at line \(first.start.line), column \(first.start.column); ids are unique in a scene"])
            return nil
        }
        ids[text] = pair.value.range
        return text
    }

    /// `style: brand` or `style: [base, brand]`, from the file or from a `--set ID.style=…` that
    /// replaces it (`origin`): later ones win; a style's attributes the kind lacks are skipped
    /// (a style may serve several kinds).
    mutating func applyStyles(_ node: Node, origin: String?, kind: ViewKind, to values: inout AttributeValues) {
        for nameNode in node.sequence ?? [node] {
            guard let styleName = nameNode.scalar?.text, !(nameNode.scalar?.isNull ?? true) else {
                log.error(.badValue, "style must be a style name or a list of names, not \(nameNode.kindDescription)",
                          at: nameNode.range, origin: origin)
                continue
            }
            guard let style = styles[styleName] else {
                log.add(styles.unknownStyle(styleName, at: nameNode.range, origin: origin))
                continue
            }
            for entry in style.values {
                guard let spec = kind.attribute(named: entry.key) else { continue }
                if let v = log.take(ValueParser.parse(entry.value, as: spec.kind, what: entry.key), origin: entry.origin,
                                  file: entry.file) {
                    let source = entry.file.map { AttributeSource.imported(style: styleName, file: $0.name) } ?? .style(styleName)
                    values.set(spec.name, ResolvedValue(value: v, source: source, range: entry.value.range))
                }
            }
        }
    }

    mutating func reportUnknownKey(_ pair: Node.Pair, of type: ViewType, name: String, known: [String]) {
        if pair.key == "children" {
            log.error(.childrenNotAllowed, "\(name) cannot have children; only group, stack and grid can", at: pair.keyRange)
            return
        }
        if let key = AttributeSuggestions.keyWithoutColon(pair, known: known) {
            log.add(key)
            return
        }
        let owners = Registry.kinds.filter { $0.attribute(named: pair.key) != nil }.map(\.type.rawValue)
        let (hint, hintNotes, fixes, _) = AttributeSuggestions.suggest(pair.key, known: known, kind: type.kind, at: pair.keyRange)
        var notes = hintNotes
        if !owners.isEmpty {
            notes.append("'\(pair.key)' is an attribute of \(owners.joined(separator: ", "))")
        } else if hint.isEmpty {
            let kind = type.kind
            notes += AttributeSuggestions.listing(.init(
                name: type.rawValue, own: kind.ownAttributes.map(\.name),
                layer: kind.layerAttributes.map(\.name),
                structural: Registry.structuralKeys + (type.isContainer ? Registry.containerKeys : [])))
        }
        log.error(.unknownAttribute, "unknown attribute '\(pair.key)' for \(name)\(hint)",
                  at: pair.keyRange, notes: notes, fixes: fixes)
    }
}

extension ViewChecker {
    /// "views at the root or in a group are placed by their frame; only stack and grid place
    /// their children", from the kinds' children rules.
    static let placementNote: String = {
        func names(_ rule: ChildrenRule) -> [String] { Registry.kinds.filter { $0.children == rule }.map(\.type.rawValue) }
        func list(_ words: [String]) -> String {
            words.count > 1 ? words.dropLast().joined(separator: ", ") + " and " + (words.last ?? "") : words.joined()
        }
        return "views at the root or in a \(list(names(.placedByFrame))) are placed by their frame; only \(list(names(.placedByContainer))) place their children"
    }()
}

extension ViewType {
    /// A view of this type as messages name it where its place matters: `stack 'header'`, or
    /// `stack at views[0]` for one without an id. The checker's messages and the preview's
    /// placement reasons both use it.
    public func placeName(id: String?, address: String) -> String {
        id.map { "\(rawValue) '\($0)'" } ?? "\(rawValue) at \(address)"
    }
}
