@preconcurrency import Glibc

/// The outputs a baseline folder holds: every file under it, in any folder, but those whose
/// name begins with a dot (a build's manifests and lock, the review's own report) and those a
/// scenec manifest there lists as stale (no longer what that build made). A folder that another
/// program filled, with no manifest, is taken whole.
enum BaselineFiles {
    static func list(_ root: String) throws -> Set<String> {
        var files = Set<String>()
        try walk(root, relative: "", into: &files)
        var current = Set<String>(), stale = Set<String>()
        for entries in ManifestStore(outDir: root, shard: nil).candidates.values {
            for entry in entries {
                for (path, record) in entry.outputs {
                    if record.stale == nil { current.insert(path) } else { stale.insert(path) }
                }
            }
        }
        return files.subtracting(stale.subtracting(current))
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
