import SceneCodecs
import SceneSupport
import ScenecKit
import SceneFiles
import SceneModel
import SceneRender
import SceneSyntax
import ScenePreview

/// What building one scene did, handed back to the build in path order.
struct SceneResult: Sendable {
    enum Status: Equatable, Sendable {
        case built, upToDate
        case failed(ExitStatus)
    }

    /// Something to tell the user, in the order it happened.
    enum Report: Sendable {
        case diagnostics([Diagnostic], SourceFile)
        case error(String, path: String)
    }

    package var status: Status
    /// The scene's manifest entry after this build, stale outputs included.
    package var entry: BuildManifest.Entry
    package var reports: [Report] = []
    package var seconds: Double = 0
    /// Outputs written by this build (relative paths), those fetched from the remote cache included.
    package var written: [String] = []
    /// Outputs written with bytes from the remote cache rather than rendered.
    package var fetched: [String] = []
}

/// Builds one scene: skips it when every output it should have is on disk with the bytes the
/// manifest recorded under the same key, else checks it and renders the groups that are not.
struct SceneBuilder: Sendable {
    /// The build folder, opened once: outputs are written, read back and checked beneath it.
    package var outDir: Destination
    package var plan: BuildPlan
    package var keys: BuildKeys
    /// Where a format warning goes, from the thread that drew the file.
    package var sink: BuildSink
    /// `--remote-cache`: looked up before a group is rendered, given what was rendered.
    package var remote: RemoteCache?

    package init(outDir: Destination, plan: BuildPlan, keys: BuildKeys, sink: @escaping BuildSink) {
        self.outDir = outDir
        self.plan = plan
        self.keys = keys
        self.sink = sink
    }

    private var options: SceneSettings { plan.scene }
    private var warningsAreErrors: Bool { plan.warningsAreErrors }
    private var destination: BuildDestination { plan.destination }

    /// The groups of outputs a scene has.
    package func groups(hasTimeline: Bool) -> [OutputGroup] { plan.groups(hasTimeline: hasTimeline) }

    package func build(_ scene: SceneEntry, candidates: [BuildManifest.Entry]) -> SceneResult {
        let started = Progress.now()
        var result = build(scene, candidates: candidates, reports: [], deadline: options.deadline())
        result.seconds = Progress.now() - started
        return result
    }

    private func build(_ scene: SceneEntry, candidates: [BuildManifest.Entry], reports: [SceneResult.Report],
                       deadline: SceneDeadline) -> SceneResult {
        let bytes: [UInt8]
        switch options.read(scene.path) {
        case .bytes(let b): bytes = b
        case .problem(let d, let file):
            return failed(.sceneError, "the scene has errors", candidates, [.diagnostics([d], file)])
        case .unreadable(let message):
            return failed(.io, "the scene cannot be read", candidates, [.error(message, path: scene.path)])
        case .refused(let message):
            return failed(.sceneError, "the scene is not read", candidates, [.error(message, path: scene.path)])
        }
        let file = SourceFile(name: scene.path, bytes: bytes)

        // Up to date: a candidate made with this key whose every group is intact on disk. Its
        // key covers the files the scene imported then, as they are now: an edit to one of them
        // (or a new import, which edits the scene) makes a new key.
        for candidate in candidates
        where candidate.sceneKey == sceneKey(bytes, path: scene.path, imports: candidate.imports ?? [], hasTimeline: candidate.hasTimeline) {
            let sceneKey = candidate.sceneKey ?? ""
            let groups = self.groups(hasTimeline: candidate.hasTimeline)
            let valid = groups.compactMap { intact($0, in: candidate, sceneKey: sceneKey) }
            guard valid.count == groups.count else { continue }
            let warnings = candidate.warnings.map(\.diagnostic)
            var entry = candidate
            entry.outputs = valid.reduce(into: [:]) { $0.merge($1) { a, _ in a } }
            let reports: [SceneResult.Report] = warnings.isEmpty ? [] : [.diagnostics(warningsAsErrors(warnings), file)]
            if warningsAreErrors, !warnings.isEmpty {
                return failed(.sceneError, "the scene has warnings, and --werror", candidates, reports, keeping: entry)
            }
            return SceneResult(status: .upToDate, entry: withStale(entry, candidates), reports: reports)
        }

        let (checked, diagnostics) = options.frontend.compileAndLint(file)
        let reported = warningsAreErrors ? warningsAsErrors(diagnostics) : diagnostics
        let reports: [SceneResult.Report] = diagnostics.isEmpty ? [] : [.diagnostics(reported, file)]
        guard let checked else { return failed(.sceneError, "the scene has errors", candidates, reports) }
        let warnings = diagnostics.filter { $0.severity == .warning }
        let sceneKey = sceneKey(bytes, path: scene.path, imports: checked.importedFiles, hasTimeline: checked.timeline != nil)
        var entry = BuildManifest.Entry(sceneKey: sceneKey, hasTimeline: checked.timeline != nil,
                                        warnings: warnings.map(BuildManifest.StoredDiagnostic.init),
                                        imports: checked.importedFiles.isEmpty ? nil : checked.importedFiles)
        if warningsAreErrors, !warnings.isEmpty {
            entry.sceneKey = nil
            return failed(.sceneError, "the scene has warnings, and --werror", candidates, reports, keeping: entry)
        }
        return render(scene, file, checked, entry: entry, sceneKey: sceneKey, candidates: candidates, reports: reports,
                      deadline: deadline)
    }

