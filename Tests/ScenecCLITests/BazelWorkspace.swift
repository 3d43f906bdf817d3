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

    /// `bazel COMMAND ARGS…` in the workspace; the result as a process's. Started with
    /// posix_spawn and waited for with waitpid, its output in files: the Bazel server the
    /// client starts keeps every descriptor the client had, and Foundation's Process learns of a
    /// child's end through one of them, so it would wait until the server quits.
    @discardableResult
    func run(_ command: String, _ arguments: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws -> RunResult {
        let startup = ["--output_user_root=" + outputRoot.path, "--nohome_rc", "--max_idle_secs=60"]
        let out = outputRoot.appendingPathComponent("stdout.txt"), err = outputRoot.appendingPathComponent("stderr.txt")
        try FileManager.default.createDirectory(at: outputRoot, withIntermediateDirectories: true)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, out.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, err.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // sh changes to the workspace (Bazel finds it from the working directory) and becomes bazel.
        let words = ["/bin/sh", "-c", #"cd "$0" && exec "$@""#, folder.path, Self.bazel.path] + startup + [command] + arguments
        let argv = words.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ) == 0 else {
            throw NSError(domain: "bazel", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot start bazel"])
        }
        // A hang guard far above what a build of the example takes, not a measurement.
        var status: Int32 = 0
        let deadline = Date().addingTimeInterval(300)
        while waitpid(pid, &status, WNOHANG) == 0 {
            if Date() > deadline {
                kill(pid, SIGKILL)
                waitpid(pid, &status, 0)
                XCTFail("bazel \(command) did not finish in 300 s", file: file, line: line)
                break
            }
            usleep(20_000)
        }
        let exited = status & 0x7f == 0
        return RunResult(status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), stdout: (try? Data(contentsOf: out)) ?? Data(),
                         stderr: String(decoding: (try? Data(contentsOf: err)) ?? Data(), as: UTF8.self))
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

    /// Stops the server and removes its folders (Bazel makes them read-only: made writable first).
    func stop() {
        _ = try? run("shutdown")
        _ = try? runProgram(URL(fileURLWithPath: "/bin/chmod"), ["-R", "u+w", outputRoot.path])
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
