import ScenecKit

/// The scene file the server was started with, as last read from disk: its bytes and their hash.
/// The server renders only this file; a change on disk replaces the bytes (never the path).
final class SceneSource: @unchecked Sendable {
    /// One reading of the file.
    struct Snapshot: Sendable {
        var bytes: [UInt8]
        /// SHA-256 of the bytes: part of every cache key, and what `changed` events carry.
        var hash: String
        /// Why the last read failed (the file is gone mid-save, or too large); the bytes are then
        /// the last good ones.
        var problem: String?
    }

    typealias Reader = @Sendable (String) -> SceneReadResult

    let path: String
    private let read: Reader
    private let state: Locked<Snapshot>

    init(path: String, read: @escaping Reader) throws {
        self.path = path
        self.read = read
        switch read(path) {
        case .bytes(let bytes): state = Locked(Snapshot(bytes: bytes, hash: SHA256.hex(bytes)))
        case .failed(let message): throw ReadFailure(message: message)
        }
    }

    struct ReadFailure: Error {
        let message: String
    }

    var snapshot: Snapshot { state.withLock { $0 } }

    /// The file's name without its folders, as diagnostics name it.
    var name: String { path.split(separator: "/").last.map(String.init) ?? path }

    /// The file as it is on disk now, leaving the snapshot alone.
    func readFromDisk() -> SceneReadResult { read(path) }

    /// Reads the file again; true when its content (or readability) changed.
    func reload() -> Bool {
        switch read(path) {
        case .bytes(let bytes):
            let hash = SHA256.hex(bytes)
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
