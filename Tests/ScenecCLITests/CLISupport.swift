// The helpers every test target shares (temporary folders, runProgram, pixels) for every file
// here, including the build tests that do not import it themselves.
@_exported import TestSupport
import ScenecBuild
import XCTest

/// The built `scenec` binary: $SCENEC_BIN, else beside the test bundle (.build/debug).
func scenecBinary() -> URL {
    if let path = ProcessInfo.processInfo.environment["SCENEC_BIN"] {
        return URL(fileURLWithPath: path)
    }
    var dir = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    // On Linux the test runner is .build/debug/scenecPackageTests.xctest, beside the binary.
    if !FileManager.default.fileExists(atPath: dir.appendingPathComponent("scenec").path) {
        dir = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(".build/debug")
    }
    return dir.appendingPathComponent("scenec")
}

/// `scenec --version`'s lines as name → value.
func versionFields(of binary: URL) throws -> [String: String] {
    let run = try runProgram(binary, ["--version"])
    XCTAssertEqual(run.status, 0, run.stderr)
    var fields: [String: String] = [:]
    for line in run.stdoutText.split(separator: "\n") {
        guard let space = line.firstIndex(of: " ") else { continue }
        fields[String(line[..<space])] = String(line[line.index(after: space)...])
    }
    return fields
}

/// A scenec executable's bytes as a build with uncommitted changes has them: the commit in its
/// stamp marked `-dirty`, so that its bytes name its renderer (docs/ci.md#what-names-the-renderer).
/// A stamp already `-dirty` or `unknown` is left as it is.
func markedDirty(_ executable: [UInt8]) throws -> [UInt8] {
    let prefix = Array("scenec-build-commit:".utf8), mark = Array("-dirty".utf8)
    let stamp = try XCTUnwrap(ExecutableDigest.occurrences(of: prefix, in: executable).first, "no commit stamp")
    let commit = executable[stamp.upperBound...].prefix { $0 != UInt8(ascii: " ") }
    guard commit.count == 40 || commit.count == 64, commit.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
    else { return executable }
    var bytes = executable
    bytes.replaceSubrange(commit.endIndex..<commit.endIndex + mark.count, with: mark)
    return bytes
}

/// Runs scenec as a process, as a user or CI would, with a time limit that fails the test.
@discardableResult
func scenec(_ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
            directory: URL? = nil, timeout: TimeInterval = 20,
            file: StaticString = #filePath, line: UInt = #line) throws -> RunResult {
    try runProgram(scenecBinary(), directory == nil ? allowingTemporaryFolder(arguments) : arguments, stdin: stdin,
                   environment: environment, directory: directory, timeout: timeout, file: file, line: line)
}

/// Most tests keep their scenes in the system's temporary folder and run scenec here, in the
/// package, whose git repository is then the project root scenec reads inside: such a run
/// names the temporary folder with the documented opt-out for folders outside the project,
/// `--allow-read`, as a user names a shared theme folder. The rule itself is not relaxed: the
/// root stays the package, and ReadContainmentTests run scenec in a project of its own without
/// the option, to show what it refuses.
func allowingTemporaryFolder(_ arguments: [String]) -> [String] {
    let reading: Set = ["check", "render", "frames", "inspect", "build", "edit", "export", "preview", "lsp"]
    guard let command = arguments.first, reading.contains(command) else { return arguments }
    return [command, "--allow-read", FileManager.default.temporaryDirectory.path] + arguments.dropFirst()
}

/// The lines of a run's standard error that are warnings, in order (the remote-cache tests count
/// them: a failing cache must cost exactly one).
func warningLines(_ stderr: String) -> [Substring] {
    stderr.split(separator: "\n").filter { $0.contains("warning") }
}
