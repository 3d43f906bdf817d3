@preconcurrency import Glibc

/// The directory paths in annotations are relative to. GitHub places an annotation only when
/// its `file=` is relative to the repository, so a build run from a subdirectory (or given
/// absolute paths) would otherwise lose every inline error.
struct PathRoot {
    /// Absolute, without symbolic links and without a trailing slash.
    let directory: String
    private let workingDirectory: String

    init?(_ path: String) {
        guard let resolved = Self.realPath(path), let cwd = Self.realPath(".") else { return nil }
        var info = stat()
        guard stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return nil }
        directory = resolved
        workingDirectory = cwd
    }

    /// The top level of the git work tree around the working directory (the nearest directory
    /// upwards holding `.git`, a directory or, in a worktree, a file), if any.
    static func gitTopLevel() -> PathRoot? {
        guard var dir = realPath(".") else { return nil }
        while true {
            var info = stat()
            if stat(dir + "/.git", &info) == 0 { return PathRoot(dir) }
            guard let slash = dir.lastIndex(of: "/"), dir != "/" else { return nil }
            dir = slash == dir.startIndex ? "/" : String(dir[..<slash])
        }
    }

    /// `path` relative to the root when it lies inside it; else as given.
    func relative(_ path: String) -> String {
        let absolute = Self.normalized(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
        if absolute == directory { return "." }
        let prefix = directory == "/" ? "/" : directory + "/"
        return absolute.hasPrefix(prefix) ? String(absolute.dropFirst(prefix.count)) : path
    }

    /// `.` and `..` removed by spelling alone (the scene path is shown as the user gave it,
    /// through its links).
    static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
