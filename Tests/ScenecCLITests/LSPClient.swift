import XCTest

/// A Language Server Protocol client for the tests: runs `scenec lsp` as an editor does, with
/// pipes for standard input and output, frames JSON-RPC messages with Content-Length, and
/// collects what the server sends on a reader thread.
final class LSPClient: LanguageServerSession, @unchecked Sendable {
    let process = Process()
    private let input = Pipe(), output = Pipe()
    /// Standard error goes to a file, read when asked (a pipe would need another reader thread).
    private let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-lsp-\(UUID().uuidString).err")
    /// What the reader thread fills; the thread holds only this, so a client a failed test
    /// drops is deinitialised and its server ended.
    private final class Inbox: @unchecked Sendable {
        let lock = NSCondition()
        var messages: [[String: Any]] = []
    }
    private let inbox = Inbox()
    var nextID = 1
    var stderrText: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    init(arguments: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws {
        process.executableURL = scenecBinary()
        process.arguments = allowingTemporaryFolder(["lsp"] + arguments)
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = env
        process.standardInput = input
        process.standardOutput = output
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let out = output.fileHandleForReading, inbox = inbox
        Thread.detachNewThread { LSPClient.readMessages(out, into: inbox) }
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: errorFile)
    }

    private static func readMessages(_ handle: FileHandle, into inbox: Inbox) {
        var buffer = Data()
        while true {
            // read(2) itself, retried on EINTR (FileHandle.availableData traps on it).
            var bytes = [UInt8](repeating: 0, count: 65536)
            let n = read(handle.fileDescriptor, &bytes, bytes.count)
            if n < 0, errno == EINTR { continue }
            if n <= 0 { return }
            buffer.append(contentsOf: bytes[0..<n])
            while let headerEnd = buffer.range(of: Data("\r\n\r\n".utf8)) {
                let header = String(decoding: buffer[buffer.startIndex..<headerEnd.lowerBound], as: UTF8.self)
                guard let lengthLine = header.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("content-length:") }),
                      let length = Int(lengthLine.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) else { return }
                let bodyStart = headerEnd.upperBound
                guard buffer.count - (bodyStart - buffer.startIndex) >= length else { break }
                let body = buffer[bodyStart..<bodyStart + length]
                buffer = Data(buffer[(bodyStart + length)...])
                if let message = try? JSONSerialization.jsonObject(with: body) as? [String: Any] {
                    inbox.lock.lock()
                    inbox.messages.append(message)
                    inbox.lock.broadcast()
                    inbox.lock.unlock()
                }
            }
        }
    }

    /// Writes raw bytes to the server (for framing tests).
    func writeRaw(_ data: Data) {
        input.fileHandleForWriting.write(data)
    }

    func send(_ message: [String: Any]) {
        let body = try! JSONSerialization.data(withJSONObject: message)
        writeRaw(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// The first message received (and not yet taken) that `match` accepts, removed from the queue.
    func waitFor(timeout: TimeInterval = 20, _ match: ([String: Any]) -> Bool) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(timeout)
        inbox.lock.lock()
        defer { inbox.lock.unlock() }
        while true {
            if let i = inbox.messages.firstIndex(where: match) { return inbox.messages.remove(at: i) }
            guard inbox.lock.wait(until: deadline) else { return nil }
        }
    }

    /// Ends the session as an editor does; the exit status.
    func shutdown(file: StaticString = #filePath, line: UInt = #line) throws -> Int32 {
        try request("shutdown", file: file, line: line)
        notify("exit", [:])
        return waitForExit()
    }

    func waitForExit(timeout: TimeInterval = 20) -> Int32 {
        try? input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        if process.isRunning {
            process.terminate()
            XCTFail("scenec lsp did not exit")
        }
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit, "scenec lsp crashed: \(stderrText)")
        return process.terminationStatus
    }
}
