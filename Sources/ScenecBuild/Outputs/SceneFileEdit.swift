import SceneEdit
import SceneFiles
import SceneSyntax

/// `scenec edit SCENE --set …`: the `--set`s (in `scene`'s checker options) written into the
/// scene file itself, replaced atomically only while it still holds what the edit was made from.
package struct SceneFileEdit {
    package var path: String
    package var scene: SceneSettings
    /// `--move`s, made after the `--set`s.
    package var moves: [ViewMove] = []
    /// `--dry-run`: nothing is written.
    package var dryRun = false
    /// `--diff`: where the unified diff goes (standard output); false when it could not be written.
    package var showDiff: (([UInt8]) -> Bool)?

    package init(path: String, scene: SceneSettings) {
        self.path = path
        self.scene = scene
    }

    /// Edits the file; `finish` writes what the diagnostics reporter collected, at the end.
    package func run(sink: BuildSink, finishing finish: () throws -> Void) throws -> ExitStatus {
        // The file written is the one the path names now: resolved before it is read.
        let file = dryRun ? nil : try? GuardedRewrite(path: path)
        let bytes: [UInt8]
        switch scene.read(path, sink: sink) {
        case .success(let read): bytes = read
        case .failure(let failure):
            try finish()
            return failure.status
        }
        switch SceneEditor(frontend: scene.frontend).edit(SourceFile(name: path, bytes: bytes), applying: scene.frontend.options.overrides,
                                                               moving: moves) {
        case .failure(let refusal):
            if !refusal.diagnostics.isEmpty { sink(.diagnostics(refusal.diagnostics, refusal.file)) }
            try finish()
            return .sceneError
        case .success(let edited):
            if !edited.warnings.isEmpty { sink(.diagnostics(edited.warnings, edited.file)) }
            if !dryRun {
                // Even an edit that changes nothing is refused on a read-only file: the user
                // asked for a write the file's mode forbids.
                guard let file else { throw FileError("cannot write '\(path)': its path could not be resolved") }
                if let refusal = try Files.rewrite(file, holding: bytes, with: edited.bytes, maxBytes: scene.maxFileSize) {
                    sink(.fileError(refusal, path: path))
                    try finish()
                    return .sceneError
                }
            }
            if let showDiff {
                let name = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
                let diff = UnifiedDiff.diff(old: bytes, new: edited.bytes, oldName: "a/" + name, newName: "b/" + name)
                guard showDiff(diff) else { throw FileError("cannot write to standard output") }
            }
            try finish()
            return .success
        }
    }
}
