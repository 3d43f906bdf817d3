import SceneCheck
import SceneModel
import SceneSyntax
import ScenecKit

extension SceneEditor {
    /// The file's text with `overrides` written into it, then each of `moves` made in order
    /// (each on the text the one before left; its index path names the view there). A move is
    /// checked like an edit: the scene after it must be the scene before with that one view at
    /// its new place, nothing else changed.
    public func edit(_ file: SourceFile, applying overrides: [Override],
                     moving moves: [ViewMove]) -> Result<EditedScene, EditRefusal> {
        var edited = EditedScene(bytes: file.bytes, file: file, warnings: [], changes: [])
        if !overrides.isEmpty {
            switch edit(file, applying: overrides) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let e): edited = e
            }
        }
        for move in moves {
            switch self.move(move, in: edited.file) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let moved):
                edited.bytes = moved.bytes
                edited.file = moved
            }
        }
        return .success(edited)
    }

    private func move(_ move: ViewMove, in file: SourceFile) -> Result<SourceFile, EditRefusal> {
        let read = YAMLReader(limits: frontend.readerLimits).read(file)
        guard !read.diagnostics.hasErrors, let root = read.root else {
            return .failure(EditRefusal(diagnostics: read.diagnostics.sortedByPosition(), file: file))
        }
        var plain = frontend
        plain.options.overrides = []
        let before = plain.compile(file)
        guard let scene = before.scene else {
            // Which view is where is the checked scene's business: a file with errors first needs them mended.
            let note = "\(move): the file has errors; mend them before reordering views"
            return .failure(EditRefusal(diagnostics: before.diagnostics.map { d in
                var d = d
                d.notes.append(note)
                return d
            }, file: file))
        }
        let bytes: [UInt8]
        switch EditPlanner(text: SourceText(file.bytes), root: root).move(move) {
        case .failure(let d): return .failure(EditRefusal(diagnostics: [d], file: file))
        case .success(let b): bytes = b
        }
        let moved = SourceFile(name: file.name, bytes: bytes)
        let after = plain.compile(moved)
        guard let got = after.scene else {
            return .failure(EditRefusal(diagnostics: after.diagnostics.map { d in
                var d = d
                d.notes.append("in the text \(move) would write; \(file.name) is unchanged")
                return d
            }, file: moved))
        }
        var want = scene
        want.views = Self.reordered(want.views, path: move.view.indices[...], to: move.to)
        guard SceneComparison.same(want, got) else {
            return .failure(EditRefusal(diagnostics: [move.error("the move would change more than the order of the views",
                                                                 notes: ["reorder them by hand"])], file: file))
        }
        return .success(moved)
    }

    /// `views` with the view at `path` moved to `to` in its own list.
    static func reordered(_ views: [SceneView], path: ArraySlice<Int>, to: Int) -> [SceneView] {
        guard let index = path.first, views.indices.contains(index) else { return views }
        var views = views
        if path.count == 1 {
            guard views.indices.contains(to) else { return views }
            views.insert(views.remove(at: index), at: to)
        } else {
            views[index].children = reordered(views[index].children, path: path.dropFirst(), to: to)
        }
        return views
    }
}
