import Foundation
import Synchronization
import XCTest

/// What a run of a program did.
public struct RunResult: Sendable {
    public var status: Int32
    public var stdout: Data
    public var stderr: String
    public var stdoutText: String { String(decoding: stdout, as: UTF8.self) }

    public init(status: Int32, stdout: Data, stderr: String) {
        (self.status, self.stdout, self.stderr) = (status, stdout, stderr)
    }
}

/// Runs `binary`, failing the test if it crashes or outlives `timeout` (a hang guard, far above
/// what the work takes, not a measurement). `environment` adds to the test's own.
@discardableResult
public func runProgram(_ binary: URL, _ arguments: [String], stdin: Data? = nil, environment: [String: String] = [:],
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
    // Read both pipes concurrently so a chatty process cannot block on a full pipe, and neither
    // on this thread, so the time limit holds for a process that never closes them.
    final class Box: Sendable { let data = Mutex(Data()) }
    let outBox = Box(), errBox = Box()
    let group = DispatchGroup()
    for (handle, box) in [(out.fileHandleForReading, outBox), (err.fileHandleForReading, errBox)] {
        group.enter()
        DispatchQueue.global().async {
            let data = handle.readDataToEndOfFile()
            box.data.withLock { $0 = data }
            group.leave()
        }
    }
    if group.wait(timeout: .now() + timeout) == .timedOut {
        process.terminate()
        XCTFail("\(binary.lastPathComponent) \(arguments.joined(separator: " ")) did not finish in \(timeout) s",
                file: file, line: line)
        if group.wait(timeout: .now() + 10) == .timedOut {
            kill(process.processIdentifier, SIGKILL)
            group.wait()
        }
    }
    process.waitUntilExit()
    let result = RunResult(status: process.terminationStatus, stdout: outBox.data.withLock { $0 },
                           stderr: String(decoding: errBox.data.withLock { $0 }, as: UTF8.self))
    XCTAssertEqual(process.terminationReason, .exit,
                   "\(binary.lastPathComponent) crashed (signal \(process.terminationStatus)): \(result.stderr)",
                   file: file, line: line)
    return result
}

/// Runs a program found on PATH (a reader that is not ours: pdfinfo, pngcheck, Python),
/// failing the test if it cannot run, exits non-zero or outlives `timeout`; its standard output
/// then its standard error.
@discardableResult
public func runTool(_ tool: String, _ arguments: [String], environment: [String: String] = [:],
                    timeout: TimeInterval = 300, file: StaticString = #filePath, line: UInt = #line) throws -> String {
    let result = try runProgram(URL(fileURLWithPath: "/usr/bin/env"), [tool] + arguments, environment: environment,
                                timeout: timeout, file: file, line: line)
    let text = result.stdoutText + result.stderr
    XCTAssertEqual(result.status, 0, "\(tool) failed: \(text)", file: file, line: line)
    return text
}

/// The .venv's Python, where `make test` installs Pillow, rlottie-python and check-jsonschema;
/// the test is skipped without it.
public func python() throws -> String {
    let path = repositoryRoot.appendingPathComponent(".venv/bin/python").path
    guard FileManager.default.isExecutableFile(atPath: path) else {
        throw XCTSkip("no \(path): run make test, which installs Pillow and rlottie-python into .venv")
    }
    return path
}