    /// The scene key over the scene's bytes and those of its font files and the files it
    /// imports, as they are now; a file that cannot be read counts as empty (the check then
    /// reports it).
    private func sceneKey(_ bytes: [UInt8], path: String, imports: [String], hasTimeline: Bool) -> String {
        // The manifest's list of imports is untrusted: read as the checker would, or not at all.
        let read = SceneReading.importReader(limit: options.maxFileSize, scope: options.scope)
        let imported = imports.map { path in
            (path: path, bytes: (try? read(path).get()) ?? [])
        }
        return keys.scene(bytes: bytes, inputs: FontInputs.inputs(sceneBytes: bytes, scenePath: path, scope: options.scope) + imported,
                          hasTimeline: hasTimeline)
    }

    /// Renders the groups no candidate has intact; the others keep their files.
    private func render(_ scene: SceneEntry, _ file: SourceFile, _ checked: Scene, entry: BuildManifest.Entry, sceneKey: String,
                        candidates: [BuildManifest.Entry], reports: [SceneResult.Report], deadline: SceneDeadline) -> SceneResult {
        var entry = entry
        let movie = AnimatedScene(checked)
        var environment = Environment.render
        environment.deadline = deadline
        let renderer = Renderer(canvas: checked.canvas, environment: environment,
                                sourceDateEpoch: plan.sourceDateEpoch, fonts: movie.fonts,
                                pngCompression: keys.pngCompression)
        let fps = checked.timeline?.fps ?? 30
        let frameCount = checked.timeline?.frameCount(fps: fps) ?? 0
        var written: [String] = [], fetched: [String] = []
        var current = ""
        for group in groups(hasTimeline: checked.timeline != nil) {
            if let kept = candidates.lazy.filter({ $0.sceneKey == sceneKey }).compactMap({ intact(group, in: $0, sceneKey: sceneKey) }).first {
                entry.outputs.merge(kept) { a, _ in a }
                continue
            }
            let key = keys.output(sceneKey: sceneKey, group: group)
            do {
                current = group.claimedName(stem: scene.outputStem)
                let files: [(String, () throws -> [UInt8])]
                switch group.kind {
                case .still:
                    files = [(group.claimedName(stem: scene.outputStem), { try renderer.render(movie.views(at: checked.canvas.poster), as: group.format) })]
                case .flipbook:
                    files = [(group.claimedName(stem: scene.outputStem), {
                        try renderer.pdfBytes(pageCount: frameCount) { page in
                            try deadline.check(reached: .init(frame: (page, frameCount)))
                            return movie.views(at: Double(page) / fps)
                        }
                    })]
                case .frames:
                    // Runs of frames that draw the same are encoded once (see FrameRuns); the
                    // closures are called in frame order, one after another.
                    let runs = FrameRuns(0...Swift.max(0, frameCount - 1), deadline: deadline) { movie.views(at: Double($0) / fps) }
                    let maker = FrameRenderer(renderer, format: group.format)
                    var run: (frames: ClosedRange<Int>, bytes: [UInt8])?
                    files = (0..<frameCount).map { i in
                        (group.claimedName(stem: scene.outputStem) + "\(FramePattern.padded(i, width: 4)).\(group.format.rawValue)", {
                            try runs.check(i)
                            if let run, run.frames.contains(i) { return run.bytes }
                            guard let next = runs.next() else { throw runs.error ?? RenderError("frame \(i) is past the timeline") }
                            let bytes: [UInt8]
                            do { bytes = try maker.render(next.views) } catch let timeout as SceneTimeout {
                                throw timeout.inFrame(i, of: frameCount)
                            }
                            run = (next.frames, bytes)
                            return bytes
                        })
                    }
                case .animation:
                    let name = group.claimedName(stem: scene.outputStem)
                    files = [(name, {
                        // One thread: the build already draws --jobs scenes at once.
                        try AnimationWriter.encode(group.animation ?? .webp, for: outDir.path + "/" + name,
                                                   beside: try outputFile(name),
                                                   frames: 0...Swift.max(0, frameCount - 1), jobs: 1,
                                                   views: { movie.views(at: Double($0) / fps) }, renderer: renderer,
                                                   loops: checked.timeline?.loop ?? false, timing: FrameTiming(fps: fps),
                                                   progress: Progress(total: 0, quiet: true), root: options.scope.root) {
                            // A property of the file's format, not of a line of the scene (so not --werror's).
                            sink(.warning($0))
                        }
                    })]
                case .sheet:
                    files = [(group.claimedName(stem: scene.outputStem), { try sheet(file, at: checked.canvas.poster) })]
                case .imageset, .drawables:
                    files = destination.files(stem: scene.outputStem, looks: try BuildDestination.looks(of: checked, file: file, options: options),
                                              renderer: renderer)
                }
                // The files are made lazily: their names, which the cache's entry must list
                // exactly, are known before anything is drawn.
                if let remote, let outputs = try fetch(group, key: key, names: files.map(\.0), shownAs: current, from: remote) {
                    entry.outputs.merge(outputs) { _, new in new }
                    written += outputs.keys.sorted()
                    fetched += outputs.keys.sorted()
                    continue
                }
                var upload = remote?.uploads == true ? RemoteUpload() : nil
                for (relative, make) in files {
                    current = relative
                    let bytes = try make()
                    let output = try outputFile(relative)
                    try Files.converting { () throws(DestinationFailure) in try output.write(bytes) }
                    let sha256 = SHA256.hex(bytes)
                    entry.outputs[relative] = BuildManifest.Output(group: group.name, key: key, sha256: sha256, size: bytes.count)
                    written.append(relative)
                    if let remote { upload?.add(relative, bytes, sha256: sha256, to: remote) }
                }
                if let remote { upload?.finish(key, to: remote) }
            } catch let error as FileError {
                // The group was cut short: without its key the entry cannot pass for up to date
                // next time (the files written so far would look like a complete set of frames
                // or an image set without its Contents.json).
                entry.sceneKey = nil
                var result = SceneResult(status: .failed(.io), entry: withStale(entry, candidates),
                                         reports: reports + [.error(error.message, path: outDir.path + "/" + current)])
                result.written = written
                result.fetched = fetched
                return result
            } catch let timeout as SceneTimeout {
                return failed(.sceneError, "the scene took longer than --scene-timeout", candidates,
                              reports + [.diagnostics([timeout.diagnostic(in: checked)], file)])
            } catch {
                return failed(.sceneError, "the scene cannot be rendered", candidates,
                              reports + [.error("cannot render '\(scene.path)': \(error)", path: scene.path)])
            }
        }
        var result = SceneResult(status: .built, entry: withStale(entry, candidates), reports: reports)
        result.written = written
        result.fetched = fetched
        return result
    }

