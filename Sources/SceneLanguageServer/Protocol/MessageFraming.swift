import SceneCheck
/// LSP's base protocol: `Content-Length: N\r\n` (other headers allowed), a blank line, then N
/// bytes of JSON. The reader takes bytes as they arrive and hands back whole bodies; anything
/// that is not a header it can read — garbage, a missing or absurd length — is dropped up to
/// the next `Content-Length`, so one bad message never stops the ones after it.
struct MessageFramer {
    /// Larger bodies are refused: a scene is at most 16 MiB, and JSON escaping can double it.
    static let maxBody = 64 * 1024 * 1024
    /// A header block longer than this without its blank line is garbage.
    static let maxHeader = 8 * 1024

    private var buffer: [UInt8] = []
    private var start = 0
    /// The body length of the header already read, while its body is still arriving.
    private var pendingLength: Int?
    /// What was dropped, for the server's log.
    private(set) var problems: [String] = []

    mutating func append(_ bytes: ArraySlice<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            start = 0
        }
        buffer += bytes
    }

    mutating func takeProblems() -> [String] {
        defer { problems = [] }
        return problems
    }

    /// The next whole body, or nil until more bytes arrive.
    mutating func next() -> [UInt8]? {
        while true {
            if let length = pendingLength {
                guard buffer.count - start >= length else { return nil }
                let body = Array(buffer[start..<start + length])
                start += length
                pendingLength = nil
                return body
            }
            guard let end = find(Self.blankLine, from: start) else {
                if buffer.count - start > Self.maxHeader { resynchronise("a header longer than \(Self.maxHeader) bytes") }
                return nil
            }
            let header = String(decoding: buffer[start..<end], as: UTF8.self)
            switch Self.contentLength(header) {
            case .success(let length):
                start = end + Self.blankLine.count
                pendingLength = length
            case .failure(let reason):
                resynchronise(reason.reason)
            }
        }
    }

    private static let blankLine: [UInt8] = Array("\r\n\r\n".utf8)
    private static let lengthName: [UInt8] = Array("content-length".utf8)


    private static func contentLength(_ header: String) -> Result<Int, HeaderError> {
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else { return .failure(HeaderError("a header line without ':'")) }
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: " \t")
            if name == "content-length" {
                guard let n = Int(value), n >= 0 else { return .failure(HeaderError("Content-Length '\(value)' is not a length")) }
                guard n <= maxBody else { return .failure(HeaderError("Content-Length \(n) is over \(maxBody) bytes")) }
                length = n
            }
        }
        guard let length else { return .failure(HeaderError("a message without Content-Length")) }
        return .success(length)
    }

    /// Drops bytes up to the next `Content-Length` after the current start, or else all but
    /// the last few, which may begin one; always at least one byte, so garbage that ends
    /// where a read ended cannot be read again and again.
    private mutating func resynchronise(_ reason: String) {
        problems.append("dropped input: \(reason)")
        if let next = findLengthHeader(from: start + 1) {
            start = next
        } else {
            start = Swift.min(buffer.count, Swift.max(start + 1, buffer.count - (Self.lengthName.count - 1)))
        }
    }

    private func find(_ needle: [UInt8], from: Int) -> Int? {
        guard buffer.count - from >= needle.count else { return nil }
        var i = from
        while i <= buffer.count - needle.count {
            if buffer[i] == needle[0], Array(buffer[i..<i + needle.count]) == needle { return i }
            i += 1
        }
        return nil
    }

    private func findLengthHeader(from: Int) -> Int? {
        let n = Self.lengthName.count
        var i = from
        while i + n <= buffer.count {
            var match = true
            for j in 0..<n where buffer[i + j] | 0x20 != Self.lengthName[j] | 0x20 {
                match = false
                break
            }
            if match { return i }
            i += 1
        }
        return nil
    }
}

struct HeaderError: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String {
        var s = self[...]
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return String(s)
    }
}

/// A body framed for the wire.
func framed(_ json: String) -> [UInt8] {
    let body = Array(json.utf8)
    return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
}
