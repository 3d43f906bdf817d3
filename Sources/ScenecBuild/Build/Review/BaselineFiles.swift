import Glibc
import SceneFiles

/// The outputs a baseline folder holds. A scenec build folder says so itself: its manifests
/// list every output that is current (not stale), hidden ones of hidden scenes included. A
/// folder another program filled, or whose manifest this scenec cannot read, is taken whole:
/// every file under it but those in folders, or with names, beginning with a dot.
///
/// A baseline is not ours to trust (a pull request may bring one): it is read beneath its
/// opened folder like a build folder — manifest entries that leave it are ignored with a
/// warning, and symbolic links are neither listed nor read, so no file outside it reaches the
/// review.
enum BaselineFiles {
    package static func list(_ baseline: Destination, warn: (String) -> Void) -> Set<String> {
        let candidates = ManifestStore(baseline, shard: nil, warn: warn).candidates
        guard candidates.isEmpty else {
            // The first entry of a scene is the one its build would trust.
            let current = candidates.values.compactMap(\.first).flatMap { $0.outputs.filter { $0.value.stale == nil }.keys }
            return Set(current.filter { path in RelativeName(path).map { isFile($0, in: baseline) } ?? false })
        }
        var files = Set<String>()
        walk(baseline, [], into: &files)
        return files
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
