import SceneCheck
import SceneModel
import SceneSyntax

/// The mapping an override writes into — a view's, the canvas's or a style's, as written in
/// the file — the key it writes, and the kinds its value may have.
struct EditTarget {
    enum Value {
        /// An attribute: the kinds it has where it is (a style may serve view kinds that type
        /// it differently, such as `spacing`; the first its value fits is taken, as the
        /// checker takes it).
        case attribute([ValueKind])
        /// A view's `style`: a name or a list of names.
        case styleNames
        /// An animation's or keyframe's time or easing: written as the override gives it,
        /// once the checker has read it (`SceneEditor` compiles the overrides first).
        case timing
    }

    var mapping: Node
    var key: String
    var value: Value
}

extension SourceText {
    /// Finds what `o` names in the file. An override names only places that hold a text of
    /// their own: one reached through an alias is refused, since the text is the anchor's.
    func target(of o: Override, in root: Node, components: [References.Component] = []) -> Result<EditTarget, Diagnostic> {
        let top = root.mapping ?? []
        switch o.address {
        case .canvas(let attribute):
            guard let kind = SceneAddress.canvasKind(of: attribute) else {
                return .failure(o.error(.unknownAttribute, "the canvas has no '\(attribute)'"))
            }
            return ownMapping(top, "canvas", what: "the canvas", for: o).map {
                EditTarget(mapping: $0, key: attribute, value: .attribute([kind]))
            }
        case .style(let name, let attribute):
            let kinds = Registry.kinds.compactMap { $0.attribute(named: attribute)?.kind }
            return ownMapping(top, "styles", what: "styles", for: o).flatMap { styles in
                ownMapping(styles.mapping ?? [], name, what: "style '\(name)'", for: o)
            }.map { EditTarget(mapping: $0, key: attribute, value: .attribute(kinds)) }
        case .timeline(let index, let keyframe, let key):
            return animation(index, top: top, for: o).flatMap { item in
                var value = EditTarget.Value.timing
                if ["from", "to", "value"].contains(key) {
                    guard let spec = animatedSpec(of: item, top: top) else {
                        return .failure(o.error("timeline.animations[\(index)] has no target this could be a value of"))
                    }
                    value = EditTarget.Value.attribute([spec.kind])
                }
                switch keyframe {
                case nil: return .success(EditTarget(mapping: item, key: key, value: value))
                case .at:
                    // `EditPlanner.planKeyframe` finds or adds the keyframe at that time.
                    return .failure(o.error(.editRefused, "\(o.address) names a keyframe by its time, which the planner places"))
                case .index(let keyframe):
                    return self.keyframe(keyframe, of: item, animation: index, for: o).map {
                        EditTarget(mapping: $0, key: key, value: value)
                    }
                }
            }
        case .view(let selector, let attribute):
            return view(selector, top: top, components: components, for: o).flatMap { entry in
                let node = entry.node
                if attribute == SceneAddress.styleKey {
                    return .success(EditTarget(mapping: node, key: attribute, value: .styleNames))
                }
                if let key = o.address.frameKey {
                    // The key goes inside the view's own `frame:`, beside the keys it has (a
                    // pie's width is added there); the checker refused a view without one.
                    return ownMapping(node.mapping ?? [], "frame", what: "the frame of \(selector)", for: o).map {
                        EditTarget(mapping: $0, key: key, value: .attribute([.length(reference: "parent")]))
                    }
                }
                if let component = components.last(where: { $0.name == entry.type }) {
                    // An instance: its argument is written in it, as in the file (`value: 0.7`);
                    // else an attribute of the group it makes (`opacity`).
                    if let parameter = component.parameter(named: attribute) {
                        return .success(EditTarget(mapping: node, key: attribute, value: .attribute([parameter.kind])))
                    }
                    guard let spec = ViewType.group.kind.attribute(named: attribute) else {
                        let names = component.parameters.map(\.name)
                        let hint = Suggestions.hint(for: attribute, in: names + ViewType.group.kind.attributes.map(\.name))
                        return .failure(o.error(.unknownAttribute, "\(component.name) '\(selector)' has no argument or attribute '\(attribute)'\(hint)",
                                                notes: [names.isEmpty ? "\(component.name) takes no arguments" : "\(component.name)'s parameters: " + names.joined(separator: ", ")]))
                    }
                    return .success(EditTarget(mapping: node, key: attribute, value: .attribute([spec.kind])))
                }
                guard let spec = ViewType(rawValue: entry.type)?.kind.attribute(named: attribute) else {
                    return .failure(o.error(.unknownAttribute, "\(selector) has no attribute '\(attribute)'"))
                }
                return .success(EditTarget(mapping: node, key: attribute, value: .attribute([spec.kind])))
            }
        }
    }

