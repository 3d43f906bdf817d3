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

/// What a run of scenec did.
struct RunResult {
    var status: Int32
    var stdout: Data
    var stderr: String
    var stdoutText: String { String(decoding: stdout, as: UTF8.self) }
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

/// Runs a program built here, failing the test if it crashes or outlives `timeout`.
@discardableResult
func runProgram(_ binary: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
         directory: URL? = nil, timeout: TimeInterval = 20,
         file: StaticString = #filePath, line: UInt = #line) throws -> RunResult {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    env["SWIFT_BACKTRACE"] = "enable=no"
    for (k, v) in environment { env[k] = v }
    process.environment = env
    let out = Pipe(), err = Pipe(), input = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = input
    try process.run()
    if let stdin { input.fileHandleForWriting.write(stdin) }
    try? input.fileHandleForWriting.close()
    // Read both pipes concurrently so a chatty process cannot block on a full pipe.
    final class Box: @unchecked Sendable { var data = Data() }
    let outBox = Box()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
        outBox.data = out.fileHandleForReading.readDataToEndOfFile()
        group.leave()
    }
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    if group.wait(timeout: .now() + timeout) == .timedOut {
        process.terminate()
        XCTFail("\(binary.lastPathComponent) \(arguments.joined(separator: " ")) did not finish in \(timeout) s",
                file: file, line: line)
    }
    process.waitUntilExit()
    let result = RunResult(status: process.terminationStatus, stdout: outBox.data,
                           stderr: String(decoding: errData, as: UTF8.self))
    XCTAssertEqual(process.terminationReason, .exit,
                   "\(binary.lastPathComponent) crashed (signal \(process.terminationStatus)): \(result.stderr)",
                   file: file, line: line)
    return result
}

/// Writes `text` to the file `name` in `dir`; its path.
func write(_ text: String, _ name: String, in dir: URL) throws -> String {
    let url = dir.appendingPathComponent(name)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url.path
}

/// A fresh temporary directory, removed when the test ends.
func temporaryDirectory(_ test: XCTestCase) throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    test.addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
}

/// The repository's root (for scenes/ and the test corpus).
let repositoryRoot: URL = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url
}()

/// The names of the files in a directory, sorted.
func fileNames(in dir: URL) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
}
