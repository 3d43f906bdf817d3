import SceneCheck
import SceneFiles
import SceneModel
import ScenecKit
import SceneSyntax

/// How a command reads and checks scenes, decided once from its options: where scenes, imports
/// and fonts may be read from, the file size and work limits, the checker's options (`--set`,
/// `--appearance`) and how long one scene may take.
package struct SceneSettings: Sendable {
    package var maxFileSize: Int
    /// `--root` and `--allow-read`: where scenes, imports and fonts may be read from.
    package var scope: ReadScope
    /// `--scene-timeout`: seconds each scene may take to draw or export.
    package var sceneTimeout: Double
    package var frontend: Frontend

    /// The settings with the checker reading imports as the scenes are read: inside `scope`,
    /// at most `maxFileSize` bytes each.
    package init(scope: ReadScope, maxFileSize: Int = SceneReading.maxFileSize, sceneTimeout: Double = 60,
                 frontend: Frontend = Frontend()) {
        self.scope = scope
        self.maxFileSize = maxFileSize
        self.sceneTimeout = sceneTimeout
        self.frontend = frontend
        self.frontend.options.readScope = scope
        self.frontend.options.readImport = SceneReading.importReader(limit: maxFileSize, scope: scope)
    }

    /// The deadline of a scene whose work starts now.
    package func deadline() -> SceneDeadline { SceneDeadline(seconds: sceneTimeout) }

    /// What reading a scene found, for a caller that reports in an order of its own.
    package enum ReadOutcome {
        case bytes([UInt8])
        /// Over the size limit: a located error.
        case problem(Diagnostic, SourceFile)
        /// Could not be read at all (exit 3).
        case unreadable(String)
        /// Not read because it breaks a containment rule: outside the project root, hidden, not
        /// a regular file (exit 1, as the tree is at fault, not the machine).
        case refused(String)
    }

    /// The bytes of the scene at `path` ("-" is standard input), read within the scope and limit.
    package func read(_ path: String) -> ReadOutcome {
        do throws(SceneReading.Failure) {
            let read = try Files.readScene(path, limit: maxFileSize, scope: scope)
            if read.tooLarge {
                return .problem(Self.tooLarge(maxFileSize), SourceFile(name: path, bytes: []))
            }
            return .bytes(read.bytes)
        } catch {
            return error.breaksRule ? .refused(error.message) : .unreadable(error.message)
        }
    }

    /// A scene over `--max-file-size`: a located error, as `scenec lsp` also reports it.
    package static func tooLarge(_ limit: Int) -> Diagnostic {
        let firstCharacter = SourceRange(start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 1, column: 2))
        return Diagnostic.error(.limitExceeded, "the scene file is larger than \(limit) bytes", at: firstCharacter,
                                notes: ["raise the limit with --max-file-size if you mean it"])
    }
}

extension SceneTimeout {
    /// The located error: at the view it was drawing when there was one, else at the timeline
    /// (its first animation) for frames, else at the start of the file.
    package func diagnostic(in scene: Scene) -> Diagnostic {
        let start = SourceRange(start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 1, column: 1))
        return diagnostic(otherwise: scene.timeline?.animations.first?.range ?? start)
    }
}
