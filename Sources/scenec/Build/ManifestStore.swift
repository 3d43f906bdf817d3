@preconcurrency import Glibc
import ScenecKit
import FoundationEssentials

/// The manifests of one build folder: reads every manifest and journal there (other shards'
/// included), journals each finished scene, and saves this build's manifest at the end.
final class ManifestStore: @unchecked Sendable {
    let outDir: String
    let fileName: String
    /// Every entry known for a scene, most trustworthy first: this build's journal (newest),
    /// its manifest, then the other files'. Each is checked against the files before use.
    private(set) var candidates: [String: [BuildManifest.Entry]] = [:]
    /// Other manifests and journals found, which an unsharded build absorbs and removes.
    private(set) var otherFiles: [String] = []
    private let journal = Locked<Int32>(-1)

    init(outDir: String, shard: Shard?) {
        self.outDir = outDir
        fileName = BuildManifest.fileName(shard: shard)
        var own: [(String, BuildManifest)] = []
        var others: [(String, BuildManifest)] = []
        for name in ((try? Files.names(in: outDir)) ?? []).filter(BuildManifest.isManifestName).sorted() {
            let path = outDir + "/" + name
            guard let read = try? Files.read(path, limit: 256 * 1024 * 1024), !read.tooLarge else { continue }
            let manifest = name.hasSuffix(".journal") ? Self.replay(read.bytes) : BuildManifest.decode(read.bytes)
            let isOwn = name == fileName || name == fileName + ".journal"
            if !isOwn { otherFiles.append(name) }
            guard let manifest else { continue }  // unreadable or from another version: rebuilt
            if isOwn {
                own.insert((name, manifest), at: name.hasSuffix(".journal") ? 0 : own.count)
            } else {
                others.append((name, manifest))
            }
        }
        for (_, manifest) in own + others {
            for (scene, entry) in manifest.scenes { candidates[scene, default: []].append(entry) }
        }
    }

    /// A journal's lines, later ones winning; a line cut short by an interruption is skipped.
    static func replay(_ bytes: [UInt8]) -> BuildManifest {
        var manifest = BuildManifest()
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            if let item = try? JSONDecoder().decode(JournalLine.self, from: Data(line)) {
                manifest.scenes[item.scene] = item.entry
            }
        }
        return manifest
    }

    /// Records a finished scene at once, so a build killed later keeps it.
    func journal(_ scene: String, _ entry: BuildManifest.Entry) {
        let line = JournalLine(scene: scene, entry: entry).encoded
        journal.withLock { fd in
            if fd < 0 {
                fd = open(outDir + "/" + fileName + ".journal", O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
            }
            // A journal that cannot be written costs only the resumption; the manifest is
            // still written at the end, and its failure is reported then.
            if fd >= 0 { try? Files.writeAll(line, fd: fd, path: fileName) }
        }
    }

    /// Writes this build's manifest and drops its journal (and, for an unsharded build that
    /// absorbed them, the other shards' files).
    func save(_ manifest: BuildManifest, removingOthers: Bool) throws {
        try Files.write(manifest.encoded(), to: outDir + "/" + fileName)
        journal.withLock { fd in
            if fd >= 0 { close(fd) }
            fd = -1
        }
        unlink(outDir + "/" + fileName + ".journal")
        if removingOthers {
            for name in otherFiles { unlink(outDir + "/" + name) }
        }
    }
}