    /// The mapping of the animation at `index` in `timeline.animations`, written out where it is.
    func animation(_ index: Int, top: [Node.Pair], for o: Override) -> Result<Node, Diagnostic> {
        ownMapping(top, "timeline", what: "timeline", for: o).flatMap { timeline in
            ownItem(index, of: timeline.mapping?.first { $0.key == "animations" }, place: "timeline.animations", for: o)
        }
    }

    /// The mapping of the keyframe at `index` in the animation's `keyframes`, written out where it is.
    private func keyframe(_ index: Int, of animation: Node, animation number: Int, for o: Override) -> Result<Node, Diagnostic> {
        ownItem(index, of: animation.mapping?.first { $0.key == "keyframes" },
                place: "timeline.animations[\(number)].keyframes", for: o)
    }

    /// The mapping at `index` of the list under `pair`, neither the list nor the item an alias.
    private func ownItem(_ index: Int, of pair: Node.Pair?, place: String, for o: Override) -> Result<Node, Diagnostic> {
        guard let pair, let items = pair.value.sequence else {
            return .failure(o.error("the file has no \(place) list to write into"))
        }
        guard items.indices.contains(index) else {
            return .failure(o.error("no item at \(place)[\(index)]: the list holds \(items.count)"))
        }
        guard !valueIsAlias(pair), !aliasedItems(of: pair.value)[index] else {
            return .failure(aliasRefusal("\(place)[\(index)]", for: o))
        }
        guard items[index].mapping != nil else { return .failure(o.error("\(place)[\(index)] is not a mapping")) }
        return .success(items[index])
    }

    /// The attribute an animation's `target:` names (`id.attribute`), looked up in its view's kind.
    func animatedSpec(of animation: Node, top: [Node.Pair]) -> AttributeSpec? {
        guard let target = animation.mapping?.first(where: { $0.key == "target" })?.value.scalar?.text,
              let dot = target.firstIndex(of: "."),
              let viewsPair = top.first(where: { $0.key == "views" }) else { return nil }
        let id = String(target[..<dot]), name = String(target[target.index(after: dot)...])
        var entries: [ViewEntry] = []
        collectViews(viewsPair.value, parent: nil, viaAlias: false, into: &entries)
        let view = entries.first { $0.node.mapping?.first { $0.key == "id" }?.value.scalar?.text == id }
        let type = view?.node.mapping?.first { $0.key == "type" }?.value.scalar?.text ?? ""
        return ViewType(rawValue: type)?.kind.attribute(named: name)
    }

    /// The mapping under `key`, written out where it is (not an alias of one elsewhere).
    private func ownMapping(_ pairs: [Node.Pair], _ key: String, what: String,
                            for o: Override) -> Result<Node, Diagnostic> {
        guard let pair = pairs.first(where: { $0.key == key }), pair.value.mapping != nil else {
            return .failure(o.error(.editRefused, "the file has no \(what) mapping to write into"))
        }
        guard !valueIsAlias(pair) else { return .failure(aliasRefusal(what, for: o)) }
        return .success(pair.value)
    }

    /// A view mapping, by id or index path, written out where it is; a copy of `repeat:` by
    /// its id is the item that makes it (`meter2` is `repeat[1]`, `disk` the item that says so).
    private func view(_ selector: ViewSelector, top: [Node.Pair], components: [References.Component],
                      for o: Override) -> Result<ViewEntry, Diagnostic> {
        guard let viewsPair = top.first(where: { $0.key == "views" }) else {
            return .failure(o.error(.editRefused, "the file has no views"))
        }
        var entries: [ViewEntry] = []
        collectViews(viewsPair.value, parent: nil, viaAlias: valueIsAlias(viewsPair), into: &entries)
        // A view with `repeat:` is no view by its id nor its place: its copies are, each
        // written in its item (`views[1]` is the first copy when views[1] repeats).
        guard let entry = entries.first(where: { entry in
            entry.repeatItem == nil && !entry.isRepeated && selector.selects(id: entry.id, path: entry.path)
        }) ?? entries.first(where: { entry in
            entry.repeatItem != nil && selector.selects(id: entry.id, path: entry.path)
        }) else {
            if case .path(let path) = selector {
                // `views[0].children[0]` where views[0] is an instance: the same refusal as `cpu.ring`.
                var owner = path.parent
                while let p = owner {
                    if let entry = entries.first(where: { $0.path == p && !$0.isRepeated }), let id = entry.id,
                       components.contains(where: { $0.name == entry.type }),
                       let refusal = insideInstance(id + "._", entries: entries, components: components, for: o, inner: "\(path)") {
                        return .failure(refusal)
                    }
                    owner = p.parent
                }
                if case .failure(let missing) = path.node(inViews: viewsPair.value) {
                    return .failure(o.error(.unknownID, missing.message))
                }
            }
            if case .id(let id) = selector, let refusal = insideInstance(id, entries: entries, components: components, for: o) {
                return .failure(refusal)
            }
            return .failure(o.error(.unknownID, "no view is \(selector)"))
        }
        guard !entry.viaAlias else { return .failure(aliasRefusal("the view \(selector)", for: o)) }
        guard entry.node.mapping != nil else { return .failure(o.error(.editRefused, "the view \(selector) is not a mapping")) }
        return .success(entry)
    }

