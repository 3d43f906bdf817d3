import FoundationEssentials
import SceneCheck
import SceneEdit
import SceneFiles
import SceneSupport
import SceneSyntax
import ScenecKit

/// `POST /api/write` and `POST /api/restore`: the page's overrides and moves written into the
/// scene file with `scenec edit`'s engine, or a version this server replaced or wrote put back —
/// only if the file is still the one the page last saw, checked on the bytes of the very file
/// replaced, which a symbolic link swapped in meanwhile never is (`GuardedRewrite`).
final class SceneWriter: Sendable {
    /// `{"hash": "…", "set": ["ADDR=VALUE", …]?, "move": [{"view": "views[0].children[2]", "to": 0}]?, "dryRun": true?}`
    struct Body: Decodable {
        var hash: String
        var set: [String]?
        var move: [Move]?
        var dryRun: Bool?
    }

    struct Move: Decodable {
        var view: String
        /// nil when the body's `to` is not a whole number (`1.5`, `"1"`, null): a 400 naming
        /// the move rather than the body's generic one.
        var to: Int?

        enum CodingKeys: String, CodingKey { case view, to }

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: CodingKeys.self)
            view = try c.decode(String.self, forKey: .view)
            to = try? c.decode(Int.self, forKey: .to)
        }
    }

    /// The most moves one write makes: each compiles the scene twice while writes wait.
    static let maxMoves = 256

    /// `{"hash": "<the file's hash now>", "to": "<a version's hash>"}`
    struct RestoreBody: Decodable {
        var hash: String
        var to: String
    }

    struct Written: Encodable {
        /// The file's hash after the write (unchanged for a dry run).
        var hash: String
        /// The file's hash before it.
        var before: String
        /// The unified diff, `a/NAME` → `b/NAME`; empty when nothing changes.
        var diff: String
        /// What each override and move did: `--set TEXT` → replaced, added or unchanged;
        /// `move views[…] to N` → moved, or unchanged when N is where the view already is.
        var changes: [String: String]
        var dryRun: Bool?
        /// The file written when it is not the scene: an imported file defining the styles set.
        var file: String? = nil
    }

    struct Restored: Encodable {
        var hash: String
        var before: String
        var diff: String
    }

    let source: SceneSource
    /// The scene file, its real path resolved once when the server started.
    private let file: GuardedRewrite
    /// The largest scene file read (`--max-file-size`).
    let maxBytes: Int
    /// The limits and options `scenec preview` was started with (its `--set`s excluded).
    let frontend: Frontend
    /// Called with the new hash when the file on disk is seen to change (pages follow it).
    private let changed: @Sendable (String) -> Void
    /// Two writes at once must not both pass the hash check: one waits for the other. Shared by
    /// every scene a server serves, since two scenes may write one imported file.
    let writing: Locked<Void>
    /// The bytes around each write, for `/api/restore`.
    private let versions = VersionStore()

    /// The project root: an imported file a style write changes must be inside it.
    let root: ProjectRoot

    init(source: SceneSource, file: GuardedRewrite, maxBytes: Int, frontend: Frontend, root: ProjectRoot,
         writing: Locked<Void> = Locked(()), changed: @escaping @Sendable (String) -> Void) {
        self.source = source
        self.writing = writing
        self.root = root
        self.file = file
        self.maxBytes = maxBytes
        self.frontend = frontend
        self.changed = changed
    }

    func write(_ request: Request) -> Response {
        guard let body = try? JSONDecoder().decode(Body.self, from: Data(request.body)) else {
            return PreviewAPI.badRequest("the body must be JSON: {\"hash\": \"…\", \"set\": [\"ADDRESS=VALUE\", …], \"move\": [{\"view\": \"views[0].children[2]\", \"to\": 0}], \"dryRun\": true}, set or move not empty")
        }
        let overrides: [Override]
        switch OverrideList.parse(body.set ?? []) {
        case .success(let o): overrides = o
        case .failure(let error): return PreviewAPI.badRequest(error.message)
        }
        guard (body.move ?? []).count <= Self.maxMoves else {
            return PreviewAPI.badRequest("at most \(Self.maxMoves) moves in one write, not \(body.move?.count ?? 0)")
        }
        var moves: [ViewMove] = []
        for move in body.move ?? [] {
            // The command line's rule (`--move VIEW=INDEX`): an index is a whole number from 0.
            guard let to = move.to, to >= 0 else {
                return PreviewAPI.badRequest("move \(move.view): to is a whole number from 0, not \(move.to.map(String.init) ?? "that")")
            }
            do throws(AddressError) {
                moves.append(ViewMove(view: try ViewPath(parsing: move.view), to: to))
            } catch {
                return PreviewAPI.badRequest("move \(move.view): \(error.message)")
            }
        }
        guard !overrides.isEmpty || !moves.isEmpty else {
            return PreviewAPI.badRequest("nothing to write: set and move are empty")
        }
        // A style defined in an imported file is written there (`ImportedStyleWrite.swift`).
        switch importedStyleFile(of: overrides) {
        case .failure(let refusal): return refusal
        case .success(let path?):
            guard moves.isEmpty else {
                return PreviewAPI.badRequest("write the values of a style defined in \(path) on their own, without moves")
            }
            return writing.withLock { _ in applyToImport(overrides, path: path, over: body.hash, dryRun: body.dryRun ?? false) }
        case .success(nil):
            return writing.withLock { _ in apply(overrides, moves, over: body.hash, dryRun: body.dryRun ?? false) }
        }
    }

    func restore(_ request: Request) -> Response {
        guard let body = try? JSONDecoder().decode(RestoreBody.self, from: Data(request.body)) else {
            return PreviewAPI.badRequest("the body must be JSON: {\"hash\": \"<the file's hash now>\", \"to\": \"<the hash of a version to put back>\"}")
        }
        return writing.withLock { _ in
            guard let old = versions.bytes(of: body.to) else {
                return PreviewAPI.json(404, ["error": "this server holds no version \(body.to) of the file: it keeps only the ones it replaced or wrote, the last \(VersionStore.maxVersions) (at most \(VersionStore.maxBytes >> 20) MiB), while it runs"])
            }
            var restored: Restored?
            var replaced: (bytes: [UInt8], hash: String)?
            return guarded { bytes in
                let hash = source.hash(of: bytes)
                guard hash == body.hash else { return .failure(Self.changedOnDisk(hash)) }
                replaced = (bytes, hash)
                restored = Restored(hash: source.hash(of: old), before: hash, diff: diff(bytes, old))
                return .success(old)
            } answer: {
                // Kept only now the file had it: a write that failed leaves nothing to restore.
                if let replaced { versions.keep(replaced.bytes, hash: replaced.hash) }
                return restored.map { PreviewAPI.json(200, $0) }
            }
        }
    }

    private func apply(_ overrides: [Override], _ moves: [ViewMove], over expectedHash: String, dryRun: Bool) -> Response {
        var written: Written?
        var kept: [(bytes: [UInt8], hash: String)] = []
        return guarded { bytes in
            // The scene's hash as `/api/scene` gave it: with its imports' bytes when it has any.
            let hash = source.hash(of: bytes)
            guard hash == expectedHash else { return .failure(Self.changedOnDisk(hash)) }
            // Named by its path, as `scenec edit` names it, so its `fonts:` are found beside it.
            let editor = SceneEditor(frontend: frontend)
            switch editor.edit(SourceFile(name: source.path, bytes: bytes), applying: overrides, moving: moves) {
            case .failure(let refusal):
                return .failure(PreviewAPI.json(422, DiagnosticsDocument(diagnostics: refusal.diagnostics, file: refusal.file)))
            case .success(let edited):
                var changes = Dictionary(edited.changes.map { ($0.override.option, $0.action.rawValue) }) { _, last in last }
                for move in moves { changes[move.description] = move.leavesItsPlace ? "moved" : "unchanged" }
                let after = source.hash(of: edited.bytes)
                let result = Written(hash: dryRun ? hash : after, before: hash, diff: diff(bytes, edited.bytes),
                                     changes: changes, dryRun: dryRun ? true : nil)
                if dryRun {
                    // Answered from here: nothing reaches the file.
                    return .failure(PreviewAPI.json(200, result))
                }
                if edited.bytes != bytes { kept = [(bytes, hash), (edited.bytes, after)] }
                written = result
                return .success(edited.bytes)
            }
        } answer: {
            // Kept only once the file is written: a refused or failed write leaves nothing
            // `/api/restore` could put back that the file never had.
            for version in kept { versions.keep(version.bytes, hash: version.hash) }
            return written.map { PreviewAPI.json(200, $0) }
        }
    }

    /// The 409 of a write or restore whose hash is not the file's (now `hash`).
    static func changedOnDisk(_ hash: String) -> Response {
        PreviewAPI.json(409, ["hash": hash, "error": "the file changed on disk since the page read it"])
    }

    /// The file (the scene, or `target`) rewritten with what `edit` gives it, and the answer:
    /// `answer()`'s once written, the refusal `edit` gave, or the guard's own (403 read-only,
    /// 409 replaced, 500).
    func guarded(_ target: GuardedRewrite? = nil, _ edit: ([UInt8]) -> Result<[UInt8], Response>,
                 answer: () -> Response?) -> Response {
        let outcome: Result<Void, Response>
        do throws(GuardedRewrite.Failure) {
            // The file as it is now, not as the watcher last saw it: a save a moment ago counts.
            outcome = try (target ?? file).rewrite(maxBytes: maxBytes, edit)
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
        case .success: return answer() ?? .text(500, "the edit gave no result")
        }
    }

    /// The unified diff from `old` to `new`, named by the file's name.
    func diff(_ old: [UInt8], _ new: [UInt8]) -> String {
        let name = source.name
        return String(decoding: UnifiedDiff.diff(old: old, new: new, oldName: "a/" + name, newName: "b/" + name), as: UTF8.self)
    }

    /// Reads the file again at once, so the next picture is of it and every page hears now (the
    /// watcher, coming later, then finds nothing new).
    func noteChange() {
        if source.reload() { changed(source.snapshot.hash) }
    }
}
