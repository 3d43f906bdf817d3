import SceneCheck
import SceneFiles
import ScenecKit
import SceneModel
import SceneSyntax

/// The options every command that reads scenes shares: `--set` and the raisable limits of docs/language.md §7.
struct SceneOptions {
    var maxFileSize = SceneReading.maxFileSize
    /// `--root` and `--allow-read`: where scenes, imports and fonts may be read from.
    var scope: ReadScope
    /// `--scene-timeout`: seconds each scene may take to draw or export.
    var sceneTimeout = SceneTimeoutOption.defaultSeconds
    var frontend = Frontend()
    /// Where this command's diagnostics go (`--diagnostics`).
    var reporter = DiagnosticReporter()

    /// The scene at `path` and the files it imports, for a watch (nothing is reported).
    func watchedFiles(_ path: String) -> [String] {
        guard case .bytes(let bytes) = SceneLoader(limits: self).readWithoutReporting(path) else { return [path] }
        return [path] + SceneImports.files(of: SourceFile(name: path, bytes: bytes), options: frontend.options)
    }
}

/// Reads and checks one scene, handing its diagnostics to the reporter.
struct SceneLoader {
    var limits: SceneOptions
    var reporter: DiagnosticReporter

    init(limits: SceneOptions, reporter: DiagnosticReporter? = nil) {
        self.limits = limits
        self.reporter = reporter ?? limits.reporter
    }

    /// Loads one scene and writes what the reporter collected (JSON, files): for the commands
    /// that read a single scene.
    func loadOnly(_ path: String) throws -> Outcome {
        let outcome = load(path)
        try reporter.finish()
        return outcome
    }

    enum Outcome {
        case scene(SceneFile)
        case failed(ExitStatus)
    }

    func load(_ path: String) -> Outcome {
        switch read(path) {
        case .success(let bytes): return compile(bytes, path: path)
        case .failure(let failed): return .failed(failed.status)
        }
    }

    /// Why a scene could not be read (its problem already reported).
    struct ReadFailure: Error {
        var status: ExitStatus
    }

    /// The scene's bytes; a file over the size limit is a located error, an unreadable one exit 3.
    func read(_ path: String) -> Result<[UInt8], ReadFailure> {
        switch readWithoutReporting(path) {
        case .bytes(let bytes):
            return .success(bytes)
        case .problem(let d, let file):
            reporter.report([d], in: file)
            return .failure(ReadFailure(status: .sceneError))
        case .unreadable(let message):
            reporter.error(message, path: path)
            return .failure(ReadFailure(status: .io))
        case .refused(let message):
            reporter.error(message, path: path)
            return .failure(ReadFailure(status: .sceneError))
        }
    }

    enum ReadOutcome {
        case bytes([UInt8])
        /// Over the size limit: a located error.
        case problem(Diagnostic, SourceFile)
        /// Could not be read at all (exit 3).
        case unreadable(String)
        /// Not read because it breaks a containment rule: outside the project root, hidden, not
        /// a regular file (exit 1, as the tree is at fault, not the machine).
        case refused(String)
    }

    /// What `read` finds, for a caller that reports in an order of its own (a parallel build).
    func readWithoutReporting(_ path: String) -> ReadOutcome {
        do throws(SceneReading.Failure) {
            let read = try Files.readScene(path, limit: limits.maxFileSize, scope: limits.scope)
            if read.tooLarge {
                return .problem(Self.tooLarge(limits.maxFileSize), SourceFile(name: path, bytes: []))
            }
            return .bytes(read.bytes)
        } catch {
            return error.breaksRule ? .refused(error.message) : .unreadable(error.message)
        }
    }

    /// Checks bytes already read from `path`.
    func compile(_ bytes: [UInt8], path: String) -> Outcome {
        let file = SourceFile(name: path == "-" ? "<stdin>" : path, bytes: bytes)
        let (scene, diagnostics) = SceneFile.check(file, frontend: limits.frontend)
        reporter.report(diagnostics, in: file)
        guard let scene else { return .failed(.sceneError) }
        return .scene(scene)
    }

    /// A scene over `--max-file-size`: a located error, as `scenec lsp` also reports it.
    static func tooLarge(_ limit: Int) -> Diagnostic {
        let firstCharacter = SourceRange(start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 1, column: 2))
        return Diagnostic.error("the scene file is larger than \(limit) bytes", at: firstCharacter,
                                notes: ["raise the limit with --max-file-size if you mean it"])
    }
}