    /// `cpu.ring`: a view an instance makes, which has no text of its own in the file; the
    /// refusal names what can be written instead (§11).
    /// `inner` names the view when the address is an index path (`views[0].children[0]`).
    private func insideInstance(_ id: String, entries: [ViewEntry], components: [References.Component],
                                for o: Override, inner written: String? = nil) -> Diagnostic? {
        let parts = id.split(separator: ".").map(String.init)
        guard parts.count >= 2 else { return nil }
        // The longest written id the address starts with (`cpu`, or a repeat copy's).
        for n in stride(from: parts.count - 1, through: 1, by: -1) {
            let owner = parts[..<n].joined(separator: ".")
            guard let entry = entries.first(where: { $0.id == owner && !($0.isRepeated && $0.repeatItem == nil) }),
                  let component = components.last(where: { $0.name == entry.type }) else { continue }
            let inner = written ?? parts[..<(n + 1)].joined(separator: ".")
            let file = component.file.map { " (\($0.name))" } ?? ""
            let arguments = component.parameters.map(\.name)
            let set = arguments.isEmpty ? "its group attributes (opacity, frame)" : "an argument of \(owner) (\(arguments.joined(separator: ", ")))"
            return o.error(.editRefused, "\(inner) is inside the instance '\(owner)' of \(component.name)\(file): set \(set) or edit the definition",
                           notes: ["an instance's views are made from its definition; the file has no text of theirs to rewrite"])
        }
        return nil
    }

    /// A view as written: its mapping, place, the `type:` it has (a repeat item's is its view's)
    /// and, for a copy of `repeat:`, the item it is made from.
    struct ViewEntry {
        var node: Node
        var path: ViewPath
        var viaAlias: Bool
        var id: String?
        var type: String
        /// The view has `repeat:`: it is not a view itself, its copies are.
        var isRepeated = false
        /// This entry is `repeat[N]` of a view.
        var repeatItem: Int?
    }

    private func collectViews(_ list: Node, parent: ViewPath?, viaAlias: Bool, into entries: inout [ViewEntry]) {
        let aliased = aliasedItems(of: list)
        // Index paths count a repeat's copies, which take the view's place in its list (§11),
        // as the checked scene's paths (and inspect's addresses) do.
        var position = 0
        for (index, item) in (list.sequence ?? []).enumerated() {
            let path = parent?.child(position) ?? ViewPath(root: position)
            let alias = viaAlias || (index < aliased.count && aliased[index])
            let pairs = item.mapping ?? []
            let id = pairs.first { $0.key == "id" }?.value.scalar?.text
            let type = pairs.first { $0.key == "type" }?.value.scalar?.text ?? ""
            let repeatPair = pairs.first { $0.key == "repeat" }
            entries.append(ViewEntry(node: item, path: path, viaAlias: alias, id: id, type: type, isRepeated: repeatPair != nil))
            if let repeatPair, let copies = repeatPair.value.sequence {
                // Each copy's id is its item's, else the view's and its number from 1 (§11).
                let aliasedCopies = aliasedItems(of: repeatPair.value)
                for (n, copy) in copies.enumerated() {
                    let own = copy.mapping?.first { $0.key == "id" }?.value.scalar?.text
                    let copyType = copy.mapping?.first { $0.key == "type" }?.value.scalar?.text ?? type
                    let copyAlias = alias || valueIsAlias(repeatPair) || (n < aliasedCopies.count && aliasedCopies[n])
                    entries.append(ViewEntry(node: copy, path: parent?.child(position + n) ?? ViewPath(root: position + n),
                                             viaAlias: copyAlias, id: own ?? id.map { "\($0)\(n + 1)" },
                                             type: copyType, repeatItem: n))
                }
                position += copies.count
            } else {
                position += 1
            }
            if let children = item.mapping?.first(where: { $0.key == "children" }), children.value.sequence != nil {
                collectViews(children.value, parent: path, viaAlias: alias || valueIsAlias(children), into: &entries)
            }
        }
    }

    private func aliasRefusal(_ what: String, for o: Override) -> Diagnostic {
        o.error(.editRefused, "\(what) is written as an alias (*name) of a node anchored elsewhere in the file; writing into it would change the anchor and every other use of it",
                notes: ["write it out in full where it is used, then edit it"])
    }
}
