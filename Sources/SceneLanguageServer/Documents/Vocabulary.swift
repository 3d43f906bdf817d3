import SceneCheck
import SceneModel
import SceneSchema
import SceneSyntax

/// The keys each kind of mapping takes and the kind of value each key holds, from the registry
/// and the checker's key tables (EditorVocabulary), with the JSON Schema's docs.
enum Vocabulary {
    struct Key {
        var name: String
        var detail: String?
        var doc: String?
    }

    /// A library's top-level keys, in place of a scene's (`canvas` would make it a scene).
    static var libraryKeys: [Key] {
        EditorVocabulary.libraryKeys.map { Key(name: $0, doc: EditorVocabulary.doc(ofKey: $0, in: nil)) }
    }

    static func keys(for role: MappingRole, viewType: ViewType?) -> [Key] {
        func plain(_ names: [String], _ definition: String?) -> [Key] {
            names.map { Key(name: $0, doc: EditorVocabulary.doc(ofKey: $0, in: definition)) }
        }
        switch role {
        case .top: return plain(EditorVocabulary.topKeys, nil)
        case .canvas: return plain(EditorVocabulary.canvasKeys, "canvas")
        case .frame: return plain(EditorVocabulary.frameKeys, "frame")
        case .size: return plain(EditorVocabulary.sizeKeys, nil)
        case .timeline: return plain(EditorVocabulary.timelineKeys, "timeline")
        case .animation: return plain(EditorVocabulary.animationKeys, "animation")
        case .keyframe: return plain(EditorVocabulary.keyframeKeys, "keyframe")
        case .component: return plain(References.componentKeys, "component")
        case .parameter: return plain(References.parameterKeys, "parameter")
        case .style:
            return Registry.attributesByName.keys.sorted().compactMap { name in
                Registry.attributesByName[name].map(attributeKey)
            }
        case .view:
            let type = viewType
            var structural = Registry.structuralKeys
            if type?.isContainer ?? true { structural += Registry.containerKeys }
            let definition = (type ?? .ring).rawValue
            let docs = structural.map { Key(name: $0, doc: EditorVocabulary.doc(ofKey: $0, in: definition)) }
            let specs = type.map(\.kind.attributes) ?? Registry.attributesByName.keys.sorted().compactMap { Registry.attributesByName[$0] }
            return docs + specs.map(attributeKey)
        }
    }

    static func attributeKey(_ spec: AttributeSpec) -> Key {
        Key(name: spec.name, detail: spec.kind.name, doc: attributeDoc(spec))
    }

    /// An attribute's kind, range, default, whether it animates, and its doc.
    static func attributeDoc(_ spec: AttributeSpec) -> String {
        let animates: String
        switch spec.animatable {
        case .no: animates = "no"
        case .interpolated: animates = "yes"
        case .steps: animates = "yes (steps)"
        }
        return "**\(spec.name)**: \(spec.kind.name)\n\ndefault: \(spec.defaultDescription) · animatable: \(animates)\n\n\(spec.doc)"
    }

    /// The attribute a key of a mapping names, when it is one.
    static func attribute(_ key: String, role: MappingRole?, viewType: ViewType?) -> AttributeSpec? {
        switch role {
        case .view: return viewType.map { $0.kind.attribute(named: key) } ?? Registry.attributesByName[key]
        case .style: return Registry.attributesByName[key]
        default: return nil
        }
    }

    /// The kind of value a key holds where it can be said without the rest of the scene
    /// (an animation's values depend on its target: see `targetKind`).
    static func valueKind(_ key: String, role: MappingRole?, viewType: ViewType?) -> ValueKind? {
        if let spec = attribute(key, role: role, viewType: viewType) { return spec.kind }
        switch (role, key) {
        case (.canvas, "background"): return .color
        case (.canvas, "width"), (.canvas, "height"): return .number(.positive)
        case (.frame, _), (.size, _): return .length(reference: "the parent")
        case (.timeline, "loop"), (.animation, "autoreverse"): return .bool
        default: return nil
        }
    }

    /// The attribute `target: ID.ATTR` names, by the views of the file.
    static func target(_ text: String, in analysis: DocumentAnalysis) -> AttributeSpec? {
        let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
        if parts.count == 2, let view = analysis.views.first(where: { $0.id == parts[0] }), let type = view.type {
            return type.kind.attribute(named: parts[1])
        }
        // A view an instance holds (`cpu.ring.progress`): its id is up to the last dot.
        guard let dot = text.lastIndex(of: "."), let type = analysis.references.viewTypes[String(text[..<dot])] else { return nil }
        return type.kind.attribute(named: String(text[text.index(after: dot)...]))
    }

    /// The kind an animation's `from`, `to` or keyframe `value` takes: its target's.
    static func animatedKind(animation: Node, in analysis: DocumentAnalysis) -> ValueKind? {
        guard let target = (animation.mapping ?? [])["target"]?.value.scalar?.text else { return nil }
        return Self.target(target, in: analysis)?.kind
    }
}

extension Node {
    /// The node at a path of keys and indices below this one.
    func descendant(_ path: ArraySlice<PathStep>) -> Node? {
        guard let step = path.first else { return self }
        switch step {
        case .key(let key, _): return (mapping ?? [])[key]?.value.descendant(path.dropFirst())
        case .index(let i):
            guard let items = sequence, items.indices.contains(i) else { return nil }
            return items[i].descendant(path.dropFirst())
        }
    }
}
