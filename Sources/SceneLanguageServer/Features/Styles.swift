import SceneSchema
import SceneSyntax

/// The styles a scene can name: its own `styles:` and those of the files it imports (read as
/// the checker reads them, open editor buffers first).
enum Styles {
    struct Definition {
        var name: String
        var keyRange: SourceRange
        /// The attributes it sets.
        var keys: [String]
        /// The file it is written in; nil for the document itself.
        var path: String?
        var bytes: [UInt8]?
    }

    static func definitions(in analysis: DocumentAnalysis) -> [Definition] {
        var out: [Definition] = []
        var seen: Set<String> = []
        func collect(_ root: Node?, path: String?, bytes: [UInt8]?, depth: Int) {
            guard let pairs = root?.mapping, depth < 32 else { return }
            if let importer = path ?? analysis.path, let read = analysis.frontend.options.readImport {
                for item in pairs["imports"]?.value.sequence ?? [] {
                    guard let name = item.scalar?.text, !name.isEmpty else { continue }
                    let file = EditorVocabulary.importPath(name, from: importer)
                    guard seen.insert(file).inserted, case .success(let data) = read(file) else { continue }
                    collect(YAMLReader().read(SourceFile(name: file, bytes: data)).root, path: file, bytes: data, depth: depth + 1)
                }
            }
            for style in pairs["styles"]?.value.mapping ?? [] {
                out.append(Definition(name: style.key, keyRange: style.keyRange, keys: (style.value.mapping ?? []).map(\.key),
                                      path: path, bytes: bytes))
            }
        }
        collect(analysis.tree, path: nil, bytes: nil, depth: 0)
        return out
    }

    /// Each style name once, as the checker applies it (a later one wins).
    static func names(in analysis: DocumentAnalysis) -> [(name: String, keys: [String])] {
        var names: [(name: String, keys: [String])] = []
        for d in definitions(in: analysis) {
            names.removeAll { $0.name == d.name }
            names.append((d.name, d.keys))
        }
        return names
    }
}
