import XCTest

/// A Language Server Protocol client for the tests: runs `scenec lsp` as an editor does, with
/// pipes for standard input and output, frames JSON-RPC messages with Content-Length, and
/// collects what the server sends on a reader thread.
final class LSPClient: @unchecked Sendable {
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
    private var nextID = 1
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

    func notify(_ method: String, _ params: [String: Any]) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Sends a request and waits for its response (the whole message: result or error).
    @discardableResult
    func request(_ method: String, _ params: [String: Any] = [:], timeout: TimeInterval = 20,
                 file: StaticString = #filePath, line: UInt = #line) throws -> [String: Any] {
        let id = nextID
        nextID += 1
        send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        return try XCTUnwrap(waitFor(timeout: timeout) { ($0["id"] as? Int) == id && $0["method"] == nil },
                             "no answer to \(method) in \(timeout) s", file: file, line: line)
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

    /// The diagnostics published for `uri` (for `version`, when given).
    func diagnostics(_ uri: String, version: Int? = nil, timeout: TimeInterval = 20) -> [[String: Any]]? {
        let message = waitFor(timeout: timeout) { m in
            guard m["method"] as? String == "textDocument/publishDiagnostics",
                  let params = m["params"] as? [String: Any], params["uri"] as? String == uri else { return false }
            return version == nil || params["version"] as? Int == version
        }
        return (message?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]
    }

    func initialize(capabilities: [String: Any] = [:]) throws -> [String: Any] {
        let response = try request("initialize", ["processId": NSNull(), "rootUri": NSNull(), "capabilities": capabilities])
        notify("initialized", [:])
        return response
    }

    func open(_ uri: String, text: String, version: Int = 1) {
        notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "yaml", "version": version, "text": text]])
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

    static func position(_ line: Int, _ character: Int) -> [String: Any] { ["line": line, "character": character] }
}
