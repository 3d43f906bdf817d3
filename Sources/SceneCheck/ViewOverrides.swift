import SceneModel
import SceneSyntax

/// `--set` on views: by id or index path, an attribute or the view's `style`.
extension ViewChecker {
    /// The last `--set …style=` for this view: it replaces the file's `style:` (later ones win,
    /// as for any attribute).
    func styleOverride(id: String?, path: ViewPath) -> Override? {
        options.overrides.last { o in
            guard case .view(let selector, let attribute) = o.address else { return false }
            return attribute == SceneAddress.styleKey && selector.selects(id: id, path: path)
        }
    }

    /// `--set` values for the view with `id` (if any) at `path`, after the file's; each checked
    /// like a file value, its errors reported against the option.
    /// `arguments`: an instance's parameters, which a `--set` sets as arguments (ComponentExpander).
    mutating func applyOverrides(id: String?, path: ViewPath, kind: ViewKind, name: String, arguments: [String] = [],
                                 to values: inout AttributeValues) {
        for o in options.overrides {
            guard case .view(let selector, let attribute) = o.address, attribute != SceneAddress.styleKey,
                  o.address.frameKey == nil, selector.selects(id: id, path: path), !arguments.contains(attribute) else { continue }
            guard let spec = kind.attribute(named: attribute) else {
                log.add(unknownAttribute(attribute, of: kind, name: id == nil ? "\(name) at \(path)" : name, arguments: arguments, in: o))
                continue
            }
            switch o.valueNode(literal: spec.kind.isText) {
            case .failure(let d):
                log.add(d)
            case .success(let node):
                if let v = log.take(ValueParser.parse(node, as: spec.kind, what: spec.name), origin: o.option) {
                    values.set(spec.name, ResolvedValue(value: v, source: .commandLine))
                }
            }
        }
    }

    /// The `--set ….frame.KEY`s for the view with `id` (if any) at `path`, in order.
    func frameOverrides(id: String?, path: ViewPath) -> [FrameOverride] {
        options.overrides.compactMap { o in
            guard case .view(let selector, _) = o.address, let key = o.address.frameKey,
                  selector.selects(id: id, path: path) else { return nil }
            return FrameOverride(override: o, key: key)
        }
    }

    /// Frame `--set`s on a view a stack or grid places: it has no frame to set.
    mutating func refuseFrameOverrides(_ sets: [FrameOverride], view: String, placedBy container: String) {
        for set in sets {
            log.add(set.override.error(.conflictingKeys, "\(view) is placed by \(container): it has no frame; a container places its children in order, so reorder its children to move it, and give it a size to size it"))
        }
    }

    private func unknownAttribute(_ attribute: String, of kind: ViewKind, name: String, arguments: [String], in o: Override) -> Diagnostic {
        if Registry.structuralKeys.contains(attribute) || attribute == "children" {
            return o.error(.badOption, "'\(attribute)' of \(name) cannot be set with --set, which sets attributes and \(SceneAddress.styleKey)")
        }
        // An instance's arguments first: `cpu.valu` meant the argument `value`.
        let names = arguments + kind.attributes.map(\.name) + [SceneAddress.styleKey]
        return o.error(.unknownAttribute, "\(name) has no \(arguments.isEmpty ? "" : "argument or ")attribute '\(attribute)'\(Suggestions.hint(for: attribute, in: names))",
                       notes: arguments.isEmpty ? [] : ["its arguments: " + arguments.joined(separator: ", ")])
    }
}

extension SceneChecker {
    /// `--set`s naming a view the scene lacks: an id no view has, or an index out of range
    /// (`views` is the file's list). Errors, unless one --set serves many scenes: then skipped.
    func reportMissingViews(_ views: Node, ids: [String: ViewType], log: inout DiagnosticLog) {
        guard options.overridesMustMatch else { return }
        for o in options.overrides {
            guard case .view(let selector, _) = o.address else { continue }
            switch selector {
            case .id(let id) where ids[id] == nil && !log.isInBrokenInstance(id):
                let known = ids.keys.sorted()
                log.add(o.error(.unknownID, "no view has the id '\(id)'\(Suggestions.hint(for: id, in: known))",
                                notes: known.isEmpty ? [] : ["ids: " + known.joined(separator: ", ")]))
            case .path(let path):
                if case .failure(let missing) = path.node(inViews: views) {
                    log.add(o.error(.unknownID, missing.message))
                }
            case .id:
                break
            }
        }
    }
}
