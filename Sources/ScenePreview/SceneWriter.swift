import FoundationEssentials
import SceneCheck
import SceneEdit
import SceneFiles
import SceneSupport
import SceneSyntax
import ScenecKit

/// `POST /api/write`: the page's overrides written into the scene file with `scenec edit`'s
/// engine, only if the file is still the one the page last saw — checked on the bytes of the
/// very file replaced, which a symbolic link swapped in meanwhile never is (`GuardedRewrite`).
final class SceneWriter: Sendable {
    /// `{"hash": "…", "set": ["ADDR=VALUE", …]}`
    struct Body: Decodable {
        var hash: String
        var set: [String]
    }

    struct Written: Encodable {
        var hash: String
        /// What each override did, as `--set TEXT` → replaced, added or unchanged.
        var changes: [String: String]
    }

    private let source: SceneSource
    /// The scene file, its real path resolved once when the server started.
    private let file: GuardedRewrite
    /// The largest scene file read (`--max-file-size`).
    private let maxBytes: Int
    /// The limits and options `scenec preview` was started with (its `--set`s excluded).
    private let frontend: Frontend
    /// Called with the new hash when the file on disk is seen to change (pages follow it).
    private let changed: @Sendable (String) -> Void
    /// Two writes at once must not both pass the hash check: one waits for the other.
    private let writing = Locked(())

    init(source: SceneSource, file: GuardedRewrite, maxBytes: Int, frontend: Frontend,
         changed: @escaping @Sendable (String) -> Void) {
        self.source = source
        self.file = file
        self.maxBytes = maxBytes
        self.frontend = frontend
        self.changed = changed
    }

    func write(_ request: Request) -> Response {
        guard let body = try? JSONDecoder().decode(Body.self, from: Data(request.body)) else {
            return PreviewAPI.badRequest("the body must be JSON: {\"hash\": \"…\", \"set\": [\"ADDRESS=VALUE\", …]}")
        }
        let overrides: [Override]
        switch OverrideList.parse(body.set) {
        case .success(let o): overrides = o
        case .failure(let error): return PreviewAPI.badRequest(error.message)
        }
        guard !overrides.isEmpty else { return PreviewAPI.badRequest("nothing to write: set is empty") }
        return writing.withLock { _ in apply(overrides, over: body.hash) }
    }

    private func apply(_ overrides: [Override], over expectedHash: String) -> Response {
        var written: Written?
        let outcome: Result<Void, Response>
        do throws(GuardedRewrite.Failure) {
            // The file as it is now, not as the watcher last saw it: a save a moment ago counts.
            outcome = try file.rewrite(maxBytes: maxBytes) { bytes in
                let hash = SHA256.hex(bytes)
                guard hash == expectedHash else {
                    return .failure(PreviewAPI.json(409, ["hash": hash, "error": "the file changed on disk since the page read it"]))
                }
                // Named by its path, as `scenec edit` names it, so its `fonts:` are found beside it.
                switch SceneEditor(frontend: frontend).edit(SourceFile(name: source.path, bytes: bytes), applying: overrides) {
                case .failure(let refusal):
                    return .failure(PreviewAPI.json(422, DiagnosticsDocument(diagnostics: refusal.diagnostics, file: refusal.file)))
                case .success(let edited):
                    let changes = Dictionary(edited.changes.map { ($0.override.option, $0.action.rawValue) }) { _, last in last }
                    written = Written(hash: SHA256.hex(edited.bytes), changes: changes)
                    return .success(edited.bytes)
                }
            }
        } catch {
            noteChange()
            switch error.kind {
            case .readOnly: return PreviewAPI.json(403, ["error": error.message])
            case .replaced: return PreviewAPI.json(409, ["error": error.message])
            case .unwritable: return PreviewAPI.json(500, ["error": error.message])
            }
        }
        noteChange()
        switch outcome {
        case .failure(let refusal): return refusal
        case .success:
            guard let written else { return .text(500, "the edit gave no result") }
            return PreviewAPI.json(200, written)
        }
    }

    /// Reads the file again at once, so the next picture is of it and every page hears now (the
    /// watcher, coming later, then finds nothing new).
    private func noteChange() {
        if source.reload() { changed(source.snapshot.hash) }
    }
}
