@preconcurrency import Glibc

/// A scene to build: where it is, and its path relative to the directory it was found under
/// (mirrored under the output directory).
struct SceneEntry: Hashable {
    var path: String
    var relativePath: String

    /// `sub/ring` for `sub/ring.scene.yaml`: outputs are `OUT/sub/ring.png` and so on.
    var outputStem: String {
        let suffix = ".scene.yaml"
        return relativePath.hasSuffix(suffix) ? String(relativePath.dropLast(suffix.count)) : relativePath
    }
}

/// Finds `*.scene.yaml` files under directories, recursively, in a stable order.
enum SceneFinder {
    static func find(_ arguments: [String]) throws -> [SceneEntry] {
        var entries: [SceneEntry] = []
        for argument in arguments {
            var info = stat()
            guard stat(argument, &info) == 0 else {
                throw FileError("cannot read '\(argument)': \(Files.reason())")
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                let root = argument.hasSuffix("/") ? String(argument.dropLast()) : argument
                try walk(root, relative: "", into: &entries)
            } else {
                let name = argument.split(separator: "/").last.map(String.init) ?? argument
                entries.append(SceneEntry(path: argument, relativePath: name))
            }
        }
        var seen: Set<String> = []
        return entries.filter { seen.insert($0.relativePath).inserted }.sorted { $0.relativePath < $1.relativePath }
    }

    private static func walk(_ dir: String, relative: String, into entries: inout [SceneEntry]) throws {
        guard let handle = opendir(dir) else { throw FileError("cannot read directory '\(dir)': \(Files.reason())") }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        for name in names.sorted() {
            let path = dir + "/" + name
            let rel = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard stat(path, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFDIR {
                if !name.hasPrefix(".") { try walk(path, relative: rel, into: &entries) }
            } else if name.hasSuffix(".scene.yaml") {
                entries.append(SceneEntry(path: path, relativePath: rel))
            }
        }
    }
}
