import SceneSupport

/// The versions of the scene file this server replaced or wrote, by hash, so `/api/restore`
/// can put one back (the page's undo of a write). Only bytes the file once had, and only those
/// this server saw around its own writes; bounded: the newest `maxVersions`, at most
/// `maxBytes` in all, older ones forgotten first.
final class VersionStore: Sendable {
    static let maxVersions = 64
    static let maxBytes = 32 << 20

    private struct Version {
        var hash: String
        var bytes: [UInt8]
    }

    private let versions = Locked<[Version]>([])
    private let maxVersions: Int
    private let maxBytes: Int

    init(maxVersions: Int = VersionStore.maxVersions, maxBytes: Int = VersionStore.maxBytes) {
        self.maxVersions = maxVersions
        self.maxBytes = maxBytes
    }

    /// Keeps `bytes` (whose SHA-256 is `hash`) as the newest version; a version already kept
    /// becomes the newest. One larger than the whole budget is not kept.
    func keep(_ bytes: [UInt8], hash: String) {
        guard bytes.count <= maxBytes else { return }
        versions.withLock { list in
            list.removeAll { $0.hash == hash }
            list.append(Version(hash: hash, bytes: bytes))
            var total = list.reduce(0) { $0 + $1.bytes.count }
            while list.count > maxVersions || total > maxBytes, let oldest = list.first {
                total -= oldest.bytes.count
                list.removeFirst()
            }
        }
    }

    /// The bytes of the version with this hash, if it is still kept.
    func bytes(of hash: String) -> [UInt8]? {
        versions.withLock { list in list.last { $0.hash == hash }?.bytes }
    }

    var count: Int { versions.withLock { $0.count } }
}
