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

    /// The text read as YAML. While a line is half-typed the whole text does not read, and
    /// that is most of the time an editor has it: then the tree is what reads, the broken
    /// pieces left out as empty lines (RecoveringReader), so every feature keeps working on
    /// the rest. Diagnostics never come from here: they are the real check's.
    lazy var reading: RecoveringReader.Result = {
        // Too large to check is too large to mend: read once, as it is.
        if oversize(file.bytes.count) != nil {
            let read = YAMLReader(limits: frontend.readerLimits).read(file)
            return RecoveringReader.Result(root: read.root, diagnostics: read.diagnostics, leftOut: [])
        }
        return RecoveringReader(limits: frontend.readerLimits).read(file)
    }()

    /// The YAML tree, of what reads while part of the text does not; nil when nothing reads.
    var tree: Node? { reading.root }

    /// Whether the whole text reads as YAML without an error (the checker's own references
    /// graph is then the text's; otherwise the checker saw no tree at all).
    var readsCleanly: Bool { !reading.diagnostics.hasErrors }

    /// What `scenec check` finds, and the scene when it has no errors.
    var checked: (scene: Scene?, diagnostics: [Diagnostic]) {
        (checkResult.scene, checkResult.diagnostics)
    }

    /// The check with its references graph: one check of a version serves diagnostics and every
    /// feature that reads the graph. A document too large to check has its one diagnostic and
    /// an empty graph.
    private var checkResult: CheckResult {
        if let checkCache { return checkCache }
        var checked: CheckResult
        if let tooLarge = oversize(file.bytes.count) {
            checked = CheckResult(scene: nil, diagnostics: [tooLarge], references: References())
        } else {
            checked = frontend.checkAndLint(file, scenePath: path)
            if let revise { checked.diagnostics = checked.diagnostics.map(revise) }
        }
        checkCache = checked
        return checked
    }

    private var checkCache: CheckResult?

    /// Whether this version has been checked and drew a scene; never checks it (the server asks
    /// as a version is replaced, to keep the last one that checked).
    var checkedWithoutErrors: Bool { checkCache?.scene != nil }

    /// The last version of this document that checked, kept by the server: what hover says of
    /// placed views (frames, lengths in points, bound values) while this one does not check.
    var lastGood: DocumentAnalysis?

    /// The references graph of what reads, when the whole text does not: the checker's graph of
    /// the mended tree (its diagnostics are not the file's and are dropped).
    private lazy var mendedReferences: References = {
        guard let tree else { return References() }
        var options = frontend.options
        if let path { options.scenePath = path }  // imports are relative to it, as in the check
        return SceneChecker(options: options).checkResult(tree, file: file).references
    }()

    /// The scene laid out as its still draws it: at `canvas.poster` (the check's moment, 0 without
    /// one), its timeline's values at that moment, as `scenec inspect` and `scenec render` take
    /// them. Only hover needs it, so a check does not wait for it.
    lazy var placedViews: [PlacedView] = animated.map { $0.views(at: $0.scene.canvas.poster) } ?? []

    /// The checked scene, laid out once, with its timeline's sampler.
    private lazy var animated: AnimatedScene? = checked.scene.map(AnimatedScene.init)

    /// The moment the still shows and the animation that gives `key` (`id.attribute`) its value
    /// then, in the version views are placed from (this one, or the last that checked); nil when
    /// the timeline does not animate it.
    func stillAnimation(of key: String) -> (time: Double, animation: Animation)? {
        guard let animated = placesFromLastGood ? lastGood?.animated : animated else { return nil }
        let time = animated.scene.canvas.poster
        return animated.sampler.animation(driving: key, at: time).map { (time, $0) }
    }

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

    /// Where the view whose mapping is `node` was placed: in this version when it checks, else
    /// in the last version that did (`placesFromLastGood`), when the view's lines are unchanged.
    func placed(_ node: Node) -> PlacedView? { placed(at: node.range.start) }

    /// The view with `id` as placed, as `placed(_:)`.
    func placed(id: String) -> PlacedView? { references.declaration(of: id).flatMap { placed(at: $0.viewRange.start) } }

    private func placed(at start: SourceLocation) -> PlacedView? {
        guard placesFromLastGood, let lastGood else { return placedByStart[start] }
        return unchangedLines.earlier(start).flatMap { lastGood.placedByStart[$0] }
    }

    /// Whether placed views come from the last version that checked, this one not checking.
    var placesFromLastGood: Bool { lastGood != nil && checked.scene == nil }

    /// The lines this version shares with the last good one.
    private lazy var unchangedLines = UnchangedLines(lastGood?.document, document)

    /// The scene's references graph (ids, targets, bindings, styles, imports): the checker's
    /// own, read from the tree, so it is there while the file has errors; imported styles as the
    /// checker reads them (through `readImport`: open editor buffers first). While the text does
    /// not read as YAML, the graph of what does.
    var references: References {
        readsCleanly || oversize(file.bytes.count) != nil ? checkResult.references : mendedReferences
    }

    /// The view ids written in the file, with their kinds.
    var ids: [(id: String, view: ViewNode)] {
        views.compactMap { v in v.id.map { ($0, v) } }
    }
}

/// The lines a version of a document shares with an earlier one: those before the first line
/// that differs and those after the last, as an edit in one place leaves them. A place in them
/// has its earlier line number (columns do not move); one in the edited lines has none.
struct UnchangedLines {
    var before = 0, after = 0
    /// Lines added (less those removed) by the edit.
    var shift = 0
    var count = 0

    init(_ earlier: TextDocument?, _ now: TextDocument) {
        guard let earlier else { return }
        count = now.lineCount
        shift = now.lineCount - earlier.lineCount
        let most = Swift.min(now.lineCount, earlier.lineCount)
        func same(_ a: Int, _ b: Int) -> Bool { now.bytes[now.lineRange(a)] == earlier.bytes[earlier.lineRange(b)] }
        while before < most, same(before, before) { before += 1 }
        while after < most - before, same(now.lineCount - 1 - after, earlier.lineCount - 1 - after) { after += 1 }
    }

    /// Where `location` (1-based) was in the earlier version, when its line is unchanged.
    func earlier(_ location: SourceLocation) -> SourceLocation? {
        let line = location.line - 1
        if line < before { return location }
        if line >= count - after, line < count { return SourceLocation(line: location.line - shift, column: location.column) }
        return nil
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
