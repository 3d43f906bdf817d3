import Foundation
import XCTest

/// A Bazel workspace in a temporary folder, run with Debian's bazel-bootstrap (4.2.3) offline:
/// its own output root (so nothing is shared with another run), the user's rc file left out
/// (Debian's /etc/bazel/bazelrc names where Bazel is installed), a server that quits when idle, and each build's execution log read back (the actions that
/// ran, each with whether the remote cache answered it). Shut down by `stop()`.
final class BazelWorkspace {
    let folder: URL
    private let outputRoot: URL
    static let bazel = URL(fileURLWithPath: "/usr/bin/bazel")

    /// What one `bazel build` did: its summary line ("22 processes: 1 internal, 21 remote cache
    /// hit.") and the scene actions it ran, as their first output (`app/watch/face.png`).
    struct Build {
        var status: Int32
        var stderr: String
        var summary: String
        /// Every SceneRender / SceneFrames action Bazel had to run or fetch.
        var actions: [Action]

        struct Action: Equatable {
            var output: String
            var remoteCacheHit: Bool
        }

        var executed: [String] { actions.filter { !$0.remoteCacheHit }.map(\.output).sorted() }
        var fetched: [String] { actions.filter(\.remoteCacheHit).map(\.output).sorted() }
    }

    init(folder: URL, outputRoot: URL) {
        self.folder = folder
        self.outputRoot = outputRoot
    }

    /// The workspace, or the test skipped where Debian's bazel-bootstrap is not installed.
    static func skippingWithoutBazel() throws {
        guard FileManager.default.isExecutableFile(atPath: bazel.path) else {
            throw XCTSkip("Debian's bazel-bootstrap is not installed (make deps installs it)")
        }
    }

    /// `bazel COMMAND ARGS…` in the workspace; the result as a process's.
    @discardableResult
    func run(_ command: String, _ arguments: [String] = []) throws -> RunResult {
        let startup = ["--output_user_root=" + outputRoot.path, "--nohome_rc", "--max_idle_secs=60"]
        return try runProgram(Self.bazel, startup + [command] + arguments, directory: folder, timeout: 300)
    }

    /// `bazel build //...` with `flags`, its execution log read back.
    func build(_ flags: [String] = []) throws -> Build {
        let log = outputRoot.appendingPathComponent("execution-\(UUID().uuidString).json")
        let run = try run("build", ["//..."] + flags + ["--execution_log_json_file=" + log.path])
        let summary = run.stderr.split(separator: "\n").last { $0.contains(" processes") }.map(String.init) ?? ""
        let actions = try Self.sceneActions(in: (try? Data(contentsOf: log)) ?? Data())
        return Build(status: run.status, stderr: run.stderr, summary: summary, actions: actions)
    }

    /// An output of the last build, by its path in the workspace (`app/watch/face.png`).
    func output(_ path: String) -> URL {
        folder.appendingPathComponent("bazel-bin/" + path)
    }

    func stop() {
        _ = try? run("shutdown")
        try? FileManager.default.removeItem(at: outputRoot)
    }

    /// The scene actions in an execution log: Bazel 4.2 writes one JSON object per action, one
    /// after another (no array around them).
    static func sceneActions(in log: Data) throws -> [Build.Action] {
        try objects(in: log).compactMap { object -> Build.Action? in
            guard let mnemonic = object["mnemonic"] as? String, mnemonic.hasPrefix("Scene") else { return nil }
            let outputs = (object["listedOutputs"] as? [String]) ?? []
            guard let first = outputs.sorted().first, let bin = first.range(of: "/bin/") else { return nil }
            return .init(output: String(first[bin.upperBound...]), remoteCacheHit: object["remoteCacheHit"] as? Bool ?? false)
        }
    }

    /// The top-level JSON objects of concatenated JSON, split where their braces close.
    static func objects(in data: Data) throws -> [[String: Any]] {
        let bytes = [UInt8](data)
        var objects: [[String: Any]] = [], depth = 0, start = 0, inString = false, escaped = false
        for (i, byte) in bytes.enumerated() {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "{"):
                if depth == 0 { start = i }
                depth += 1
            case UInt8(ascii: "}"):
                depth -= 1
                if depth == 0, let object = try JSONSerialization.jsonObject(with: Data(bytes[start...i])) as? [String: Any] {
                    objects.append(object)
                }
            default: break
            }
        }
        return objects
    }
}
