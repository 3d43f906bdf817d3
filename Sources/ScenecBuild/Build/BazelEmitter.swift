import Glibc
import SceneFiles
import SceneModel
import ScenecKit
import SceneSupport
import SceneSyntax

/// `scenec build SCENES… --emit-bazel WORKSPACE_DIR`: instead of building, a BUILD.bazel in
/// each folder holding scenes, a target per scene whose `srcs` are the files it reads (found by
/// checking it), so a tree of thousands of scenes needs no hand-written targets (docs/bazel.md).
///
/// Everything is decided before anything is written: a scene that does not check, a name that
/// cannot be a label, a file outside the workspace or a hand-written BUILD file where one would
/// go stops the run with every such error reported and no file touched.
struct BazelEmitter {
    var plan: BuildPlan
    /// The workspace root as given.
    var workspace: String
    var sink: BuildSink

    /// One scene, checked: its folder and file name (relative to the workspace) and what it reads.
    struct Checked {
        var folder: String
        var file: String
        var inputs: [String]
        var hasTimeline: Bool
    }

    /// One scene read and checked: what it said, and the files it reads (nil when it failed).
    struct Reading: Sendable {
        var events: [BuildEvent]
        var inputs: [String]?
        var hasTimeline = false

        init(_ path: String, _ settings: SceneSettings, warningsAreErrors: Bool) {
            let said = Locked<[BuildEvent]>([])
            let sink: BuildSink = { event in said.withLock { $0.append(event) } }
            defer { events = said.withLock { $0 } }
            events = []
            guard case .success(let bytes) = settings.read(path, sink: sink) else { return }
            let file = SourceFile(name: path, bytes: bytes)
            let (compiled, diagnostics) = settings.frontend.compileAndLint(file)
            if !diagnostics.isEmpty { sink(.diagnostics(diagnostics, file)) }
            guard let compiled, !(warningsAreErrors && diagnostics.contains { $0.severity == .warning }) else { return }
            inputs = compiled.importedFiles + FontInputs.paths(sceneBytes: bytes, scenePath: path)
            hasTimeline = compiled.timeline != nil
        }
    }

