@preconcurrency import Glibc

/// The outputs a baseline folder holds. A scenec build folder says so itself: its manifests
/// list every output that is current (not stale), hidden ones of hidden scenes included. A
/// folder another program filled, or whose manifest this scenec cannot read, is taken whole:
/// every file under it but those in folders, or with names, beginning with a dot.
enum BaselineFiles {
    static func list(_ root: String) throws -> Set<String> {
        let candidates = ManifestStore(outDir: root, shard: nil).candidates
        guard candidates.isEmpty else {
            // The first entry of a scene is the one its build would trust.
            let current = candidates.values.compactMap(\.first).flatMap { $0.outputs.filter { $0.value.stale == nil }.keys }
            return Set(current.filter { Files.exists(root + "/" + $0) })
        }
        var files = Set<String>()
        try walk(root, relative: "", into: &files)
        return files
    }

    private static func walk(_ directory: String, relative: String, into files: inout Set<String>) throws {
        for name in try Files.names(in: directory) where !name.hasPrefix(".") {
            let path = directory + "/" + name, child = relative.isEmpty ? name : relative + "/" + name
            // A link to a file counts as the file; links to folders are not followed (no loops).
            var info = stat()
            guard lstat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFLNK, stat(path, &info) != 0 || info.st_mode & S_IFMT != S_IFREG { continue }
            switch info.st_mode & S_IFMT {
            case S_IFDIR: try walk(path, relative: child, into: &files)
            case S_IFREG: files.insert(child)
            default: continue
            }
        }
    }
}