    /// The scene's preview sheet at its still's moment (`--time`, else `canvas.poster`), as
    /// `scenec preview --static` writes it.
    private func sheet(_ file: SourceFile, at time: Double) throws -> [UInt8] {
        let base = CompiledScene(file, frontend: options.frontend)
        switch StaticSheet.html(base, frontend: options.frontend, set: keys.overrides, variants: .empty, time: time) {
        case .success(let bytes): return bytes
        case .failure(let failure): throw SheetError(message: failure.message ?? failure.scene.renderedDiagnostics)
        }
    }

    struct SheetError: Error, CustomStringConvertible {
        package let message: String
        package var description: String { message }
    }

    /// The group's outputs in `candidate` when all of them were made with the group's current
    /// key and each file on disk still has the recorded bytes; nil otherwise.
    package func intact(_ group: OutputGroup, in candidate: BuildManifest.Entry, sceneKey: String) -> [String: BuildManifest.Output]? {
        let key = keys.output(sceneKey: sceneKey, group: group)
        var outputs = candidate.outputs.filter { $0.value.group == group.name && $0.value.key == key }
        guard !outputs.isEmpty else { return nil }
        if group.kind.isOneFile, outputs.count != 1 { return nil }
        if !group.kind.isOneFile,
           candidate.outputs.contains(where: { $0.value.group == group.name && $0.value.key != key && $0.value.stale == nil }) {
            return nil
        }
        for (path, record) in outputs {
            guard let name = RelativeName(path), let bytes = try? outDir.read(name, limit: record.size),
                  bytes.count == record.size, SHA256.hex(bytes) == record.sha256 else { return nil }
            outputs[path]?.stale = nil
        }
        return outputs
    }

