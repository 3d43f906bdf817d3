import ScenecBuild
import SceneSupport

/// ScenecBuild's events as scenec has always printed them: diagnostics through the reporter (in
/// its formats), the rest as lines on standard error. A build's reporter writes what it
/// collected (JSON, files) just before the summary line.
struct EventConsole: Sendable {
    let reporter: DiagnosticReporter
    /// Whether writing the reporter's files failed (the build then exits 3).
    let finishFailed = Locked(false)

    func show(_ event: BuildEvent) {
        switch event {
        case .diagnostics(let diagnostics, let file): reporter.report(diagnostics, in: file)
        case .fileError(let message, let path): reporter.error(message, path: path)
        case .waiting(let message): Console.line("scenec build: \(message)")
        case .ignoredEntry(let message): Console.line("scenec build: warning: \(message)")
        case .warning(let message): Console.line("scenec: warning: \(message)")
        case .stale(let output, let reason, removed: true): Console.line("scenec build: removed stale \(output) (\(reason))")
        case .stale(let output, let reason, removed: false): Console.line("scenec build: stale: \(output) (\(reason)); --prune removes it")
        case .summary(let line):
            do { try reporter.finish() } catch {
                Console.fail((error as? FileError)?.message ?? "\(error)")
                finishFailed.withLock { $0 = true }
            }
            Console.error(line + "\n")
        case .ninjaWritten(let path, let edges, let scenes):
            Console.line("scenec build: wrote \(path) with \(edges) edges for \(scenes) scenes")
        case .bazelWritten(let files, let scenes, let changed, let removed):
            Console.line("scenec build: wrote \(files) BUILD.bazel files for \(scenes) scenes (\(changed) changed, \(removed) removed)")
        case .error(let message): Console.fail(message)
        case .reviewed(let verdict, let path, let how): Console.line("scenec build: \(verdict.rawValue): \(path)\(how)")
        case .reviewDone(let baseline, let counts, let report):
            Console.line("scenec build: against \(baseline): \(counts); report: \(report)")
        }
    }
}
