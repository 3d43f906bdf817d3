import Foundation
import Glibc
import XCTest

/// A running `scenec preview`, its standard error in a file (so a chatty server never blocks on
/// a full pipe), stopped with SIGTERM at the end of the test.
final class RunningPreview: PreviewEndpoint {
    let process = Process()
    let url: String
    let port: Int
    let token: String
    let errorLog: URL

    /// `directory`: the working directory (the test's own when nil).
    init(_ test: XCTestCase, scene: String, arguments: [String] = [], directory: URL? = nil, file: StaticString = #filePath,
         line: UInt = #line) throws {
        let dir = try temporaryDirectory(test)
        errorLog = dir.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.executableURL = scenecBinary()
        process.arguments = allowingTemporaryFolder(["preview", scene] + arguments)
        if let directory { process.currentDirectoryURL = directory }
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = env
        let out = Pipe()
        process.standardOutput = out
        process.standardError = try FileHandle(forWritingTo: errorLog)
        try process.run()
        // The first line on standard output is the page's address.
        var bytes = Data()
        while !bytes.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            bytes += chunk
        }
        url = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\n").first ?? ""
        let pattern = ##/^http://127\.0\.0\.1:(\d+)/#token=([0-9a-f]{32})$/##
        guard let match = url.wholeMatch(of: pattern), let port = Int(match.1) else {
            process.terminate()
            throw PreviewFailure("no URL on the first line: '\(url)'; stderr: \((try? String(contentsOf: errorLog, encoding: .utf8)) ?? "")")
        }
        self.port = port
        token = String(match.2)
        test.addTeardownBlock { [process] in
            if process.isRunning {
                process.terminate()
                process.waitUntilExit()
            }
        }
    }

    var stderr: String { (try? String(contentsOf: errorLog, encoding: .utf8)) ?? "" }

    /// Resident memory in KiB, from /proc.
    var residentKiB: Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.components(separatedBy: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// Stops the server as Ctrl-C would; its exit status.
    func interrupt(_ signal: Int32 = SIGINT) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }
}
