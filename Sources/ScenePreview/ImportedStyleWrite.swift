import SceneCheck
import SceneEdit
import SceneFiles
import SceneSyntax
import ScenecKit

/// `POST /api/write` of `styles.NAME.ATTR` values whose style an imported file defines: written
/// into that file (the one that defines it, so every scene importing it follows), guarded as a
/// scene write is — the hash the page saw (the scene with its imports) checked on the very bytes
/// replaced, the file resolved once and never through a link swapped in, and only inside the
/// project root.
extension SceneWriter {
    /// The imported file defining the styles `overrides` set, when they all set styles defined
    /// in one imported file; nil when none does (the scene's own file is written). Overrides
    /// mixing the two, or two imported files, are refused: each file is one guarded write.
    func importedStyleFile(of overrides: [Override]) -> Result<String?, Response> {
        guard overrides.contains(where: { if case .style = $0.address { true } else { false } }) else { return .success(nil) }
        let snapshot = source.snapshot
        let references = frontend.checkResult(SourceFile(name: source.path, bytes: snapshot.bytes)).references
        // The file each value goes to: the winning definition's (a later one — the scene's own, a
        // later import — replaces an earlier); nil, the scene's own file, for a style the scene
        // defines and for every value that is not a style's.
        var files: [String?] = []
        for o in overrides {
            let file: String? = if case .style(let name, _) = o.address { references.style(named: name)?.file } else { nil }
            if !files.contains(file) { files.append(file) }
        }
        guard files.contains(where: { $0 != nil }) else { return .success(nil) }
        guard files.count == 1, let path = files[0] else {
            // Named as they are: the imported files by path, the scene's own values as the scene.
            let names = files.map { $0 ?? "\(source.name) (this scene)" }
            return .failure(PreviewAPI.badRequest("these values belong in different files (\(names.joined(separator: ", "))): each file is one write, so write each file's values on their own"))
        }
        return .success(path)
    }

    func applyToImport(_ overrides: [Override], path: String, over expectedHash: String, dryRun: Bool) -> Response {
        // Resolved once, by the guard: the root is checked on the very path it opens and
        // renames in, not on a second resolution a link swapped meanwhile could change.
        let file: GuardedRewrite
        do throws(GuardedRewrite.Failure) {
            file = try GuardedRewrite(path: path)
        } catch {
            // Gone (or unreadable) since the page read the scene: its hash no longer holds.
            return PreviewAPI.json(409, ["error": "\(path), which defines the style, cannot be read now: \(error.message)"])
        }
        guard root.contains(file.realPath) else {
            return PreviewAPI.json(403, ["error": "the style is defined in \(path), outside the project root '\(root.directory)': not written"])
        }
        var written: Written?
        return guarded(file) { bytes in
            // The scene's hash as `/api/scene` gave it, with this file's bytes as they are now,
            // from one read of the scene: the bytes hashed are the bytes the edit compiles.
            guard let (hash, sceneBytes) = source.hashAndBytes(replacing: path, with: bytes) else {
                return .failure(PreviewAPI.json(409, ["error": "the scene cannot be read now"]))
            }
            guard hash == expectedHash else { return .failure(Self.changedOnDisk(hash)) }
            let editor = SceneEditor(frontend: frontend)
            switch editor.edit(imported: SourceFile(name: path, bytes: bytes), of: SourceFile(name: source.path, bytes: sceneBytes),
                               applying: overrides) {
            case .failure(let refusal):
                return .failure(PreviewAPI.json(422, DiagnosticsDocument(diagnostics: refusal.diagnostics, file: refusal.file)))
            case .success(let edited):
                let changes = Dictionary(edited.changes.map { ($0.override.option, $0.action.rawValue) }) { _, last in last }
                let after = source.hash(of: sceneBytes, replacing: path, with: edited.bytes)
                let name = PreviewServer.ServedScene.fileName(path)
                let diff = String(decoding: UnifiedDiff.diff(old: bytes, new: edited.bytes, oldName: "a/" + name, newName: "b/" + name),
                                  as: UTF8.self)
                // `file` names the file written: not the scene.
                let result = Written(hash: dryRun ? hash : after, before: hash, diff: diff, changes: changes,
                                     dryRun: dryRun ? true : nil, file: path)
                if dryRun { return .failure(PreviewAPI.json(200, result)) }
                written = result
                return .success(edited.bytes)
            }
        } answer: {
            // No version is kept for /api/restore, which puts bytes back into the scene's file.
            written.map { PreviewAPI.json(200, $0) }
        }
    }
}
