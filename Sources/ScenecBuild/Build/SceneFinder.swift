import Glibc
import SceneFiles

/// A scene to build: where it is, and its path relative to the directory it was found under
/// (mirrored under the output directory).
package struct SceneEntry: Hashable {
    package var path: String
    package var relativePath: String

    package init(path: String, relativePath: String) {
        self.path = path
        self.relativePath = relativePath
    }

    /// `sub/ring` for `sub/ring.scene.yaml`: outputs are `OUT/sub/ring.png` and so on.
    package var outputStem: String {
        let suffix = ".scene.yaml"
        return relativePath.hasSuffix(suffix) ? String(relativePath.dropLast(suffix.count)) : relativePath
    }
}

/// Finds `*.scene.yaml` files under directories, recursively, in a stable order, and refuses
/// what would make a build silently incomplete: a link to a scene that is not there, and two
/// different scenes with one place in the output.
package enum SceneFinder {
    package struct Found {
        package var scenes: [SceneEntry] = []
        /// Problems with the set of inputs (each a message naming its cause).
        package var problems: [String] = []
    }

    /// `skipping` says which paths the walk under a folder leaves out (no problem said for them).
    package static func find(_ arguments: [String], scope: ReadScope, skipping skip: (String) -> Bool = { _ in false }) throws -> Found {
        var found = Found()
        for argument in arguments {
            var info = stat()
            guard stat(argument, &info) == 0 else {
                if lstat(argument, &info) == 0 {
                    found.problems.append("'\(argument)' is a symbolic link to '\(Files.linkTarget(argument) ?? "?")', which does not exist")
                    continue
                }
                throw FileError("cannot read '\(argument)': \(Files.reason())")
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                let root = argument.hasSuffix("/") && argument.count > 1 ? String(argument.dropLast()) : argument
                let real = ProjectRoot.realPath(root) ?? root
                guard inside(real, scope) else {
                    found.problems.append("scenes must stay inside the project root '\(scope.root.directory)'; '\(argument)' is outside it")
                    continue
                }
                try walk(root, relative: "", walking: [real], scope: scope, skip: skip, into: &found)
            } else {
                let name = argument.split(separator: "/").last.map(String.init) ?? argument
                found.scenes.append(SceneEntry(path: argument, relativePath: name))
            }
        }
        // The same file reached twice (a directory and a file in it) is one scene; two files
        // with one relative path would write the same outputs.
        var byRelative: [String: SceneEntry] = [:]
        var scenes: [SceneEntry] = []
        for scene in found.scenes {
            if let first = byRelative[scene.relativePath] {
                if !Files.sameFile(first.path, scene.path) {
                    found.problems.append("'\(first.path)' and '\(scene.path)' would both be built as '\(scene.relativePath)'; build them into different output directories")
                }
                continue
            }
            byRelative[scene.relativePath] = scene
            scenes.append(scene)
        }
        found.scenes = scenes.sorted { $0.relativePath < $1.relativePath }
        var said = Set<String>()
        found.problems = found.problems.filter { said.insert($0).inserted }  // a loop met from two arguments, once
        return found
    }

    /// Scenes under `dir`, whose real path ends `walking` (the folders above it, resolved).
    /// A linked folder is followed only when it stays inside the scope and is not one of those
    /// folders (a loop); a linked scene is found here and refused, if it leads out, when read.
    private static func walk(_ dir: String, relative: String, walking: [String], scope: ReadScope,
                             skip: (String) -> Bool, into found: inout Found) throws {
        var info = stat()
        guard stat(dir, &info) == 0 else { throw FileError("cannot read directory '\(dir)': \(Files.reason())") }
        // Hidden files and folders (.git) are never read, so never looked for scenes in.
        for name in try Files.names(in: dir).sorted() where !name.hasPrefix(".") {
            let path = dir + "/" + name
            let rel = relative.isEmpty ? name : relative + "/" + name
            if skip(path) { continue }
            guard stat(path, &info) == 0 else {
                if name.hasSuffix(".scene.yaml"), lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
                    found.problems.append("'\(path)' is a symbolic link to '\(Files.linkTarget(path) ?? "?")', which does not exist")
                }
                continue
            }
            if info.st_mode & S_IFMT == S_IFDIR {
                guard let next = follow(path, walking: walking, scope: scope, problems: &found.problems) else { continue }
                try walk(path, relative: rel, walking: walking + [next], scope: scope, skip: skip, into: &found)
            } else if name.hasSuffix(".scene.yaml") {
                found.scenes.append(SceneEntry(path: path, relativePath: rel))
            }
        }
    }

    /// The real path of the folder `path` when the walk may enter it; nil (with the problem
    /// said) for a link out of the scope or back to a folder the walk is in.
    private static func follow(_ path: String, walking: [String], scope: ReadScope, problems: inout [String]) -> String? {
        guard let real = ProjectRoot.realPath(path) else { return nil }
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return real }
        if !inside(real, scope) {
            problems.append("'\(path)' is a symbolic link to a folder outside the project root '\(scope.root.directory)'; "
                            + "scenec does not follow it (--allow-read DIR allows a folder outside)")
            return nil
        }
        if walking.contains(real) {
            problems.append("'\(path)' is a symbolic link to a folder it is in, a loop; scenec does not follow it")
            return nil
        }
        return real
    }

    package static func inside(_ real: String, _ scope: ReadScope) -> Bool {
        scope.root.contains(real) || scope.allowed.contains { $0.contains(real) }
    }

    /// The directories under `arguments` (themselves included) that a build looks for scenes
    /// in, for `build --watch` to notice new scenes: by the same rules as `find`, each once.
    package static func folders(_ arguments: [String], scope: ReadScope) -> [String] {
        var result: [String] = []
        var seen = Set<String>()
        var pending = arguments.map { $0.hasSuffix("/") && $0.count > 1 ? String($0.dropLast()) : $0 }
        while let dir = pending.popLast() {
            var info = stat()
            guard stat(dir, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
                  let real = ProjectRoot.realPath(dir), inside(real, scope), seen.insert(real).inserted else { continue }
            result.append(dir)
            for name in ((try? Files.names(in: dir)) ?? []).sorted() where !name.hasPrefix(".") {
                pending.append(dir + "/" + name)
            }
        }
        return result.sorted()
    }

    /// Output names two scenes would share: a file both would write, or a file one writes inside
    /// the frames directory of another (`a.frames/0001.scene.yaml` against `a`'s frames). One
    /// scene naming a folder twice is no collision: its frames in each format share `a.frames/`
    /// (`0000.png`, `0000.svg`).
    package static func collisions(_ scenes: [SceneEntry], outputs: (SceneEntry) -> [String]) -> [String] {
        var owner: [String: SceneEntry] = [:]
        var problems: [String] = []
        for scene in scenes {
            for name in outputs(scene) {
                if let other = owner[name], other != scene {
                    problems.append("'\(other.path)' and '\(scene.path)' would both write '\(name)'")
                } else {
                    owner[name] = scene
                }
            }
        }
        for scene in scenes {
            for name in outputs(scene) where !name.hasSuffix("/") {
                var prefix = name
                while let slash = prefix.dropLast().lastIndex(of: "/") {
                    prefix = String(prefix[...slash])
                    if let other = owner[prefix], other != scene {
                        problems.append("'\(scene.path)' would write '\(name)' inside '\(prefix)', the frames of '\(other.path)'")
                    }
                }
            }
        }
        return problems
    }
}
