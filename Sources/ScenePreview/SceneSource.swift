import SceneSupport
import ScenecKit

/// The scene file the server was started with, as last read from disk: its bytes and their hash.
/// The server renders only this file; a change on disk replaces the bytes (never the path).
final class SceneSource: Sendable {
    /// One reading of the file.
    struct Snapshot: Sendable {
        var bytes: [UInt8]
        /// SHA-256 of the bytes (and of the files the scene imports, when it imports any): part
        /// of every cache key, and what `changed` events carry.
        var hash: String
        /// Why the last read failed (the file is gone mid-save, or too large); the bytes are then
        /// the last good ones.
        var problem: String?
    }

    typealias Reader = @Sendable (String) -> SceneReadResult
    /// The files a scene (given its bytes) imports, with their bytes now.
    typealias Imports = @Sendable ([UInt8]) -> [(path: String, bytes: [UInt8])]

    let path: String
    private let read: Reader
    private let imports: Imports
    private let state: Locked<Snapshot>

    init(path: String, read: @escaping Reader, imports: @escaping Imports = { _ in [] }) throws {
        self.path = path
        self.read = read
        self.imports = imports
        switch read(path) {
        case .bytes(let bytes): state = Locked(Snapshot(bytes: bytes, hash: Self.hash(bytes, imports(bytes))))
        case .failed(let message): throw ReadFailure(message: message)
        }
    }

    /// The scene's hash, with its imported files' paths and bytes when it has any: an edit to
    /// an imported file is a new version of the scene.
    static func hash(_ bytes: [UInt8], _ imported: [(path: String, bytes: [UInt8])]) -> String {
        guard !imported.isEmpty else { return SHA256.hex(bytes) }
        var hash = SHA256()
        hash.update(bytes)
        for file in imported {
            hash.update("\u{0}import\u{0}\(file.path)\u{0}\(file.bytes.count)\u{0}")
            hash.update(file.bytes)
        }
        return hash.finish()
    }

    /// The scene's hash were its bytes `bytes`, with the files those import as they are now: what
    /// `/api/scene` calls the scene's `hash`, recomputed for bytes read elsewhere (the very file
    /// a write replaces), so a write compares what the page saw.
    func hash(of bytes: [UInt8]) -> String { Self.hash(bytes, imports(bytes)) }

    /// The scene's hash were the file it imports at `path` `imported` (a write into that file
    /// compares what the page saw, with the very bytes it replaces), the scene's own bytes and
    /// other imports as on disk now; nil when the scene cannot be read.
    func hash(replacing path: String, with imported: [UInt8]) -> String? {
        hashAndBytes(replacing: path, with: imported)?.hash
    }

    /// `hash(replacing:with:)` and the scene's bytes it hashed, from one read: a write that
    /// checks the hash then edits with exactly those bytes.
    func hashAndBytes(replacing path: String, with imported: [UInt8]) -> (hash: String, bytes: [UInt8])? {
        guard case .bytes(let bytes) = read(self.path) else { return nil }
        return (hash(of: bytes, replacing: path, with: imported), bytes)
    }

    /// The hash of the scene `bytes` with the file it imports at `path` read as `imported`.
    func hash(of bytes: [UInt8], replacing path: String, with imported: [UInt8]) -> String {
        Self.hash(bytes, imports(bytes).map { $0.path == path ? (path, imported) : $0 })
    }

    /// The paths of the files the scene imports now.
    var importedPaths: [String] { imports(snapshot.bytes).map(\.path) }

    struct ReadFailure: Error {
        let message: String
    }

    var snapshot: Snapshot { state.withLock { $0 } }

    /// The file's name without its folders, as diagnostics name it.
    var name: String { PreviewServer.ServedScene.fileName(path) }

    /// The file as it is on disk now, leaving the snapshot alone.
    func readFromDisk() -> SceneReadResult { read(path) }

    /// Reads the file again; true when its content (or readability) changed.
    func reload() -> Bool {
        switch read(path) {
        case .bytes(let bytes):
            let hash = Self.hash(bytes, imports(bytes))
            return state.withLock { s in
                guard s.hash != hash || s.problem != nil else { return false }
                s = Snapshot(bytes: bytes, hash: hash)
                return true
            }
        case .failed(let message):
            return state.withLock { s in
                guard s.problem != message else { return false }
                s.problem = message
                return true
            }
        }
    }
}
