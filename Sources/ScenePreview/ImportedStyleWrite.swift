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
        let names = overrides.compactMap { o -> String? in
            if case .style(let name, _) = o.address { return name }
            return nil
        }
        guard !names.isEmpty else { return .success(nil) }
        let snapshot = source.snapshot
        let references = frontend.checkResult(SourceFile(name: source.path, bytes: snapshot.bytes)).references
        // The definition that wins: a later one (the scene's own, a later import) replaces an earlier.
        let files = Set(names.compactMap { references.style(named: $0)?.file })
        guard !files.isEmpty else { return .success(nil) }
        guard files.count == 1, names.count == overrides.count, let path = files.first else {
            return .failure(PreviewAPI.badRequest("these values belong in different files (\(files.sorted().joined(separator: ", ")) and the scene): write each imported style's values on their own"))
        }
        return .success(path)
    }

    func applyToImport(_ overrides: [Override], path: String, over expectedHash: String, dryRun: Bool) -> Response {
        guard let real = ProjectRoot.realPath(path), root.contains(real) else {
            return PreviewAPI.json(403, ["error": "the style is defined in \(path), outside the project root '\(root.directory)': not written"])
        }
        let file: GuardedRewrite
        do throws(GuardedRewrite.Failure) {
            file = try GuardedRewrite(path: path)
        } catch {
            return PreviewAPI.json(500, ["error": error.message])
        }
        var written: Written?
        return guarded(file) { bytes in
            // The scene's hash as `/api/scene` gave it, with this file's bytes as they are now.
            guard let hash = source.hash(replacing: path, with: bytes),
                  case .bytes(let sceneBytes) = source.readFromDisk() else {
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
                let after = source.hash(replacing: path, with: edited.bytes) ?? hash
                let name = path.split(separator: "/").last.map(String.init) ?? path
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
