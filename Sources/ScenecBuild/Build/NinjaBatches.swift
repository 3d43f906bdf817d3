import Glibc

/// Which scenes each edge of a Ninja file builds. Every edge is one `scenec build` into one
/// output folder, which it alone writes (so its manifest is its own): a small tree of folders
/// is one edge naming its folders (`scenec build scenes/icons -o out/icons`, subfolders
/// included); a larger one is an edge for the folder's own scenes, named one by one (in a list
/// when too many for a command line), and the same again for each subfolder. A process per
/// scene cost 5× the time of `build`; a process per folder costs its start-up once per folder.
struct NinjaBatches {
    struct Batch {
        /// The output folder's path under the build folder (`icons`; empty for the top).
        var folder: String
        var scenes: [SceneEntry]
        /// What the edge's `scenec build` is given: the scene files, or the folders whose
        /// trees it builds whole.
        var arguments: [String]
        /// Whether the scene files are too many to name on a command line, so the edge hands
        /// them over in a list (`--scenes-from`, written by ninja: `rspfile`).
        var listed = false
    }

    /// A folder's own scenes are named one by one on the command line up to this many bytes of
    /// names, as /bin/sh -c takes a command of at most 128 KiB; past it the folder's whole tree
    /// is named instead where it can be, else the names are handed over in a list.
    static let commandBytes = 96 * 1024

    /// `scenes` in batches: a tree of at most `smallTree` scenes in one. A tree is named by its
    /// folders only when every scene in it was found by walking a folder the build was given
    /// (a scene file given by itself has neighbours the build was not asked for) and the build
    /// is not a shard (whose scenes a walk of the folder would not pick).
    static func batches(_ scenes: [SceneEntry], inputs: [String], sharded: Bool, smallTree: Int, commandBytes: Int = commandBytes) -> [Batch] {
        let folders = Set(inputs.filter(isFolder).map { $0.count > 1 && $0.hasSuffix("/") ? String($0.dropLast()) : $0 })
        var own: [String: [SceneEntry]] = [:], count: [String: Int] = [:], walked: [String: Bool] = [:]
        var children: [String: Set<String>] = [:]
        for scene in scenes {
            let folder = folderOf(scene.outputStem)
            own[folder, default: []].append(scene)
            let fromWalk = !sharded && folders.contains(String(scene.path.dropLast(scene.relativePath.count + 1)))
            var current = folder
            while true {
                count[current, default: 0] += 1
                walked[current] = (walked[current] ?? true) && fromWalk
                guard !current.isEmpty else { break }
                let parent = folderOf(current)
                children[parent, default: []].insert(current)
                current = parent
            }
        }
        var batches: [Batch] = []
        func visit(_ folder: String) {
            let ownScenes = own[folder] ?? []
            let named = ownScenes.reduce(0) { $0 + $1.path.utf8.count * 2 + 3 }  // quoted, at worst
            if walked[folder] == true, (count[folder] ?? 0) <= smallTree || named > commandBytes {
                let subtree = scenes.filter { $0.outputStem.hasPrefix(folder.isEmpty ? "" : folder + "/") }
                var sources: [String] = []
                for scene in subtree {
                    let root = String(scene.path.dropLast(scene.relativePath.count + 1))
                    let source = folder.isEmpty ? root : root + "/" + folder
                    if !sources.contains(source) { sources.append(source) }
                }
                batches.append(Batch(folder: folder, scenes: subtree, arguments: sources))
                return
            }
            if !ownScenes.isEmpty {
                batches.append(Batch(folder: folder, scenes: ownScenes, arguments: ownScenes.map(\.path), listed: named > commandBytes))
            }
            for child in (children[folder] ?? []).sorted() { visit(child) }
        }
        visit("")
        return batches
    }

    /// `a/b` for the stem `a/b/ring`; empty for `ring`.
    static func folderOf(_ stem: String) -> String {
        guard let slash = stem.lastIndex(of: "/") else { return "" }
        return String(stem[..<slash])
    }

    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }
}
