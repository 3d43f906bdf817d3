import SceneCheck
import SceneModel
import SceneSyntax
import ScenecKit

/// Writes overrides into a scene file's text the way a careful person would: only the value
/// that changes is rewritten, or one `key: value` added in its siblings' style; every other
/// byte — comments, blank lines, line endings, quoting, anchors, key order — stays as it was.
///
/// The result is checked before it is handed back, and must give exactly the scene the same
/// overrides give as `--set` (so an edit is an override made permanent); otherwise the edit is
/// refused with the reasons, and the caller keeps the file as it is.
///
///     let editor = SceneEditor()
///     switch editor.edit(SourceFile(name: path, bytes: bytes), applying: [try Override("ring.progress=0.5")]) {
///     case .success(let edited): write(edited.bytes)
///     case .failure(let refusal): report(refusal.diagnostics, in: refusal.file)
///     }
public struct SceneEditor {
    /// The limits and options the file is checked with; its overrides are replaced by the edit's.
    public var frontend: Frontend

    public init(frontend: Frontend = Frontend()) {
        self.frontend = frontend
    }

    /// The file's text with `overrides` written into it, in order (a later one for the same
    /// value wins, as with `--set`).
    public func edit(_ file: SourceFile, applying overrides: [Override]) -> Result<EditedScene, EditRefusal> {
        // A file libyaml cannot read, or a bad --set: nothing to write. Other errors of the
        // file itself may be what the edit corrects, so they are judged after it.
        let read = YAMLReader(limits: frontend.readerLimits).read(file)
        if read.diagnostics.hasErrors {
            return .failure(EditRefusal(diagnostics: read.diagnostics.sortedByPosition(), file: file))
        }
        var overridden = frontend
        overridden.options.overrides = overrides
        overridden.options.overridesMustMatch = true
        // The references graph names the components the file can use: an instance's argument
        // is written in the instance (`cpu.value`), and a view inside one is refused.
        let checked = overridden.checkResult(file)
        let expected = (scene: checked.scene, diagnostics: checked.diagnostics)
        if expected.diagnostics.contains(where: { $0.severity == .error && $0.origin != nil }) {
            return .failure(EditRefusal(diagnostics: expected.diagnostics, file: file))
        }
        var bytes = file.bytes
        var changes: [EditChange] = []
        var anchored: [(override: Override, anchor: String)] = []
        for o in overrides {
            let read = YAMLReader(limits: frontend.readerLimits).read(SourceFile(name: file.name, bytes: bytes))
            guard !read.diagnostics.hasErrors, let root = read.root else {
                return .failure(EditRefusal(diagnostics: expected.diagnostics + read.diagnostics, file: file))
            }
            switch EditPlanner(text: SourceText(bytes), root: root, components: checked.references.components).plan(o) {
            case .failure(let d):
                return .failure(EditRefusal(diagnostics: [d], file: file))
            case .success(let planned):
                if let edit = planned.edit { bytes.replaceSubrange(edit.range, with: edit.replacement) }
                changes.append(EditChange(override: o, action: planned.action))
                if let anchor = planned.anchor { anchored.append((o, anchor)) }
            }
            if let failure = removeAnimations(replacedBy: o, from: &bytes, name: file.name) {
                return .failure(EditRefusal(diagnostics: [failure], file: file))
            }
        }
        return verified(EditedScene(bytes: bytes, file: SourceFile(name: file.name, bytes: bytes), warnings: [],
                                    changes: changes),
                        original: file, expected: expected, anchored: anchored)
    }

    /// The edited text checked on its own, and compared with what the overrides give.
    private func verified(_ edited: EditedScene, original: SourceFile,
                          expected: (scene: Scene?, diagnostics: [Diagnostic]),
                          anchored: [(override: Override, anchor: String)]) -> Result<EditedScene, EditRefusal> {
        var plain = frontend
        plain.options.overrides = []
        let result = plain.compile(edited.file)
        guard let scene = result.scene else {
            if expected.scene == nil {
                // The file had errors before the edit, and the edit does not correct them all.
                return .failure(EditRefusal(diagnostics: expected.diagnostics, file: original))
            }
            let note = "in the text the edit would write; \(original.name) is unchanged"
            return .failure(EditRefusal(diagnostics: result.diagnostics.map { d in
                var d = d
                d.notes.append(note)
                return d
            }, file: edited.file))
        }
        if let want = expected.scene, !SceneComparison.same(want, scene) {
            // The text an edit rewrote is an anchor's, which aliases elsewhere repeat.
            let d: Diagnostic
            if let (o, name) = anchored.first {
                d = o.error(.editRefused, "the text this would rewrite is anchored as &\(name), and an alias *\(name) elsewhere in the file repeats it; writing it would change that use too",
                            notes: ["write the value out in full where *\(name) uses it, or edit the anchor by hand"])
            } else {
                d = Diagnostic(.error, "the edit would change more than the --set values say", at: .none,
                               origin: original.name, notes: ["the file repeats what it changes through a YAML alias (*name)"],
                               code: .editRefused)
            }
            return .failure(EditRefusal(diagnostics: [d], file: original))
        }
        var done = edited
        // What the overrides said as they were checked (an animation they replace), then
        // what the new text says.
        done.warnings = expected.diagnostics.filter { $0.severity == .warning && $0.origin != nil } + result.diagnostics
        return .success(done)
    }

    /// Deletes the animations of the attribute `o` sets, one at a time (each deletion moves
    /// the text after it); the diagnostic says why one could not be.
    private func removeAnimations(replacedBy o: Override, from bytes: inout [UInt8], name: String) -> Diagnostic? {
        while true {
            let read = YAMLReader(limits: frontend.readerLimits).read(SourceFile(name: name, bytes: bytes))
            guard !read.diagnostics.hasErrors, let root = read.root else { return read.diagnostics.first }
            let planner = EditPlanner(text: SourceText(bytes), root: root)
            guard let (list, index) = planner.animation(replacedBy: o) else { return nil }
            switch planner.remove(item: index, of: list, for: o) {
            case .failure(let d): return d
            case .success(let edit): bytes.replaceSubrange(edit.range, with: edit.replacement)
            }
        }
    }
}

/// A scene file's text after an edit, checked.
public struct EditedScene: Sendable {
    /// The new text: the old one where the edit did not change it, byte for byte.
    public var bytes: [UInt8]
    /// The new text as a source file (for messages about it).
    public var file: SourceFile
    /// What checking the new text found that is not an error (a `time: now`, for one).
    public var warnings: [Diagnostic]
    /// What each override did, in order.
    public var changes: [EditChange]
}

/// What one override did to the text.
public struct EditChange: Sendable {
    public var override: Override
    public var action: EditAction
}

public enum EditAction: String, Sendable {
    /// The key's value was rewritten.
    case replaced
    /// The key was added to the mapping (the value came from a default or a style).
    case added
    /// The file already says it (perhaps in another form): nothing was written.
    case unchanged
}

/// Why an edit was not made: the diagnostics, and the text their lines and columns refer to
/// (the original file, unless the problem is in the text the edit would have written).
public struct EditRefusal: Error, Sendable {
    public var diagnostics: [Diagnostic]
    public var file: SourceFile
}
