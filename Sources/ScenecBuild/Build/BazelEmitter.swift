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
