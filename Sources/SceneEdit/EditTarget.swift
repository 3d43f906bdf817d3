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
    func target(of o: Override, in root: Node) -> Result<EditTarget, Diagnostic> {
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
            return view(selector, top: top, for: o).flatMap { node in
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
                let typeName = node.mapping?.first { $0.key == "type" }?.value.scalar?.text ?? ""
                guard let spec = ViewType(rawValue: typeName)?.kind.attribute(named: attribute) else {
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

    /// A view mapping, by id or index path, written out where it is.
    private func view(_ selector: ViewSelector, top: [Node.Pair], for o: Override) -> Result<Node, Diagnostic> {
        guard let viewsPair = top.first(where: { $0.key == "views" }) else {
            return .failure(o.error(.editRefused, "the file has no views"))
        }
        var entries: [ViewEntry] = []
        collectViews(viewsPair.value, parent: nil, viaAlias: valueIsAlias(viewsPair), into: &entries)
        guard let entry = entries.first(where: { entry in
            let id = entry.node.mapping?.first { $0.key == "id" }?.value.scalar?.text
            return selector.selects(id: id, path: entry.path)
        }) else {
            if case .path(let path) = selector, case .failure(let missing) = path.node(inViews: viewsPair.value) {
                return .failure(o.error(.unknownID, missing.message))
            }
            return .failure(o.error(.unknownID, "no view is \(selector)"))
        }
        guard !entry.viaAlias else { return .failure(aliasRefusal("the view \(selector)", for: o)) }
        guard entry.node.mapping != nil else { return .failure(o.error(.editRefused, "the view \(selector) is not a mapping")) }
        return .success(entry.node)
    }

    private struct ViewEntry {
        var node: Node
        var path: ViewPath
        var viaAlias: Bool
    }

    private func collectViews(_ list: Node, parent: ViewPath?, viaAlias: Bool, into entries: inout [ViewEntry]) {
        let aliased = aliasedItems(of: list)
        for (index, item) in (list.sequence ?? []).enumerated() {
            let path = parent?.child(index) ?? ViewPath(root: index)
            let alias = viaAlias || (index < aliased.count && aliased[index])
            entries.append(ViewEntry(node: item, path: path, viaAlias: alias))
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
