import Foundation
import Glibc
import XCTest

/// A `scenec preview` server on 127.0.0.1 (a process, or one started in the test): its port and
/// token, which the requests below use.
public protocol PreviewEndpoint {
    var port: Int { get }
    var token: String { get }
}

/// A raw HTTP client over real sockets, for the preview's API and its guards.
extension PreviewEndpoint {
    /// GET `target` (path and query, sent as is) with the token unless told otherwise.
    public func get(_ target: String, withToken: Bool = true, host: String? = nil, headers: [String] = []) throws -> HTTPReply {
        var path = target
        if withToken { path += (target.contains("?") ? "&" : "?") + "token=\(token)" }
        return try request("GET \(path) HTTP/1.1", host: host, headers: headers)
    }

    /// Sends one raw request (a client that can lie about Host and keep `..` in paths, which
    /// URLSession will not) and reads the reply until the server closes.
    public func request(_ requestLine: String, host: String? = nil, headers: [String] = [], body: [UInt8] = []) throws
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
    public func readReply(_ fd: Int32) -> HTTPReply {
        var data: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = recv(fd, &chunk, chunk.count, 0)
            if n <= 0 { break }
            data += chunk[0..<n]
        }
        return HTTPReply(data)
    }

    public func connectSocket() throws -> Int32 {
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

    public func sendAll(_ fd: Int32, _ bytes: [UInt8]) {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            sent += n
        }
    }
}

/// The server did not start or answer: fails the test that throws it.
public struct PreviewFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// A reply read off the socket: status, headers, body.
public struct HTTPReply: Sendable {
    public var status = 0
    public var headers: [String: String] = [:]
    public var body: [UInt8] = []

    public init(_ data: [UInt8]) {
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

    public var text: String { String(decoding: body, as: UTF8.self) }

    public func json() throws -> [String: Any] {
        try XCTUnwrap(JSONSerialization.jsonObject(with: Data(body)) as? [String: Any], "not a JSON object: \(text)")
    }
}

/// SHA-256 in hex, by coreutils (where the server's own digest is what is under test).
public func sha256sum(_ data: Data) throws -> String? {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-sha-\(UUID().uuidString)")
    try data.write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try runProgram(URL(fileURLWithPath: "/usr/bin/sha256sum"), [file.path])
    return result.stdoutText.split(separator: " ").first.map(String.init)
}
