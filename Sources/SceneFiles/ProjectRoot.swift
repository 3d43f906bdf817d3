import Glibc

/// The folder scenec reads a project from (`--root DIR`): scenes, imports and fonts are read
/// only from inside it (docs/security.md), and annotations name files relative to it, as GitHub
/// places an annotation only when its `file=` is relative to the repository.
public struct ProjectRoot: Sendable, Equatable {
    /// Absolute, every symbolic link resolved, without a trailing slash ("/" for the root).
    public let directory: String

    /// The existing directory `path` names; nil when it is not one.
    public init?(_ path: String) {
        guard let resolved = Self.realPath(path), Self.isDirectory(resolved) else { return nil }
        directory = resolved
    }

    private init(resolved: String) {
        directory = resolved
    }

    /// "/": the fallback where the working directory cannot be resolved (deleted under us).
    static let filesystem = ProjectRoot(resolved: "/")

    /// The default root: the top level of the git work tree around `start` (the nearest folder
    /// upwards holding `.git`, a directory or, in a worktree, a file), else `start` itself.
    public static func enclosing(_ start: String = ".") -> ProjectRoot? {
        gitTopLevel(around: start) ?? ProjectRoot(start)
    }

    /// The top level of the git work tree around `start`, if any.
    public static func gitTopLevel(around start: String = ".") -> ProjectRoot? {
        guard var dir = realPath(start) else { return nil }
        while true {
            var info = stat()
            if stat(dir + "/.git", &info) == 0 { return ProjectRoot(dir) }
            guard let slash = dir.lastIndex(of: "/"), dir != "/" else { return nil }
            dir = slash == dir.startIndex ? "/" : String(dir[..<slash])
        }
    }

    /// Whether the absolute, resolved `path` is the root or lies beneath it.
    public func contains(_ path: String) -> Bool {
        path == directory || path.hasPrefix(directory == "/" ? "/" : directory + "/")
    }

    /// `path` (relative to the working directory, or absolute) relative to the root when it lies
    /// inside it; else as given. By spelling alone: a scene is named as the user gave it,
    /// through its links.
    public func relative(_ path: String) -> String {
        let cwd = Self.realPath(".") ?? "/"
        let absolute = Self.normalized(path.hasPrefix("/") ? path : cwd + "/" + path)
        guard let inside = Self.path(absolute, below: directory) else { return path }
        return inside.isEmpty ? "." : inside
    }

    /// The absolute, normalised `path` relative to the folder `folder` ("" for the folder
    /// itself); nil when it lies outside. By spelling alone.
    public static func path(_ path: String, below folder: String) -> String? {
        if path == folder { return "" }
        let prefix = folder == "/" ? "/" : folder + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// `.` and `..` removed by spelling alone, as an absolute path.
    public static func normalized(_ path: String) -> String {
        var parts: [Substring] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == ".." { if !parts.isEmpty { parts.removeLast() }; continue }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// `realpath(3)`: absolute, every link resolved; nil when some part does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The working directory, resolved.
    public static func workingDirectory() -> String {
        realPath(".") ?? "/"
    }

    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