    func emit(_ scenes: [SceneEntry]) throws -> ExitStatus {
        let root = try BazelWorkspace(workspace)
        var failed = false
        func refuse(_ message: String, _ path: String) {
            sink(.fileError(message, path: path))
            failed = true
        }
        // Every name checked: a label is code in the file it goes into. (The reporter escapes
        // the messages for the terminal.)
        func located(_ path: String, readBy scene: String?) -> String? {
            let what = scene.map { "'\(path)', which '\($0)' reads," } ?? "the scene '\(path)'"
            guard let relative = root.relative(path) else {
                refuse("--emit-bazel cannot name \(what) in a BUILD file: it is outside the Bazel workspace '\(workspace)'", scene ?? path)
                return nil
            }
            if let other = root.foreign(BazelWorkspace.split(relative).folder) {
                refuse("--emit-bazel cannot name \(what) in a BUILD file: it is under '\(other)', another Bazel repository "
                       + "or a folder .bazelignore lists", scene ?? path)
                return nil
            }
            if let bad = relative.split(separator: "/").first(where: { !Self.isLabelSafe($0) }) {
                refuse("--emit-bazel cannot name \(what) in a BUILD file: '\(bad)' has a character other than letters, "
                       + "digits and . _ + - (or starts with -); rename it", scene ?? path)
                return nil
            }
            return relative
        }

        // Checked on --jobs threads; what each says is told in path order, as a build tells it.
        let sorted = scenes.sorted { $0.path < $1.path }
        let results = Locked([Reading?](repeating: nil, count: sorted.count))
        let queue = WorkQueue(Array(sorted.indices)), settings = plan.scene, werror = plan.warningsAreErrors
        Parallel.threads(Swift.min(plan.jobs, Swift.max(1, sorted.count))) {
            while let i = queue.next() {
                let reading = Reading(sorted[i].path, settings, warningsAreErrors: werror)
                results.withLock { $0[i] = reading }
            }
        }
        var checked: [Checked] = [], sceneFolders: Set<String> = []
        for (scene, reading) in zip(sorted, results.withLock { $0 }) {
            // Another repository's scenes (or ones Bazel ignores) are its own BUILD files' business.
            if let relative = root.relative(scene.path), root.foreign(BazelWorkspace.split(relative).folder) != nil { continue }
            guard let relative = located(scene.path, readBy: nil) else { continue }
            sceneFolders.insert(BazelWorkspace.split(relative).folder)
            guard let reading else { continue }
            reading.events.forEach(sink)
            guard let read = reading.inputs else { failed = true; continue }
            let inputs = read.compactMap { located($0, readBy: scene.path) }
            guard inputs.count == read.count else { continue }
            let (folder, name) = BazelWorkspace.split(relative)
            checked.append(Checked(folder: folder, file: name, inputs: inputs, hasTimeline: reading.hasTimeline))
        }

        // The folders that get a file (a hand-written one there is refused with the scenes'
        // errors), and where each input's label points.
        let trees = plan.inputs.filter(Files.isDirectory).compactMap(root.relative)
        for folder in sceneFolders.sorted() {
            for name in ["BUILD", "BUILD.bazel"] where root.isHandWritten(folder, name) {
                let path = shown(folder, name)
                refuse("--emit-bazel does not replace '\(path)', a BUILD file it did not write, in a folder of scenes; "
                       + "move its targets to another folder or delete it", path)
            }
        }
        if failed { return .sceneError }
        let packages = BazelPackages(root: root, sceneFolders: sceneFolders, trees: trees,
                                     inputs: Set(checked.flatMap(\.inputs)))

        var files: [String: String] = [:]
        for (folder, scenesHere) in Dictionary(grouping: checked, by: \.folder) {
            var names: Set<String> = []
            let targets = scenesHere.sorted { $0.file < $1.file }.map { scene in
                let stem = String(scene.file.dropLast(".scene.yaml".count))
                let frames = scene.hasTimeline ? framesFormat : nil
                for name in [stem] + (frames == nil ? [] : [stem + "_frames"]) where !names.insert(name).inserted {
                    refuse("--emit-bazel would write two targets named '\(name)' in one BUILD file; rename a scene", root.path(folder, scene.file))
                }
                return BazelWriter.Target(name: stem, src: scene.file, srcs: packages.labels(scene.inputs, from: folder),
                                          formats: plan.formats.map(\.rawValue), scale: plan.scale.map(formatNumber),
                                          appearance: appearance, frames: frames)
            }
            let held = packages.packageOf.filter { $0.value == folder }.keys.map { BazelWorkspace.inside(folder, $0) }
            let exported = held + scenesHere.map(\.file) + root.stillExported(folder, sceneFolders: sceneFolders)
            files[folder] = BazelWriter.scenes(targets, exporting: Array(Set(exported)).sorted())
        }
        if failed { return .sceneError }
        // A package of exports keeps what another run's scenes name (a run over part of the
        // workspace sees only its own): the files it listed that are still there, and this run's.
        for (folder, exported) in packages.exports {
            files[folder] = BazelWriter.exports(Array(Set(exported + root.stillExported(folder, sceneFolders: sceneFolders))).sorted())
        }
        var stale: [String] = []
        for folder in root.generatedFiles(under: trees) where files[folder] == nil {
            let kept = root.exportsOnly(folder) ? root.stillExported(folder, sceneFolders: sceneFolders) : []
            if kept.isEmpty { stale.append(folder) } else { files[folder] = BazelWriter.exports(kept) }
        }

        // Decided before anything is written: a folder reached through a symbolic link would put
        // the file somewhere else than Bazel's package (or outside the workspace).
        for folder in files.keys.sorted() {
            if let link = root.linkOnTheWay(to: folder) {
                refuse("--emit-bazel does not write '\(shown(folder, "BUILD.bazel"))': '\(link)' on the way is a symbolic link, "
                       + "and scenec writes through none; name the folder it points to instead", shown(folder, "BUILD.bazel"))
            }
        }
        if failed { return .sceneError }

        // Written only when the bytes differ, so a rerun leaves every file (and its time) alone.
        var changed = 0
        for (folder, text) in files.sorted(by: { $0.key < $1.key }) {
            let path = root.path(folder, "BUILD.bazel")
            guard root.contents(path) != Array(text.utf8) else { continue }
            try Files.write(Array(text.utf8), to: path)
            changed += 1
        }
        for folder in stale where unlink(root.path(folder, "BUILD.bazel")) != 0 {
            throw FileError("cannot remove '\(root.path(folder, "BUILD.bazel"))': \(Files.reason())")
        }
        sink(.bazelWritten(files: files.count, scenes: checked.count, changed: changed, removed: stale.count))
        return .success
    }

    /// A file in the workspace named as the user would: under the workspace as given.
    func shown(_ folder: String, _ name: String) -> String {
        (workspace == "." ? "" : workspace + "/") + (folder.isEmpty ? name : folder + "/" + name)
    }

    /// `--appearance` as the targets pass it on; the default (light) is not written.
    var appearance: String? {
        let appearance = plan.scene.frontend.options.appearance
        return appearance == .light ? nil : appearance.rawValue
    }

