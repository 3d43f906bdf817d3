import Glibc
import ScenecKit
import SceneFiles
import FoundationEssentials
import SceneSupport

/// The manifests of one build folder: reads every manifest and journal there (other shards'
/// included), journals each finished scene, and saves this build's manifest at the end. All of
/// it beneath the opened folder, links not followed. What the files say is untrusted input (a
/// pull request may commit them): an output that is not a relative name inside the folder is
/// dropped with a warning (`ManifestStore.trusted`), so nothing outside can be read, listed as
/// stale or pruned.
final class ManifestStore: Sendable {
    package let destination: Destination
    package let fileName: String
    /// Every entry known for a scene, most trustworthy first: this build's journal (newest),
    /// its manifest, then the other files'. Each is checked against the files before use.
    package let candidates: [String: [BuildManifest.Entry]]
    /// Other manifests and journals found, which an unsharded build absorbs and removes.
    package let otherFiles: [String]
    private let journal = Locked<Int32>(-1)

    package var outDir: String { destination.path }

    /// `warn` is told once of each entry ignored, naming it and its file (raw: the caller
    /// escapes the line when it prints it).
    package init(_ destination: Destination, shard: Shard?, warn: (String) -> Void) {
        self.destination = destination
        fileName = BuildManifest.fileName(shard: shard)
        var own: [(String, BuildManifest)] = []
        var others: [(String, BuildManifest)] = []
        var otherFiles: [String] = []
        for (name, kind) in destination.entries().sorted(by: { $0.name < $1.name })
        where BuildManifest.isManifestName(name) && kind == .file {
            guard let relative = RelativeName(name),
                  let bytes = try? destination.read(relative, limit: 256 * 1024 * 1024) else { continue }
            let read = name.hasSuffix(".journal") ? Self.replay(bytes) : BuildManifest.decode(bytes)
            let isOwn = name == fileName || name == fileName + ".journal"
            if !isOwn { otherFiles.append(name) }
            guard let read else { continue }  // unreadable or from another version: rebuilt
            let manifest = Self.trusted(read, in: destination.path(of: relative), warn: warn)
            if isOwn {
                own.insert((name, manifest), at: name.hasSuffix(".journal") ? 0 : own.count)
            } else {
                others.append((name, manifest))
            }
        }
        var candidates: [String: [BuildManifest.Entry]] = [:]
        for (_, manifest) in own + others {
            for (scene, entry) in manifest.scenes { candidates[scene, default: []].append(entry) }
        }
        self.candidates = candidates
        self.otherFiles = otherFiles
    }

    /// The manifest without the outputs whose names are not relative names inside the folder
    /// (absolute, `..`, not normalised), each named in a warning.
    package static func trusted(_ manifest: BuildManifest, in file: String, warn: (String) -> Void) -> BuildManifest {
        var manifest = manifest
        for (scene, entry) in manifest.scenes.sorted(by: { $0.key < $1.key }) {
            for path in entry.outputs.keys.sorted() {
                guard let problem = RelativeName.problem(with: path) else { continue }
                warn("ignoring the entry '\(path)' in '\(file)': \(problem); a manifest names files inside its folder only")
                manifest.scenes[scene]?.outputs[path] = nil
            }
        }
        return manifest
    }

    /// A journal's lines, later ones winning; a line cut short by an interruption is skipped.
    package static func replay(_ bytes: [UInt8]) -> BuildManifest {
        var manifest = BuildManifest()
        for line in bytes.split(separator: UInt8(ascii: "\n")) {
            if let item = try? JSONDecoder().decode(JournalLine.self, from: Data(line)) {
                manifest.scenes[item.scene] = item.entry
            }
        }
        return manifest
    }

    /// Records a finished scene at once, so a build killed later keeps it.
    package func journal(_ scene: String, _ entry: BuildManifest.Entry) {
        let line = JournalLine(scene: scene, entry: entry).encoded
        journal.withLock { fd in
            if fd < 0, let name = RelativeName(fileName + ".journal") {
                fd = Self.openJournal(name, in: destination)
            }
            // A journal that cannot be written costs only the resumption; the manifest is
            // still written at the end, and its failure is reported then.
            if fd >= 0 { try? AtomicWrite.writeAll(line, fd: fd, path: fileName) }
        }
    }

    /// The journal, appended to in place (the one file a build does not replace by a rename):
    /// a hard link or a FIFO planted under its name — a restored cache can hold either — would
    /// make the lines land in another file or block, so anything but a regular file of its own
    /// is removed (the name, never what it links to) and the journal made afresh.
    package static func openJournal(_ name: RelativeName, in destination: Destination) -> Int32 {
        let fd = destination.open(name, flags: O_WRONLY | O_CREAT | O_APPEND | O_NONBLOCK, mode: 0o644)
        var info = stat()
        if fd >= 0, fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1 { return fd }
        if fd >= 0 { close(fd) }
        destination.remove(name, pruningFolders: false)
        return destination.open(name, flags: O_WRONLY | O_CREAT | O_EXCL | O_APPEND, mode: 0o644)
    }

    /// Writes this build's manifest and drops its journal (and, for an unsharded build that
    /// absorbed them, the other shards' files).
    package func save(_ manifest: BuildManifest, removingOthers: Bool) throws {
        guard let name = RelativeName(fileName) else { return }
        let file = try Files.converting { () throws(DestinationFailure) in try destination.file(name) }
        try Files.converting { () throws(DestinationFailure) in try file.write(manifest.encoded()) }
        journal.withLock { fd in
            if fd >= 0 { close(fd) }
            fd = -1
        }
        for name in [fileName + ".journal"] + (removingOthers ? otherFiles : []) {
            if let relative = RelativeName(name) { destination.remove(relative, pruningFolders: false) }
        }
    }
}
