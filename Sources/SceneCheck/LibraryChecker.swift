import SceneModel
import SceneSyntax

/// Library files (docs/language.md §1): a file with `styles:` and/or `components:` and neither
/// `canvas` nor `views` holds things for scenes to import, not a picture. `scenec check` and the
/// language server check it as a library (`CheckOptions.acceptsLibrary`); a command that draws
/// refuses it with one located error, after reporting what is wrong inside it.
extension SceneChecker {
    /// The top-level keys a library may have (besides `x-` keys). Not `timeline` (a library has
    /// no views of its own to animate; a component's animations go in the component) nor `fonts`
    /// (fonts are loaded by the scene that draws, from its own `fonts:`).
    package static let libraryKeys = ["version", "imports", "styles", "components"]

    /// Whether `root` is a library's top mapping: `styles:` or `components:`, no `canvas`, no
    /// `views`. Anything else (an empty file, a list, a file of `timeline:` alone) is read as a
    /// scene and keeps the scene's errors.
    public static func isLibrary(_ root: Node?) -> Bool {
        guard let top = root?.mapping else { return false }
        return isLibrary(top)
    }

    static func isLibrary(_ top: [Node.Pair]) -> Bool {
        let keys = Set(top.map(\.key))
        return !keys.contains("canvas") && !keys.contains("views") && (keys.contains("styles") || keys.contains("components"))
    }

    /// A library's check: version, imports (followed, as a scene's are), styles (an unknown
    /// attribute is an error, as in a scene) and its components and those it imports, as a
    /// scene's check reads them. No scene comes out of it.
    func checkLibrary(_ top: [Node.Pair], root: Node, file: SourceFile?, references: inout References,
                      log: inout DiagnosticLog) -> (scene: Scene?, diagnostics: [Diagnostic]) {
        let name = options.scenePath ?? file?.name ?? "this file"
        var kept: [Node.Pair] = []
        for pair in top where !pair.key.hasPrefix(Self.extensionPrefix) {
            switch pair.key {
            case "timeline":
                log.error(.unknownKey, "a library has no timeline of its own: it has no views to animate", at: pair.keyRange,
                          notes: libraryNotes + ["a component's animations go in the component's own timeline: (components: {Name: {timeline: …}})"])
            case "fonts":
                log.error(.unknownKey, "a library cannot load fonts: fonts are loaded by the scene that draws", at: pair.keyRange,
                          notes: libraryNotes + ["put fonts: in each scene that imports this library"])
            default:
                kept.append(pair)
            }
        }
        let pairs = log.knownKeys(kept, Self.libraryKeys, in: "a library")
        if let version = pairs["version"] { checkVersion(version.value, log: &log) }
        var imports = ImportReader(options: options)
        if let importsPair = pairs["imports"] {
            imports.read(importsPair.value, in: nil, chain: [ImportReader.normalised(name)], log: &log)
        }
        references = References.build(root, file: file, imported: imports.sources.flatMap { References.styles($0.node, path: $0.file?.name) },
                                      overrides: options.overrides)
        let own = pairs["styles"].map { [StyleSource(node: $0.value, file: nil)] } ?? []
        let styles = StyleTable.read(imports.sources + own, options: options, log: &log)
        // The components checker, as a scene's check runs it: each definition in its own file, its
        // views made with its defaults, unknown attributes errors and unused parameters warnings.
        let ownComponents = pairs["components"].map { [ComponentSource(node: $0.value, file: nil)] } ?? []
        let components = ComponentTable.read(imports.componentSources + ownComponents, styles: styles, options: options,
                                             sceneFile: file, sceneName: name, log: &log)
        references.components = components.referenced
        reportOverridesWithoutTarget(log: &log)
        if !options.acceptsLibrary {
            let key = top.first { $0.key == "styles" || $0.key == "components" }?.keyRange ?? root.range.startOnly
            log.error(.missingKey, "\(name) is a library (styles/components), it has no picture; import it from a scene", at: key,
                      notes: libraryNotes + ["scenec check \(name) checks it as a library"])
        }
        return (nil, references.placingTemplateProblems(log.all).sortedByPosition())
    }

    private var libraryNotes: [String] {
        ["a file with styles: or components: and neither canvas nor views is a library; a scene needs 'canvas' and 'views'"]
    }

    /// A library has no views, canvas or timeline: a `--set` naming one sets nothing. `styles.…`
    /// are checked by the style table. Skipped when one --set serves many files.
    private func reportOverridesWithoutTarget(log: inout DiagnosticLog) {
        guard options.overridesMustMatch else { return }
        for o in options.overrides {
            if case .style = o.address { continue }
            log.add(o.error(.badOption, "a library has no views, canvas or timeline to set; --set takes styles.NAME.ATTR here"))
        }
    }
}
