@preconcurrency import Glibc

/// Finds a program scenec runs (ffmpeg, rsvg-convert, pdftoppm) on PATH as a shell would, but
/// only in folders a checked-out tree cannot supply: a PATH entry that is empty or relative
/// (`.` in effect) or whose real path lies inside the project root (`$GITHUB_WORKSPACE/bin`,
/// `node_modules/.bin`) is skipped, so a committed `bin/ffmpeg` never runs with CI's secrets.
/// The program is then started by the absolute path found, never through another PATH search.
public enum ProgramLookup {
    public enum Found: Equatable, Sendable {
        /// The program's absolute, resolved path.
        case program(String)
        /// None outside the project; the first one inside it, named relative to the root.
        case onlyInside(String)
        case missing

        public var path: String? {
            if case .program(let path) = self { return path }
            return nil
        }

        /// What to add to "NAME is not installed": why the one the project holds is not run.
        public var note: String {
            if case .onlyInside(let path) = self { return "; the one at '\(path)' is inside the project and not run" }
            return ""
        }
    }

    /// `name` in the folders of `path` (PATH's value) that are absolute and outside `root`.
    /// A root of "/" (the fallback where no folder is known) excludes nothing.
    public static func find(_ name: String, path: String?, outside root: ProjectRoot) -> Found {
        var inside: String?
        for entry in (path ?? "").split(separator: ":", omittingEmptySubsequences: true) where entry.hasPrefix("/") {
            let candidate = String(entry) + "/" + name
            var info = stat()
            guard stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0,
                  let folder = ProjectRoot.realPath(String(entry)), let real = ProjectRoot.realPath(candidate) else { continue }
            if root.directory != "/", root.contains(folder) || root.contains(real) {
                if inside == nil { inside = root.relative(candidate) }
                continue
            }
            return .program(real)
        }
        return inside.map { .onlyInside($0) } ?? .missing
    }

    /// `name` on this process's PATH, outside `root`.
    public static func find(_ name: String, outside root: ProjectRoot) -> Found {
        find(name, path: getenv("PATH").map { String(cString: $0) }, outside: root)
    }
}
