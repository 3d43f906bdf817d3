import SceneCheck
import SceneSyntax
import ScenecKit

/// `GET /api/styles`: the scene's styles (its own and those of the files it imports), each with
/// the file that defines it — where the styles panel's "Write" goes — its attributes as written
/// there, and how many views use it. Read from the checker's references graph, which exists
/// even while the scene has errors.
struct StylesDocument: Encodable {
    struct Style: Encodable {
        var name: String
        /// The file defining it as the scene's imports resolve it; nil: the scene's own `styles:`.
        var file: String?
        var line: Int
        var attributes: [Attribute]
        /// The views naming it in `style:`.
        var uses: Int
        /// Files whose definition of the name this one replaces (an earlier import's).
        var replaces: [String]
    }

    struct Attribute: Encodable {
        var name: String
        /// The value as written; nil when it is not one plain value (a `{light, dark}` mapping).
        var value: String?
    }

    var scene: String
    var styles: [Style]
}

extension PreviewAPI {
    func styles(_ request: Request) -> Response {
        guard request.method == "GET" || request.method == "HEAD" else { return .onlyMethod("GET, HEAD") }
        let snapshot = source.snapshot
        let frontend = renders.frontend
        let file = SourceFile(name: source.path, bytes: snapshot.bytes)
        let references = frontend.checkResult(file).references
        // Each defining file read once, as the checker read it (`readImport`: inside the root).
        var trees: [String?: Node] = [:]
        func tree(_ path: String?) -> Node? {
            if let known = trees[path] { return known }
            let bytes: [UInt8]
            if let path {
                guard case .success(let b)? = frontend.options.readImport?(path) else { return nil }
                bytes = b
            } else {
                bytes = snapshot.bytes
            }
            let root = YAMLReader(limits: frontend.readerLimits).read(SourceFile(name: path ?? source.path, bytes: bytes)).root
            trees[path] = root
            return root
        }
        var styles: [StylesDocument.Style] = []
        let names = references.styles.map(\.name).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        for name in names {
            let definitions = references.styles.filter { $0.name == name }
            guard let winner = definitions.last else { continue }
            let pairs = tree(winner.file)?.mapping?.first { $0.key == "styles" }?.value.mapping?
                .first { $0.key == name }?.value.mapping ?? []
            styles.append(StylesDocument.Style(
                name: name, file: winner.file, line: winner.range.start.line,
                attributes: pairs.map { StylesDocument.Attribute(name: $0.key, value: $0.value.scalar?.text) },
                uses: references.styleUses.filter { $0.name == name }.count,
                replaces: definitions.dropLast().map { $0.file ?? source.name }))
        }
        return Self.json(200, StylesDocument(scene: source.name, styles: styles))
    }
}
