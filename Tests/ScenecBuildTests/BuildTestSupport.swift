import XCTest
import SceneFiles
import SceneSyntax
import ScenecBuild
import ScenecKit
import TestSupport
import SceneSupport

/// A build run in this process: its plan, the events it delivered, and what it did.
struct InProcessBuild {
    var outcome: Build.Outcome
    var events: [BuildEvent]

    var status: ExitStatus { outcome.status }

    /// The summary line (`N built, M up to date, K failed …`).
    var summary: String {
        events.compactMap { if case .summary(let line) = $0 { return line } else { return nil } }.last ?? ""
    }

    /// The diagnostics and file errors as the text reporter prints them.
    var diagnosticsText: String {
        events.map { event in
            switch event {
            case .diagnostics(let list, let file): return list.map { $0.rendered(in: file) }.joined()
            case .fileError(let message, _): return "scenec: error: \(message)\n"
            default: return ""
            }
        }.joined()
    }

    /// The problems told outside the diagnostics formats: file errors and errors (what the
    /// command line prints as `scenec: error: …`).
    var errors: [String] {
        events.compactMap { event in
            switch event {
            case .fileError(let message, _), .error(let message): return message
            default: return nil
            }
        }
    }

    /// Stale outputs listed (`removed: false`) or pruned (`removed: true`), with their reasons.
    func stale(removed: Bool) -> [String: String] {
        var found: [String: String] = [:]
        for case .stale(let output, let reason, let wasRemoved) in events where wasRemoved == removed { found[output] = reason }
        return found
    }
}

/// Collects a build's events, from whichever thread delivers them.
final class EventLog: Sendable {
    private let events = Locked<[BuildEvent]>([])
    func record(_ event: BuildEvent) { events.withLock { $0.append(event) } }
    var all: [BuildEvent] { events.withLock { $0 } }
}

/// A project in a fresh temporary folder (removed when the test ends): its scenes are read
/// inside it, as `--root` would make it.
struct Project {
    let root: URL

    init(_ test: XCTestCase) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-build-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let made = root
        test.addTeardownBlock { try? FileManager.default.removeItem(at: made) }
    }

    func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }
    func path(_ relative: String) -> String { url(relative).path }

    /// Writes `text` to `relative`, making its folders.
    func write(_ text: String, _ relative: String) throws {
        let url = url(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func remove(_ relative: String) throws { try FileManager.default.removeItem(at: url(relative)) }

    func exists(_ relative: String) -> Bool { FileManager.default.fileExists(atPath: path(relative)) }

    func data(_ relative: String) throws -> Data { try Data(contentsOf: url(relative)) }

    /// The scenes read inside this project, with the checker's defaults.
    func settings() throws -> SceneSettings {
        SceneSettings(scope: ReadScope(root: try XCTUnwrap(ProjectRoot(root.path), "the test folder is not a directory")))
    }

    /// A plan building the folder `scenes` of this project into `out`, as `scenec build scenes -o out` would.
    func plan(_ inputs: [String] = ["scenes"], out: String = "out", renderer: String = "test renderer") throws -> BuildPlan {
        var plan = BuildPlan(inputs: inputs.map(path), outDir: path(out), scene: try settings(), renderer: renderer,
                             scenecVersion: "test")
        plan.sourceDateEpoch = nil
        plan.jobs = 2
        return plan
    }

    /// Runs the build in this process.
    @discardableResult
    func build(_ plan: BuildPlan, file: StaticString = #filePath, line: UInt = #line) throws -> InProcessBuild {
        let log = EventLog()
        let outcome = try Build(plan, sink: log.record).run()
        return InProcessBuild(outcome: outcome, events: log.all)
    }

    /// Output files under `dir`, relative, without the build's own files (manifests, lock).
    func outputs(_ dir: String = "out") -> [String] {
        let base = url(dir)
        let enumerator = FileManager.default.enumerator(atPath: base.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: base.appendingPathComponent(path).path, isDirectory: &isDir),
               !isDir.boolValue, !(path.split(separator: "/").last ?? "").hasPrefix(".scenec-") {
                files.append(path)
            }
        }
        return files.sorted()
    }

    /// The modification times of the outputs under `dir`.
    func mtimes(_ dir: String = "out") throws -> [String: Date] {
        var result: [String: Date] = [:]
        for file in outputs(dir) {
            let attributes = try FileManager.default.attributesOfItem(atPath: url(dir).appendingPathComponent(file).path)
            result[file] = attributes[.modificationDate] as? Date
        }
        return result
    }
}

/// The built `scenec` binary, for Ninja's edges: $SCENEC_BIN, else .build/debug/scenec.
func scenecBinary() -> String {
    if let path = ProcessInfo.processInfo.environment["SCENEC_BIN"] { return path }
    return FileManager.default.currentDirectoryPath + "/.build/debug/scenec"
}

/// Runs `ninja -f build.ninja` in `dir` (TestSupport's runProgram): its exit status and output.
func ninja(_ dir: URL) throws -> (status: Int32, output: String) {
    let run = try runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["ninja", "-f", "build.ninja"], directory: dir, timeout: 120)
    return (run.status, run.stdoutText + run.stderr)
}

/// Runs ninja in `dir`, failing the test unless it succeeds; its output.
func runNinja(_ dir: URL, file: StaticString = #filePath, line: UInt = #line) throws -> String {
    let (status, text) = try ninja(dir)
    XCTAssertEqual(status, 0, text, file: file, line: line)
    return text
}

/// `--root DIR`, the project each Ninja edge reads from (as `scenec build` passes it on).
func projectArguments(_ project: Project) throws -> [String] {
    ["--root", try project.settings().scope.root.directory]
}
