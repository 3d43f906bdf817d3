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
        // The file is shared: other scenes import it and use styles this scene does not. An
        // anchored value that an alias or a `<<` merge repeats elsewhere in the file changes
        // there too, whichever scene asks; so the file itself, read with its aliases expanded,
        // must differ only at the `styles.NAME.ATTR` values set (ImportedStyleEditTests).
        let set = Set(overrides.compactMap { o -> [String]? in
            if case .style(let name, let attribute) = o.address { return ["styles", name, attribute] }
            return nil
        })
        if let before = read.root, let after = YAMLReader(limits: limits).read(edited).root,
           let path = Self.firstDifference(before, after, at: [], except: set) {
            let d = Diagnostic(.error, "the edit would change more than the --set values say: \(path.joined(separator: ".")) changes too", at: .none,
                               origin: imported.name,
                               notes: ["the file repeats what it changes through a YAML alias (*name) or merge (<<: *name); other scenes importing it would change"],
                               code: .editRefused)
            return .failure(EditRefusal(diagnostics: [d], file: imported))
        }
        guard SceneComparison.same(want, got) else {
            let d = Diagnostic(.error, "the edit would change more than the --set values say", at: .none,
                               origin: imported.name, notes: ["the scene compiled with the edited file is not the scene the values give"],
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

    /// The first place (a key path) where `a` and `b` differ, read as values (aliases expanded,
    /// ranges and comments ignored), skipping the mapping entries at the paths in `except`
    /// (present, absent or changed there); nil when they are the same. One pass over both trees.
    static func firstDifference(_ a: Node, _ b: Node, at path: [String], except: Set<[String]>) -> [String]? {
        switch (a.content, b.content) {
        case (.scalar(let x), .scalar(let y)):
            return x.text == y.text && x.isPlain == y.isPlain ? nil : path
        case (.sequence(let xs), .sequence(let ys)):
            guard xs.count == ys.count else { return path }
            for (i, (x, y)) in zip(xs, ys).enumerated() {
                if let d = firstDifference(x, y, at: path + ["\(i)"], except: except) { return d }
            }
            return nil
        case (.mapping(let xs), .mapping(let ys)):
            let kept = { (pairs: [Node.Pair]) in pairs.filter { !except.contains(path + [$0.key]) } }
            let (kx, ky) = (kept(xs), kept(ys))
            guard kx.count == ky.count else { return path }
            for (x, y) in zip(kx, ky) {
                guard x.key == y.key else { return path + [x.key] }
                if let d = firstDifference(x.value, y.value, at: path + [x.key], except: except) { return d }
            }
            return nil
        default:
            return path
        }
    }
}
