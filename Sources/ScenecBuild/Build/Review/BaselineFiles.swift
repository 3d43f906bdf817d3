import Glibc
import SceneFiles
import SceneReview

/// The outputs a baseline folder holds, each with the scene its manifest says made it. A scenec build folder says so itself: its manifests
/// list every output that is current (not stale), hidden ones of hidden scenes included. A
/// folder another program filled, or whose manifest this scenec cannot read, is taken whole:
/// every file under it but those in folders, or with names, beginning with a dot.
///
/// A baseline is not ours to trust (a pull request may bring one): it is read beneath its
/// opened folder like a build folder — manifest entries that leave it are ignored with a
/// warning, and symbolic links are neither listed nor read, so no file outside it reaches the
/// review.
enum BaselineFiles {
    /// Output path → its scene (nil when no manifest names it).
    package static func list(_ baseline: Destination, warn: (String) -> Void) -> [String: String?] {
        let candidates = ManifestStore(baseline, shard: nil, warn: warn).candidates
        guard candidates.isEmpty else {
            var listed: [String: String?] = [:]
            // The first entry of a scene is the one its build would trust.
            for (scene, entries) in candidates {
                for (path, output) in entries.first?.outputs ?? [:] where output.stale == nil {
                    if RelativeName(path).map({ isFile($0, in: baseline) }) ?? false { listed[path] = scene }
                }
            }
            return listed
        }
        var files = Set<String>()
        walk(baseline, [], into: &files)
        return Dictionary(uniqueKeysWithValues: files.map { ($0, nil) })
    }

    /// The current outputs another build's manifest file lists (`--baseline-manifest`): path →
    /// its SHA-256 and scene. Entries whose path is not a name inside a folder are ignored
    /// with a warning, as a baseline folder's are.
    package static func listed(in manifest: BuildManifest, warn: (String) -> Void) -> [String: (sha256: String, scene: String)] {
        var listed: [String: (sha256: String, scene: String)] = [:]
        for (scene, entry) in manifest.scenes.sorted(by: { $0.key < $1.key }) {
            for (path, output) in entry.outputs.sorted(by: { $0.key < $1.key }) where output.stale == nil {
                guard RelativeName(path) != nil else {
                    warn("the baseline manifest's output '\(path)' of '\(scene)' is not a name inside the build folder; ignored")
                    continue
                }
                listed[path] = (output.sha256, scene)
            }
        }
        return listed
    }

    /// Folders deeper than this are not listed.
    package static let maxDepth = 64

    private static func walk(_ baseline: Destination, _ folders: [String], into files: inout Set<String>) {
        guard folders.count < maxDepth else { return }
        for (name, kind) in baseline.entries(in: folders) where !name.hasPrefix(".") {
            switch kind {
            case .folder: walk(baseline, folders + [name], into: &files)
            case .file: files.insert((folders + [name]).joined(separator: "/"))
            case .link, .other: continue
            }
        }
    }

    /// A regular file at `name`, no link on the way or at the end.
    private static func isFile(_ name: RelativeName, in baseline: Destination) -> Bool {
        let fd = baseline.open(name, flags: O_RDONLY | O_NONBLOCK | O_NOCTTY)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var info = stat()
        return fstat(fd, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}
