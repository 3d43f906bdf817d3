import SceneCheck
import SceneFiles
import SceneSyntax

/// Reading scene files whole, within a size limit and inside the project (SceneFiles): the
/// command line's scenes and imports, and `SceneFile(contentsOf:)`'s.
package enum SceneReading {
    /// The default limit on a scene file's size (`--max-file-size`).
    package static let maxFileSize = 16 * 1024 * 1024

    package struct Failure: Error, Sendable {
        package let message: String
        /// The read broke a containment rule (outside the root, hidden, not a regular file), as
        /// opposed to the system refusing it (missing, no permission).
        package var breaksRule = false
    }

    /// The bytes of the scene `path` ("-" is standard input when `dashIsStandardInput`) when
    /// `scope` allows it, refusing files over `limit` bytes without reading them whole.
    package static func read(_ path: String, limit: Int, scope: ReadScope, dashIsStandardInput: Bool = false)
        throws(Failure) -> (bytes: [UInt8], tooLarge: Bool) {
        let read = dashIsStandardInput && path == "-" ? ContainedRead.readStandardInput(limit: limit)
            : ContainedRead.read(path, as: .scene, in: scope, limit: limit)
        switch read {
        case .success(let contents): return (contents.bytes, contents.tooLarge)
        case .failure(let refusal):
            let hint = refusal.reason == .outsideRoot ? " (--root DIR names another root, --allow-read DIR a folder besides it)" : ""
            throw Failure(message: refusal.message(naming: path) + hint, breaksRule: refusal.reason != .unreadable)
        }
    }

    /// How the checker reads the files a scene imports: whole, within the scene size limit,
    /// inside `scope`.
    package static func importReader(limit: Int, scope: ReadScope) -> @Sendable (String) -> Result<[UInt8], ImportFailure> {
        { path in
            switch ContainedRead.read(path, as: .importedFile, in: scope, limit: limit) {
            case .success(let contents):
                return contents.tooLarge ? .failure(ImportFailure("it is larger than \(limit) bytes")) : .success(contents.bytes)
            case .failure(let refusal):
                return .failure(ImportFailure(refusal))
            }
        }
    }

    /// The scene file at `path`, for `SceneFile(contentsOf:)`.
    static func source(_ path: String, scope: ReadScope) throws(SceneError) -> SourceFile {
        do throws(Failure) {
            let read = try read(path, limit: maxFileSize, scope: scope)
            guard !read.tooLarge else {
                throw Failure(message: "cannot read '\(path)': the scene file is larger than \(maxFileSize) bytes")
            }
            return SourceFile(name: path, bytes: read.bytes)
        } catch {
            throw SceneError(.io, path: path, message: error.message)
        }
    }
}
