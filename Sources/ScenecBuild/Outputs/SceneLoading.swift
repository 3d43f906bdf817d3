import ScenecKit
import SceneSyntax

/// A scene that could not be read or checked; its problems were told to the sink.
package struct LoadFailure: Error {
    package var status: ExitStatus
}

extension SceneSettings {
    /// The scene's bytes; a file over the size limit is a located error (exit 1), one that breaks
    /// a containment rule exit 1, an unreadable one exit 3, each told to `sink`.
    package func read(_ path: String, sink: BuildSink) -> Result<[UInt8], LoadFailure> {
        switch read(path) {
        case .bytes(let bytes):
            return .success(bytes)
        case .problem(let d, let file):
            sink(.diagnostics([d], file))
            return .failure(LoadFailure(status: .sceneError))
        case .unreadable(let message):
            sink(.fileError(message, path: path))
            return .failure(LoadFailure(status: .io))
        case .refused(let message):
            sink(.fileError(message, path: path))
            return .failure(LoadFailure(status: .sceneError))
        }
    }

    /// The scene read and checked, its diagnostics told to `sink` (`-` is standard input).
    package func load(_ path: String, sink: BuildSink) -> Result<SceneFile, LoadFailure> {
        read(path, sink: sink).flatMap { bytes in
            let file = SourceFile(name: path == "-" ? "<stdin>" : path, bytes: bytes)
            let (scene, diagnostics) = SceneFile.check(file, frontend: frontend)
            if !diagnostics.isEmpty { sink(.diagnostics(diagnostics, file)) }
            return scene.map { .success($0) } ?? .failure(LoadFailure(status: .sceneError))
        }
    }

    /// `scenec check`'s reading: a scene checked as `load` checks it, and a library (styles and
    /// components, no canvas or views) checked as a library rather than refused for having no
    /// picture. Succeeds when the file has no errors; its diagnostics are told to `sink`.
    package func check(_ path: String, sink: BuildSink) -> Result<Void, LoadFailure> {
        var frontend = frontend
        frontend.options.acceptsLibrary = true
        return read(path, sink: sink).flatMap { bytes in
            let file = SourceFile(name: path == "-" ? "<stdin>" : path, bytes: bytes)
            let diagnostics = frontend.compileAndLint(file).diagnostics
            if !diagnostics.isEmpty { sink(.diagnostics(diagnostics, file)) }
            return diagnostics.hasErrors ? .failure(LoadFailure(status: .sceneError)) : .success(())
        }
    }
}
