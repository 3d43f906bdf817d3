import Glibc
import ScenecKit
import SceneFiles
import SceneSyntax
import SceneSupport

/// One `scenec build` into a folder: locks it, builds the scenes of this shard on `--jobs`
/// threads, reports each scene's diagnostics in path order as soon as the scenes before it are
/// done, journals each finished scene, then writes the manifest and the reports.
struct BuildRun {
    var plan: BuildPlan
    var sink: BuildSink
    /// Every scene found (all shards): a scene missing from here was removed.
    var all: [SceneEntry]

    func run() throws -> Build.Outcome {
        let started = Progress.now()
        // The folder is opened once; every write, rename and deletion below is beneath it.
        let destination = try Files.destination(plan.outDir, creating: true)
        // `--no-manifest`: a build system that owns the folder (Bazel) runs one action in it at
        // a time and wants nothing but the outputs there — no lock, no manifest, no journal.
        let lock = plan.writesManifest ? try OutputLock(destination) { sink(.waiting($0)) } : nil
        defer { withExtendedLifetime(lock) {} }
        // Holding the lock, no other build writes here: what a killed one left is removed.
        OrphanedTemporaries.remove(in: destination)
        if case .assetCatalog = plan.destination { try AssetCatalog.writeRootContents(in: destination) }
        let store = plan.writesManifest ? ManifestStore(destination, shard: plan.shard) { sink(.ignoredEntry($0)) } : nil
        let candidates = store?.candidates ?? [:]
        let mine = all.filter { plan.shard?.contains($0.relativePath) ?? true }
        var building = SceneBuilder(
            outDir: destination, plan: plan,
            keys: BuildKeys(renderer: plan.renderer, overrides: plan.overrides,
                            appearance: plan.scene.frontend.options.appearance, scale: plan.scale,
                            pngCompression: plan.pngCompression, sourceDateEpoch: plan.sourceDateEpoch,
                            assetScales: plan.destination.scales,
                            ffmpeg: plan.animated.animation?.needsFFmpeg == true ? FFmpegPipe.identity(outside: plan.scene.scope.root) : nil,
                            time: plan.time),
            sink: sink)
        building.remote = plan.remoteCache.map { RemoteCache($0, sink: sink) }
        let builder = building
        // Before anything is built: a review against a published manifest that cannot be had
        // stops here rather than after a long build.
        var review = plan.review
        if let name = review?.publishedName {
            guard let remote = builder.remote else { throw FileError("--baseline-manifest cache:\(name) reads the remote cache: give --remote-cache URL") }
            review?.manifestBytes = try PublishedManifest.fetch(name, from: remote, limit: BaselineReview.maxManifestSize).get()
        }

        let results = Locked([SceneResult?](repeating: nil, count: mine.count))
        let inOrder = InOrder<[SceneResult.Report]>()
        let keepGoing = plan.keepGoing
        let queue = WorkQueue(Array(mine.indices))
        Parallel.threads(Swift.min(plan.jobs, Swift.max(1, mine.count))) {
            while let index = queue.next() {
                let scene = mine[index]
                let result = builder.build(scene, candidates: candidates[scene.relativePath] ?? [])
                store?.journal(scene.relativePath, result.entry)
                results.withLock { $0[index] = result }
                inOrder.done(index, result.reports) { _, reports in emit(reports) }
                if case .failed = result.status, !keepGoing { queue.stop() }
            }
        }
        for finished in inOrder.leftBehind() { emit(finished.item) }

        var manifest = BuildManifest()
        var report = BuildReport(outDir: plan.outDir, scenecVersion: plan.scenecVersion)
        var status = ExitStatus.success
        for (index, scene) in mine.enumerated() {
            guard let result = results.withLock({ $0[index] }) else {
                // Not started (an earlier scene failed without --keep-going): keeps what it had.
                if let old = candidates[scene.relativePath]?.first { manifest.scenes[scene.relativePath] = old }
                report.scenes.append(reportScene(scene.path, scene.relativePath, "not-started", entry: nil, result: nil))
                continue
            }
            manifest.scenes[scene.relativePath] = result.entry
            let word: String
            switch result.status {
            case .built: word = "built"
            case .upToDate: word = "up-to-date"
            case .failed(let s):
                word = "failed"
                if status != .io { status = s }
            }
            report.scenes.append(reportScene(scene.path, scene.relativePath, word, entry: result.entry, result: result))
        }
        // Scenes of this shard that no longer exist: their outputs are stale.
        let present = Set(all.map(\.relativePath))
        for (relative, known) in candidates.sorted(by: { $0.key < $1.key })
        where !present.contains(relative) && (plan.shard?.contains(relative) ?? true) {
            let entry = builder.withStale(BuildManifest.Entry(), known, reason: "the scene was removed")
            guard !entry.outputs.isEmpty else { continue }
            manifest.scenes[relative] = entry
            report.scenes.append(reportScene(relative, relative, "stale", entry: entry, result: nil))
        }

        let stale = reportStale(&manifest, prune: plan.prune, in: destination)
        do {
            try store?.save(manifest, removingOthers: plan.shard == nil && results.withLock { $0.allSatisfy { $0 != nil } })
        } catch let error as FileError {
            sink(.fileError(error.message, path: plan.outDir + "/" + BuildManifest.fileName(shard: plan.shard)))
            status = .io
        }
        if let depfile = plan.depfile {
            BuildDepfile(plan: plan, sink: sink).write(depfile, manifest: manifest, scenes: mine, status: &status)
        }
        let published = publish(manifest, status: status, complete: results.withLock { $0.allSatisfy { $0 != nil } }, remote: builder.remote)
        report.seconds = Progress.now() - started
        if let path = plan.reportPath { writeReport(Array(report.json.prettyPrinted.utf8) + [10], to: path, &status) }
        if let path = plan.junitPath { writeReport(Array(report.junit.utf8), to: path, &status) }
        sink(.summary(summary(report, stale: stale, seconds: report.seconds) + published))
        if var review {
            // A baseline manifest's changed outputs are compared by their pixels when the remote
            // cache has the baseline's bytes (main's build uploaded them); BaselineReview checks
            // each blob against the manifest's digest, so the cache need not be trusted.
            if review.blobs == nil, let remote = builder.remote {
                review.blobs = BlobClosure { remote.blob(sha256: $0) }
            }
            let reviewed = BaselineReview(options: review, output: destination, jobs: plan.jobs,
                                          maxPixels: plan.scene.frontend.options.maxPixels, root: plan.scene.scope.root,
                                          sink: sink).run(manifest: manifest)
            if reviewed == .io || status == .success { status = reviewed }
        }
        var outcome = Build.Outcome(kind: .built, status: status)
        outcome.report = report
        outcome.manifest = manifest
        outcome.staleOutputs = stale
        return outcome
    }

