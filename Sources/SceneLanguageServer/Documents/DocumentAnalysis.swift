import SceneCheck
import ScenecKit
import SceneLayout
import SceneModel
import SceneSyntax

/// One version of a document as scenec reads it, worked out when first asked for: its YAML
/// tree (for positions and navigation) and the checked, laid-out scene (for diagnostics and
/// hover). Every feature asks this, so a version is read and checked once however many
/// requests it gets.
final class DocumentAnalysis {
    let document: TextDocument
    let file: SourceFile
    let frontend: Frontend
    /// The document's path on disk, when its URI is a file.
    let path: String?
    /// How positions count characters for the client (set by the server).
    let encoding: PositionEncoding

    /// The size limit's diagnostic for a document too large to check (nil: check it).
    let oversize: (Int) -> Diagnostic?
    /// LanguageServer.Options.revise, for tests.
    var revise: ((Diagnostic) -> Diagnostic)?

    init(_ document: TextDocument, frontend: Frontend, encoding: PositionEncoding,
         oversize: @escaping (Int) -> Diagnostic? = { _ in nil }) {
        self.encoding = encoding
        self.oversize = oversize
        self.document = document
        path = FileURI.path(document.uri)
        file = SourceFile(name: path ?? document.uri, bytes: document.bytes)
        self.frontend = frontend
    }

    /// The YAML tree; nil when the text is not YAML the reader accepts (half-typed).
    lazy var tree: Node? = {
        let read = YAMLReader(limits: frontend.readerLimits).read(file)
        return read.diagnostics.hasErrors ? nil : read.root
    }()

    /// What `scenec check` finds, and the scene when it has no errors.
    var checked: (scene: Scene?, diagnostics: [Diagnostic]) {
        (checkResult.scene, checkResult.diagnostics)
    }

    /// The check with its references graph: one check of a version serves diagnostics and every
    /// feature that reads the graph. A document too large to check has its one diagnostic and
    /// an empty graph.
    private lazy var checkResult: CheckResult = {
        if let tooLarge = oversize(file.bytes.count) { return CheckResult(scene: nil, diagnostics: [tooLarge], references: References()) }
        var checked = frontend.checkAndLint(file, scenePath: path)
        if let revise { checked.diagnostics = checked.diagnostics.map(revise) }
        return checked
    }()

    /// The scene laid out as it is drawn; only hover needs it, so a check does not wait for it.
    lazy var placedViews: [PlacedView] = checked.scene.map { AnimatedScene($0).placed } ?? []

    /// Every view mapping in the tree, depth first.
    lazy var views: [ViewNode] = {
        guard let tree else { return [] }
        var out: [ViewNode] = []
        func walk(_ list: Node?, parent: Int?) {
            for item in list?.sequence ?? [] where item.mapping != nil {
                out.append(ViewNode(node: item, parent: parent))
                walk(item.mapping?["children"]?.value, parent: out.count - 1)
            }
        }
        walk(tree.mapping?["views"]?.value, parent: nil)
        return out
    }()

    /// The laid-out views of the checked scene (none when it has errors), by where their
    /// mappings start.
    private lazy var placedByStart: [SourceLocation: PlacedView] = {
        var table: [SourceLocation: PlacedView] = [:]
        func index(_ placed: [PlacedView]) {
            for p in placed {
                // An instance's views are placed at the instance (they have no lines of their
                // own in this file): the instance's group keeps its place.
                if table[p.view.range.start] == nil { table[p.view.range.start] = p }
                index(p.children)
            }
        }
        index(placedViews)
        return table
    }()

    /// Where the view whose mapping is `node` was placed, when the scene has no errors.
    func placed(_ node: Node) -> PlacedView? { placedByStart[node.range.start] }

    /// The view with `id` as placed, when the scene has no errors.
    func placed(id: String) -> PlacedView? { references.declaration(of: id).flatMap { placedByStart[$0.viewRange.start] } }

    /// The scene's references graph (ids, targets, bindings, styles, imports): the checker's
    /// own, read from the tree, so it is there while the file has errors; imported styles as the
    /// checker reads them (through `readImport`: open editor buffers first).
    var references: References { checkResult.references }

    /// The view ids written in the file, with their kinds.
    var ids: [(id: String, view: ViewNode)] {
        views.compactMap { v in v.id.map { ($0, v) } }
    }
}

/// A view's mapping in the YAML tree.
struct ViewNode {
    let node: Node
    let parent: Int?

    var pairs: [Node.Pair] { node.mapping ?? [] }
    var id: String? { pairs["id"]?.value.scalar?.text }
    var idNode: Node? { pairs["id"]?.value }
    var type: ViewType? { pairs["type"]?.value.scalar.flatMap { ViewType(rawValue: $0.text) } }
}

extension Array where Element == Node.Pair {
    subscript(key: String) -> Node.Pair? { first { $0.key == key } }
}

extension SourceRange {
    func contains(_ l: SourceLocation) -> Bool { start <= l && l <= end }
}

extension Node {
    /// Every scalar in the tree with the keys and indices leading to it.
    func walk(_ path: [PathStep] = [], _ visit: (Node, [PathStep]) -> Void) {
        visit(self, path)
        switch content {
        case .scalar: break
        case .sequence(let items):
            for (i, item) in items.enumerated() { item.walk(path + [.index(i)], visit) }
        case .mapping(let pairs):
            for pair in pairs { pair.value.walk(path + [.key(pair.key, pair.keyRange)], visit) }
        }
    }
}

/// One step from the root to a node.
enum PathStep: Equatable {
    case key(String, SourceRange)
    case index(Int)

    var key: String? {
        if case .key(let k, _) = self { return k }
        return nil
    }
}