    /// `scene_frames`'s format for `--animated`: nil for stills only.
    var framesFormat: String? {
        switch plan.animated {
        case .still, .mp4, .webm: nil
        case .frames: plan.formats.first?.rawValue ?? "png"
        case .flipbook, .webp, .apng, .gif: plan.animated.rawValue
        }
    }

    /// Whether a path component can stand in a Bazel label as it is: letters, digits and `. _ + -`
    /// (a conservative subset of what labels allow), and not `.` or `..`.
    static func isLabelSafe(_ name: Substring) -> Bool {
        // Not a leading `-` either: the rules pass the path to scenec, which would read it as an option.
        !name.isEmpty && name != "." && name != ".." && !name.hasPrefix("-") && name.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "._+-".unicodeScalars.contains($0)
        }
    }
}

/// The Bazel package of every input: its own folder's when it has a BUILD file, else the nearest
/// generated one above (a scene folder, or a package of exports); an input with none, or whose
/// nearest package above is hand-written, gets a generated `exports_files` package in its own folder.
struct BazelPackages {
    /// The package folder of each input (workspace-relative).
    var packageOf: [String: String] = [:]
    /// The generated packages that are not scene folders, with the files other packages name.
    var exports: [String: [String]] = [:]

    init(root: BazelWorkspace, sceneFolders: Set<String>, trees: [String], inputs: Set<String>) {
        // A generated file under the scene trees stays only if this run writes it again.
        func isPackage(_ folder: String) -> Bool {
            sceneFolders.contains(folder) || root.exists(folder, "BUILD") || root.isHandWritten(folder, "BUILD.bazel")
                || (root.exists(folder, "BUILD.bazel") && !trees.contains { BazelWorkspace.isWithin(folder, $0) })
                || (root.exportsOnly(folder) && !root.stillExported(folder, sceneFolders: sceneFolders).isEmpty)
        }
        // An input is labelled into its own folder's package or a generated one above (which this
        // run writes, exporting it); a hand-written package above cannot name a file it does not
        // export (Bazel 4.2), so the input's own folder gets a generated package instead.
        func nearest(_ start: String, or own: Set<String>) -> String? {
            var folder = start
            while true {
                if own.contains(folder) { return folder }
                if isPackage(folder) {
                    return folder == start || sceneFolders.contains(folder) || root.isGenerated(folder) ? folder : nil
                }
                if folder.isEmpty { return nil }
                folder = BazelWorkspace.split(folder).folder
            }
        }
        let orphans = Set(inputs.filter { nearest(BazelWorkspace.split($0).folder, or: []) == nil }.map { BazelWorkspace.split($0).folder })
        for input in inputs {
            let package = nearest(BazelWorkspace.split(input).folder, or: orphans) ?? ""
            packageOf[input] = package
            if !sceneFolders.contains(package), root.isGenerated(package) || orphans.contains(package) {
                exports[package, default: []].append(BazelWorkspace.inside(package, input))
            }
        }
        for key in exports.keys { exports[key]?.sort() }
    }

    /// Each input's label from a target in `folder`: `sub/a.yaml` in its own package, else
    /// `//pkg:a.yaml`; the first before the second, each sorted by package then name (as
    /// buildifier sorts them: `//themes:a` before `//themes/dark:b`).
    func labels(_ inputs: [String], from folder: String) -> [String] {
        var local: Set<String> = [], other: Set<[String]> = []
        for input in inputs {
            let package = packageOf[input] ?? ""
            if package == folder { local.insert(BazelWorkspace.inside(package, input)) }
            else { other.insert([package, BazelWorkspace.inside(package, input)]) }
        }
        return local.sorted() + other.sorted { $0.lexicographicallyPrecedes($1) }.map { "//\($0[0]):\($0[1])" }
    }
}

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
        if let inside = Self.strip(absolute, root) { return inside }
        // Named through a link to the workspace: its folder resolved, the name kept.
        let (folder, name) = Self.split(absolute)
        guard let real = ProjectRoot.realPath(folder.isEmpty ? "/" : folder) else { return nil }
        return Self.strip(Self.normalised(real + "/" + name, from: "/"), resolved)
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

    static func strip(_ path: String, _ root: String) -> String? {
        if path == root { return "" }
        let prefix = root == "/" ? "/" : root + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    /// Absolute (against the working directory), with `.`, `..` and doubled slashes taken out by name.
    static func normalised(_ path: String, from workingDirectory: String) -> String {
        let absolute = path.hasPrefix("/") ? path : workingDirectory + "/" + path
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") where part != "." {
            if part == ".." { _ = parts.popLast() } else { parts.append(part) }
        }
        return "/" + parts.joined(separator: "/")
    }
}