    /// `--publish-manifest NAME`: the manifest just saved, stored in the remote cache when the
    /// build succeeded and every scene was built (a failed build is no baseline); what the
    /// summary line adds.
    private func publish(_ manifest: BuildManifest, status: ExitStatus, complete: Bool, remote: RemoteCache?) -> String {
        guard let name = plan.publishManifest, let remote else { return "" }
        guard status == .success, complete else { return "; the manifest is not published as '\(name)' (the build failed)" }
        guard PublishedManifest.publish(manifest.encoded(), as: name, to: remote) else {
            return "; the manifest is not published as '\(name)' (the remote cache cannot be used)"
        }
        return "; the manifest published as '\(name)'"
    }

    private func emit(_ reports: [SceneResult.Report]) {
        for item in reports {
            switch item {
            case .diagnostics(let diagnostics, let file): sink(.diagnostics(diagnostics, file))
            case .error(let message, let path): sink(.fileError(message, path: path))
            }
        }
    }

    /// Lists stale outputs on standard error, or removes them with `--prune` (beneath the
    /// folder, never through a link); returns how many remain listed.
    private func reportStale(_ manifest: inout BuildManifest, prune: Bool, in destination: Destination) -> Int {
        var remaining = 0
        for (scene, entry) in manifest.scenes.sorted(by: { $0.key < $1.key }) {
            for (path, record) in entry.outputs.sorted(by: { $0.key < $1.key }) {
                guard let why = record.stale else { continue }
                if prune {
                    if let name = RelativeName(path) { destination.remove(name) }
                    manifest.scenes[scene]?.outputs[path] = nil
                    sink(.stale(output: "\(plan.outDir)/\(path)", reason: why, removed: true))
                } else {
                    remaining += 1
                    sink(.stale(output: "\(plan.outDir)/\(path)", reason: why, removed: false))
                }
            }
            if manifest.scenes[scene]?.outputs.isEmpty == true, manifest.scenes[scene]?.sceneKey == nil {
                manifest.scenes[scene] = nil
            }
        }
        return remaining
    }

    private func reportScene(_ path: String, _ relative: String, _ status: String, entry: BuildManifest.Entry?,
                             result: SceneResult?) -> BuildReport.Scene {
        var diagnostics: [JSONDiagnostic] = []
        var text = ""
        for item in result?.reports ?? [] {
            switch item {
            case .diagnostics(let list, let file):
                diagnostics += list.map { JSONDiagnostic($0, file: file.name) }
                text += list.map { $0.rendered(in: file) }.joined()
            case .error(let message, let path):
                diagnostics.append(JSONDiagnostic(path: path, message: message))
                text += "scenec: error: \(message.escaped(.text))\n"
            }
        }
        let outputs = (entry?.outputs ?? [:]).map { (path: $0.key, record: $0.value) }
        var scene = BuildReport.Scene(path: path, relativePath: relative, status: status, seconds: result?.seconds ?? 0,
                                      outputs: outputs, diagnostics: diagnostics, text: text)
        scene.rendered = (result?.written.count ?? 0) - (result?.fetched.count ?? 0)
        scene.fetched = result?.fetched.count ?? 0
        return scene
    }

    private func writeReport(_ bytes: [UInt8], to path: String, _ status: inout ExitStatus) {
        do { try Files.write(bytes, to: path) } catch {
            sink(.fileError((error as? FileError)?.message ?? "\(error)", path: path))
            status = .io
        }
    }

    private func summary(_ report: BuildReport, stale: Int, seconds: Double) -> String {
        let warnings = report.scenes.flatMap(\.diagnostics).filter { $0.severity == "warning" }.count
        let removed = report.count("stale")
        var text = "scenec build: \(report.count("built")) built, \(report.count("up-to-date")) up to date, \(report.count("failed")) failed"
        if report.count("not-started") > 0 { text += ", \(report.count("not-started")) not started" }
        if warnings > 0 || plan.warningsAreErrors { text += ", \(warnings) warning\(warnings == 1 ? "" : "s")" }
        if removed > 0 { text += ", \(removed) removed scene\(removed == 1 ? "" : "s")" }
        if plan.remoteCache != nil {
            text += "; outputs: \(report.outputs(\.rendered)) rendered, \(report.outputs(\.fetched)) fetched from the remote cache"
        }
        if stale > 0 { text += ", \(stale) stale output\(stale == 1 ? "" : "s")" }
        return text + " (\(Self.formatSeconds(seconds)) s)"
    }

    /// Seconds with two decimals, as the summary line shows them.
    static func formatSeconds(_ s: Double) -> String {
        let hundredths = Int((s * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