    /// The entry with every other file the candidates recorded for this scene, still on disk,
    /// listed as stale with the reason it is no longer current.
    package func withStale(_ entry: BuildManifest.Entry, _ candidates: [BuildManifest.Entry], reason: String? = nil) -> BuildManifest.Entry {
        var entry = entry
        let wanted = Set(groups(hasTimeline: entry.hasTimeline).map(\.name))
        for candidate in candidates {
            for (path, record) in candidate.outputs
            where entry.outputs[path] == nil && RelativeName(path).map(outDir.exists) == true {
                var stale = record
                stale.stale = reason ?? (wanted.contains(record.group) ? "no longer produced" : Self.notAskedFor(record.group, animated: plan.animated))
                entry.outputs[path] = stale
            }
        }
        return entry
    }

    /// Why a group this build does not make at all is stale: which option no longer asks for it.
    /// Frames in a format dropped from `--formats` are the format's (the frames of the formats
    /// still asked for stay in the same folder).
    package static func notAskedFor(_ group: String, animated: BuildPlan.Animated) -> String {
        if group.hasPrefix("frames."), animated == .frames { return "format no longer requested" }
        if group.hasPrefix("frames") || group.hasPrefix("animation.") || group == "flipbook" { return "not asked for by --animated" }
        if group == OutputGroup(kind: .sheet, format: .svg).name { return "not asked for by --preview" }
        return "format no longer requested"
    }

    private func failed(_ status: ExitStatus, _ reason: String, _ candidates: [BuildManifest.Entry],
                        _ reports: [SceneResult.Report], keeping: BuildManifest.Entry? = nil) -> SceneResult {
        var entry = keeping ?? BuildManifest.Entry()
        entry.outputs = entry.outputs.mapValues { var o = $0; o.stale = reason; return o }
        return SceneResult(status: .failed(status), entry: withStale(entry, candidates, reason: reason), reports: reports)
    }

    /// An output's file beneath the folder, its folders made; a name that is not relative and
    /// normalised (which scene paths always are) is refused rather than written.
    func outputFile(_ relative: String) throws -> FileBeneath {
        guard let name = RelativeName(relative) else {
            throw FileError("cannot write '\(relative)' into '\(outDir.path)': \(RelativeName.problem(with: relative) ?? "")")
        }
        return try Files.converting { () throws(DestinationFailure) in try outDir.file(name) }
    }

    /// Under `--werror`, warnings are reported as errors, saying why.
    private func warningsAsErrors(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard warningsAreErrors else { return diagnostics }
        return diagnostics.map { d in
            guard d.severity == .warning else { return d }
            var error = d
            error.severity = .error
            error.notes.append("a warning, made an error by --werror")
            return error
        }
    }
}
