import Glibc
import SceneFiles

/// The workspace's folders, as the BUILD files name them: paths relative to its root, worked
/// out on the names (normalised, not resolved, as Bazel sees a source tree with links in it).
struct BazelWorkspace {
    /// The root, absolute and normalised; and resolved, for names given through another route.
    let root: String
    let resolved: String
    /// The working directory, resolved, which relative names start from.
    let workingDirectory = ProjectRoot.workingDirectory()

    /// The folders `.bazelignore` lists (workspace-relative): Bazel reads no package there.
    let ignored: Set<String>

    init(_ workspace: String) throws {
        root = Self.normalised(workspace, from: workingDirectory)
        let listed = (try? Files.read(root + "/.bazelignore", limit: 1 << 20)).map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
        ignored = Set(listed.split(whereSeparator: \.isNewline).compactMap { line in
            let parts = line.split(separator: "/").filter { $0 != "." }
            return line.hasPrefix("#") || parts.isEmpty ? nil : parts.joined(separator: "/")
        })
        guard Files.isDirectory(root), let real = ProjectRoot.realPath(root) else {
            throw FileError("--emit-bazel: the workspace '\(workspace)' is not a folder")
        }
        resolved = real
        guard ["WORKSPACE", "WORKSPACE.bazel", "MODULE.bazel"].contains(where: { Files.exists(root + "/" + $0) }) else {
            throw FileError("--emit-bazel: '\(workspace)' is not a Bazel workspace root: it has no WORKSPACE, WORKSPACE.bazel or MODULE.bazel")
        }
    }

    /// `path` relative to the root ("" the root itself); nil outside it.
    func relative(_ path: String) -> String? {
        let absolute = Self.normalised(path, from: workingDirectory)
        if let inside = ProjectRoot.path(absolute, below: root) { return inside }
        // Named through a link to the workspace: its folder resolved, the name kept.
        let (folder, name) = Self.split(absolute)
        guard let real = ProjectRoot.realPath(folder.isEmpty ? "/" : folder) else { return nil }
        return ProjectRoot.path(Self.normalised(real + "/" + name, from: "/"), below: resolved)
    }

    func path(_ folder: String, _ name: String) -> String {
        (folder.isEmpty ? root : root + "/" + folder) + "/" + name
    }

    func exists(_ folder: String, _ name: String) -> Bool { Files.exists(path(folder, name)) }

    /// The bytes of a file, nil when it cannot be read.
    func contents(_ path: String) -> [UInt8]? {
        guard Files.exists(path), let read = try? Files.read(path, limit: 64 << 20), !read.tooLarge else { return nil }
        return read.bytes
    }

    /// Whether the folder's BUILD.bazel starts with scenec's first line.
    func isGenerated(_ folder: String) -> Bool {
        contents(path(folder, "BUILD.bazel")).map { $0.starts(with: Array((BazelWriter.marker + "\n").utf8)) } ?? false
    }

    /// Whether `name` (BUILD or BUILD.bazel) is there and not scenec's.
    func isHandWritten(_ folder: String, _ name: String) -> Bool {
        guard exists(folder, name) else { return false }
        return name != "BUILD.bazel" || !isGenerated(folder)
    }

    /// The folders under `trees` (not following links, nor entering another repository or an
    /// ignored folder) holding a BUILD.bazel scenec wrote.
    func generatedFiles(under trees: [String]) -> [String] {
        var found: Set<String> = [], pending = trees.filter { foreign($0) == nil }
        while let folder = pending.popLast() {
            if isGenerated(folder) { found.insert(folder) }
            for name in (try? Files.names(in: path(folder, ""))) ?? [] {
                var info = stat()
                let inner = folder.isEmpty ? name : folder + "/" + name
                guard lstat(path(folder, name), &info) == 0, info.st_mode & S_IFMT == S_IFDIR, !isBoundary(inner) else { continue }
                pending.append(inner)
            }
        }
        return found.sorted()
    }

    /// Whether a folder below the root starts another repository or is one `.bazelignore` lists.
    func isBoundary(_ folder: String) -> Bool {
        !folder.isEmpty && (ignored.contains(folder) || Self.repositoryMarkers.contains { exists(folder, $0) })
    }

    /// The outermost folder from the root down to `folder` that is a boundary, nil when none is.
    func foreign(_ folder: String) -> String? {
        var prefix = ""
        for part in folder.split(separator: "/") {
            prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
            if isBoundary(prefix) { return prefix }
        }
        return nil
    }

    /// The first folder from the root down to `folder` that is a symbolic link (lstat), nil when none is.
    func linkOnTheWay(to folder: String) -> String? {
        var prefix = ""
        for part in folder.split(separator: "/") {
            prefix = prefix.isEmpty ? String(part) : prefix + "/" + part
            var info = stat()
            if lstat(root + "/" + prefix, &info) == 0, info.st_mode & S_IFMT == S_IFLNK { return prefix }
        }
        return nil
    }

    /// Whether the folder's BUILD.bazel is scenec's package of exports (no scenes), read back exactly.
    func exportsOnly(_ folder: String) -> Bool {
        guard let bytes = contents(path(folder, "BUILD.bazel")) else { return false }
        let text = String(decoding: bytes, as: UTF8.self)
        return text == BazelWriter.exports(BazelWriter.exported(in: text))
    }

    /// The files the folder's generated BUILD.bazel exports that are still there and still in its
    /// package (no BUILD file, nor a scene folder, in between).
    func stillExported(_ folder: String, sceneFolders: Set<String>) -> [String] {
        guard isGenerated(folder), let bytes = contents(path(folder, "BUILD.bazel")) else { return [] }
        return BazelWriter.exported(in: String(decoding: bytes, as: UTF8.self)).filter { name in
            let file = folder.isEmpty ? name : folder + "/" + name
            guard Files.exists(root + "/" + file), !Files.isDirectory(root + "/" + file) else { return false }
            var inner = Self.split(file).folder
            while inner != folder, inner.count > folder.count {
                if sceneFolders.contains(inner) || exists(inner, "BUILD") || exists(inner, "BUILD.bazel") { return false }
                inner = Self.split(inner).folder
            }
            return true
        }
    }

    /// Whether `path` is one of the `bazel-*` links Bazel makes at a workspace's root (to its
    /// output folders, outside the tree): not source, so `--emit-bazel` does not look in them.
    static func isConvenienceLink(_ path: String) -> Bool {
        let (folder, name) = split(path)
        var info = stat()
        guard name.hasPrefix("bazel-"), lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return false }
        return repositoryMarkers.contains { Files.exists((folder.isEmpty ? "." : folder) + "/" + $0) }
    }

    /// The files that make a folder a repository's root.
    static let repositoryMarkers = ["WORKSPACE", "WORKSPACE.bazel", "MODULE.bazel", "REPO.bazel"]

    static func isWithin(_ folder: String, _ tree: String) -> Bool {
        tree.isEmpty || folder == tree || folder.hasPrefix(tree + "/")
    }

    /// `input`'s path inside `package`.
    static func inside(_ package: String, _ input: String) -> String {
        package.isEmpty ? input : String(input.dropFirst(package.count + 1))
    }

    /// A relative path's folder ("" at the root) and last name.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return ("", path) }
        return (String(path[..<slash]), String(path[path.index(after: slash)...]))
    }

    /// Absolute (against the working directory), with `.`, `..` and doubled slashes taken out by name.
    static func normalised(_ path: String, from workingDirectory: String) -> String {
        ProjectRoot.normalized(path.hasPrefix("/") ? path : workingDirectory + "/" + path)
    }
}
