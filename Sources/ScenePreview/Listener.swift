import Glibc

/// A listening TCP socket on the address asked for. scenec opens it itself (rather than letting
/// libmicrohttpd bind) so it binds exactly that address, IPv4 or IPv6, and can read back the
/// port the system chose for port 0.
struct Listener {
    let socket: Int32
    let port: Int

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(host: String, port: Int) throws {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var found: UnsafeMutablePointer<addrinfo>?
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let status = getaddrinfo(bare, String(port), &hints, &found)
        guard status == 0, let first = found else {
            throw Failure(description: "cannot use --host '\(host)': \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(first) }
        let fd = Glibc.socket(first.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "cannot open a socket: \(Self.reason())") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        guard bind(fd, first.pointee.ai_addr, first.pointee.ai_addrlen) == 0 else {
            let reason = Self.reason()
            close(fd)
            throw Failure(description: "cannot listen on \(host):\(port): \(reason)")
        }
        guard listen(fd, 64) == 0 else {
            let reason = Self.reason()
            close(fd)
            throw Failure(description: "cannot listen on \(host):\(port): \(reason)")
        }
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard named == 0 else {
            close(fd)
            throw Failure(description: "cannot read the socket's port: \(Self.reason())")
        }
        // sin_port and sin6_port sit at the same offset, in network byte order.
        let networkPort = withUnsafeBytes(of: &address) { $0.loadUnaligned(fromByteOffset: 2, as: UInt16.self) }
        socket = fd
        self.port = Int(UInt16(bigEndian: networkPort))
    }

    static func reason() -> String { String(cString: strerror(errno)) }
}
