import SceneCheck
import SceneSyntax
import ScenecKit

extension SceneEditor {
    /// `--set styles.NAME.ATTR=VALUE` overrides written into `imported`, a file `scene` imports
    /// that defines those styles (the preview's styles panel writes a style where it is
    /// defined, not into the scene that uses it). Like `edit(_:applying:)`, only the values that
    /// change are rewritten, and the result must give exactly the scene the overrides give:
    /// `scene` is compiled once with the overrides over the file as it is, once with the edited
    /// file in its place, and the two must be the same; otherwise the edit is refused.
    ///
    /// `imported.name` is the path the scene's imports resolve to (as `readImport` is asked).
    public func edit(imported: SourceFile, of scene: SourceFile, applying overrides: [Override]) -> Result<EditedScene, EditRefusal> {
        guard overrides.allSatisfy({ if case .style = $0.address { true } else { false } }) else {
            let d = Diagnostic(.error, "only styles.NAME.ATTR values are written into an imported file", at: .none,
                               origin: imported.name, code: .editRefused)
            return .failure(EditRefusal(diagnostics: [d], file: imported))
        }
        let limits = frontend.readerLimits
        let read = YAMLReader(limits: limits).read(imported)
        if read.diagnostics.hasErrors {
            return .failure(EditRefusal(diagnostics: read.diagnostics.sortedByPosition(), file: imported))
        }
        // What the scene is with the overrides over the imported file exactly as given here.
        var overridden = reading(imported.name, as: imported.bytes)
        overridden.options.overrides = overrides
        overridden.options.overridesMustMatch = true
        let expected = overridden.compile(scene)
        if expected.diagnostics.contains(where: { $0.severity == .error }) {
            return .failure(EditRefusal(diagnostics: expected.diagnostics, file: scene))
        }
        var bytes = imported.bytes
        var changes: [EditChange] = []
        for o in overrides {
            let now = YAMLReader(limits: limits).read(SourceFile(name: imported.name, bytes: bytes))
            guard !now.diagnostics.hasErrors, let root = now.root else {
                return .failure(EditRefusal(diagnostics: now.diagnostics, file: SourceFile(name: imported.name, bytes: bytes)))
            }
            switch EditPlanner(text: SourceText(bytes), root: root).plan(o) {
            case .failure(let d):
                return .failure(EditRefusal(diagnostics: [d], file: imported))
            case .success(let planned):
                if let edit = planned.edit { bytes.replaceSubrange(edit.range, with: edit.replacement) }
                changes.append(EditChange(override: o, action: planned.action))
            }
        }
        let edited = SourceFile(name: imported.name, bytes: bytes)
        var plain = reading(imported.name, as: bytes)
        plain.options.overrides = []
        let result = plain.compile(scene)
        guard let got = result.scene, let want = expected.scene else {
            let note = "with the text the edit would write into \(imported.name); it is unchanged"
            return .failure(EditRefusal(diagnostics: result.diagnostics.map { d in
                var d = d
                d.notes.append(note)
                return d
            }, file: scene))
        }
        guard SceneComparison.same(want, got) else {
            // The text rewritten is an anchor's, repeated by an alias elsewhere in the file.
            let d = Diagnostic(.error, "the edit would change more than the --set values say", at: .none,
                               origin: imported.name, notes: ["the file repeats what it changes through a YAML alias (*name)"],
                               code: .editRefused)
            return .failure(EditRefusal(diagnostics: [d], file: imported))
        }
        return .success(EditedScene(bytes: bytes, file: edited, warnings: result.diagnostics, changes: changes))
    }

    /// The frontend with the file at `path` read as `bytes` (every other import as before).
    private func reading(_ path: String, as bytes: [UInt8]) -> Frontend {
        var f = frontend
        let original = f.options.readImport
        f.options.readImport = { asked in
            if asked == path { return .success(bytes) }
            return original?(asked) ?? .failure(ImportFailure("imports are not read here"))
        }
        return f
    }
}
