import Foundation
import Glibc
import XCTest

/// A running `scenec preview`, its standard error in a file (so a chatty server never blocks on
/// a full pipe), stopped with SIGTERM at the end of the test.
final class RunningPreview {
    let process = Process()
    let url: String
    let port: Int
    let token: String
    let errorLog: URL

    init(_ test: XCTestCase, scene: String, arguments: [String] = [], file: StaticString = #filePath,
         line: UInt = #line) throws {
        let dir = try temporaryDirectory(test)
        errorLog = dir.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.executableURL = scenecBinary()
        process.arguments = allowingTemporaryFolder(["preview", scene] + arguments)
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

    /// GET `target` (path and query, sent as is) with the token unless told otherwise.
    func get(_ target: String, withToken: Bool = true, host: String? = nil, headers: [String] = []) throws -> HTTPReply {
        var path = target
        if withToken { path += (target.contains("?") ? "&" : "?") + "token=\(token)" }
        return try request("GET \(path) HTTP/1.1", host: host, headers: headers)
    }

    /// Sends one raw request (a client that can lie about Host and keep `..` in paths, which
    /// URLSession will not) and reads the reply until the server closes.
    func request(_ requestLine: String, host: String? = nil, headers: [String] = [], body: [UInt8] = []) throws
        -> HTTPReply {
        let fd = try connectSocket()
        defer { close(fd) }
        var head = "\(requestLine)\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n"
        for h in headers { head += h + "\r\n" }
        if !body.isEmpty { head += "Content-Length: \(body.count)\r\n" }
        head += "\r\n"
        sendAll(fd, Array(head.utf8) + body)
        return readReply(fd)
    }

    /// Reads until the server closes the connection.
    func readReply(_ fd: Int32) -> HTTPReply {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            data += chunk[0..<n]
        }
        return HTTPReply(data)
    }

    func connectSocket() throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            throw PreviewFailure("cannot connect to port \(port)")
        }
        return fd
    }

    func sendAll(_ fd: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }

    /// Stops the server as Ctrl-C would; its exit status.
    func interrupt(_ signal: Int32 = SIGINT) -> Int32 {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// The server did not start or answer: fails the test that throws it.
struct PreviewFailure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// A reply read off the socket: status, headers, body.
struct HTTPReply {
    var status = 0
    var headers: [String: String] = [:]
    var body: [UInt8] = []

    init(_ data: [UInt8]) {
        let separator: [UInt8] = Array("\r\n\r\n".utf8)
        guard let split = data.firstRange(of: separator) else { return }
        let head = String(decoding: data[..<split.lowerBound], as: UTF8.self).components(separatedBy: "\r\n")
        status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        body = Array(data[split.upperBound...])
    }

    var text: String { String(decoding: body, as: UTF8.self) }

    func json() throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(body)) as? [String: Any], "not a JSON object: \(text)")
    }
}
