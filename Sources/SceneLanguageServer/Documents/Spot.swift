import SceneCheck
import SceneModel
import SceneSyntax

/// What a mapping in a scene file is, by where it sits: the key lists and value kinds of each
/// come from the registry and the checker's own key tables.
enum MappingRole: Equatable {
    case top, canvas, style, view, frame, size, timeline, animation, keyframe
    /// A component's definition (`components: {Meter: {…}}`) and one of its parameters
    /// (`parameters: {value: {kind, default, doc}}`).
    case component, parameter

    /// Mappings whose keys take values (attributes, frame keys, animation keys).
    static let holdsValues: [MappingRole] = [.canvas, .style, .view, .frame, .size, .animation, .keyframe, .timeline, .parameter]

    /// The role of the mapping at `path` (keys, with every list index written `#`).
    static func of(_ path: [PathStep]) -> MappingRole? {
        var keys = path.map { $0.key ?? "#" }
        if keys.count == 2, keys[0] == "components" { return .component }
        if keys.count == 4, keys[0] == "components", keys[2] == "parameters" { return .parameter }
        // A component's definition (`components: {Meter: {views: […], timeline: …}}`): its views
        // and animations are written as a scene's.
        if keys.count >= 3, keys[0] == "components" {
            keys.removeFirst(2)
            guard keys[0] == "views" || keys[0] == "timeline" else { return nil }
        }
        switch keys {
        case []: return .top
        case ["canvas"]: return .canvas
        case ["timeline"]: return .timeline
        case ["timeline", "animations", "#"]: return .animation
        case ["timeline", "animations", "#", "keyframes", "#"]: return .keyframe
        default: break
        }
        if keys.count == 2, keys[0] == "styles" { return .style }
        if isView(keys) { return .view }
        if let last = keys.last, isView(Array(keys.dropLast())) {
            if last == "frame" { return .frame }
            if last == "size" { return .size }
        }
        return nil
    }

    /// `views, #` then any number of `children, #`; or an item of such a view's `repeat:`,
    /// whose keys are merged over the view's (an instance's arguments, a view's attributes).
    static func isView(_ keys: [String]) -> Bool {
        if keys.count >= 4, keys[keys.count - 2] == "repeat", keys[keys.count - 1] == "#" { return isView(Array(keys.dropLast(2))) }
        guard keys.count >= 2, keys[0] == "views", keys[1] == "#", keys.count % 2 == 0 else { return false }
        return stride(from: 2, to: keys.count, by: 2).allSatisfy { keys[$0] == "children" && keys[$0 + 1] == "#" }
    }
}

/// What is under the cursor: a key, or a value (or an item of a value's list), and the
/// mapping it belongs to.
struct Spot {
    /// The mapping holding the key, its role, and the path to it.
    var mapping: Node
    var mappingPath: [PathStep]
    var role: MappingRole?
    /// The key under the cursor or whose value is.
    var pair: Node.Pair
    var onKey: Bool
    /// The scalar or node under the cursor (the value, or an item of it).
    var node: Node
    /// The index inside the value's list, for `style: [a, b]`.
    var itemIndex: Int?
    /// For an item of a view's `repeat:` without its own `type`, the view's `type` as written.
    var repeatedType: String?

    /// The innermost key or value at `location` in `root`.
    static func find(in root: Node, at location: SourceLocation) -> Spot? {
        var found: Spot?
        func visit(_ node: Node, path: [PathStep]) {
            guard found == nil, case .mapping(let pairs) = node.content else {
                if found == nil, case .sequence(let items) = node.content {
                    for (i, item) in items.enumerated() { visit(item, path: path + [.index(i)]) }
                }
                return
            }
            for pair in pairs where found == nil {
                let role = MappingRole.of(path)
                if pair.keyRange.contains(location) {
                    found = Spot(mapping: node, mappingPath: path, role: role, pair: pair, onKey: true, node: pair.value)
                    return
                }
                switch pair.value.content {
                case .scalar:
                    if pair.value.range.contains(location) {
                        found = Spot(mapping: node, mappingPath: path, role: role, pair: pair, onKey: false, node: pair.value)
                    }
                case .sequence(let items):
                    if let i = items.firstIndex(where: { $0.scalar != nil && $0.range.contains(location) }) {
                        found = Spot(mapping: node, mappingPath: path, role: role, pair: pair, onKey: false, node: items[i],
                                     itemIndex: i)
                    } else {
                        visit(pair.value, path: path + [.key(pair.key, pair.keyRange)])
                    }
                case .mapping:
                    let inner = path + [.key(pair.key, pair.keyRange)]
                    // A colour or a spacing written as a mapping is one value of its key.
                    if MappingRole.of(inner) == nil, let role, MappingRole.holdsValues.contains(role),
                       pair.value.range.contains(location) {
                        found = Spot(mapping: node, mappingPath: path, role: role, pair: pair, onKey: false, node: pair.value)
                        return
                    }
                    visit(pair.value, path: inner)
                }
            }
        }
        visit(root, path: [])
        if var spot = found, spot.role == .view, spot.mappingPath.count >= 2,
           spot.mappingPath[spot.mappingPath.count - 2].key == "repeat" {
            spot.repeatedType = root.descendant(spot.mappingPath.dropLast(2))?.mapping?["type"]?.value.scalar?.text
            found = spot
        }
        return found
    }

    /// The view's `type` as written (a repeat item's own, else its view's), when the mapping is a view.
    var typeName: String? {
        guard role == .view else { return nil }
        return (mapping.mapping ?? [])["type"]?.value.scalar?.text ?? repeatedType
    }

    /// The component the view is an instance of, when its `type` is a component's name (a
    /// capital first: docs/language.md §11), whether or not a definition of it is found.
    var componentName: String? {
        guard let name = typeName, ViewType(rawValue: name) == nil, let first = name.unicodeScalars.first,
              ("A"..."Z").contains(first) else { return nil }
        return name
    }

    /// The view kind of the mapping, when it is a view with a known `type`; an instance of a
    /// component is a group (its frame, size and layer attributes are a group's).
    var viewType: ViewType? {
        if componentName != nil { return .group }
        return typeName.flatMap { ViewType(rawValue: $0) }
    }
}

/// The cursor inside a `{id.attribute:format}` binding of a text: which binding, and which of
/// its parts (none on the braces, the dot or the colon).
struct BindingSpot {
    enum Part { case id, attribute, format }

    var binding: References.Binding
    var part: Part?

    static func find(in references: References, at location: SourceLocation) -> BindingSpot? {
        guard let b = references.binding(at: location) else { return nil }
        func within(_ r: SourceRange?) -> Bool { r.map { $0.start <= location && location <= $0.end } ?? false }
        let part: Part? = within(b.idRange) ? .id : within(b.attributeRange) ? .attribute : within(b.formatRange) ? .format : nil
        return BindingSpot(binding: b, part: part)
    }
}
