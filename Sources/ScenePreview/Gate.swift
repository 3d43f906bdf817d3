import Glibc

/// The checks every request passes before any route sees it (the lessons of webpack-dev-server's
/// DNS rebinding, CVE-2018-14732, and of Jupyter's token):
///
/// - the `Host` header must name this server by a loopback name (or the `--host` given) with
///   its port, so a page on another site that rebinds its name to 127.0.0.1 is refused;
/// - a request for the API must carry the token, in the `X-Scenec-Token` header (the page) or
///   the `token` query parameter (scripts, and the page's event stream, which cannot send
///   headers) — never in a cookie: cookies are not kept apart by port, so every other server
///   on 127.0.0.1 would receive it. The page's own files hold no secret and need no token;
/// - a request that changes something (`POST /api/write`) must come from the page itself: an
///   `Origin`, when sent, must be this server's own, and `Sec-Fetch-Site: cross-site` is refused,
///   so a page elsewhere that learnt the token still cannot write (browsers send both on a
///   cross-site POST, and neither can be forged by a page).
struct Gate: Sendable {
    let token: String
    let port: Int
    /// Lower-cased `Host` values accepted.
    let allowedHosts: Set<String>

    init(token: String, port: Int, extraHost: String?) {
        self.token = token
        self.port = port
        var names = ["127.0.0.1", "localhost", "[::1]"]
        if let extra = extraHost?.lowercased(), !Self.isWildcard(extra) {
            names.append(extra.contains(":") && !extra.hasPrefix("[") ? "[\(extra)]" : extra)
        }
        allowedHosts = Set(names.map { "\($0):\(port)" })
    }

    /// The request header the page sends the token in.
    static let tokenHeader = "X-Scenec-Token"

    /// nil when the request names this server (every request, the page's files included);
    /// otherwise the refusal.
    func hostRefusal(_ request: Request) -> Response? {
        guard let host = request.host?.lowercased(), allowedHosts.contains(host) else { return .forbidden }
        return nil
    }

    /// nil when the request carries the token (every `/api/…` request); otherwise the refusal.
    func tokenRefusal(_ request: Request) -> Response? {
        let offered = request.headerToken ?? request.value("token")
        guard let offered, Self.constantTimeEqual(offered, token) else { return .forbidden }
        return nil
    }

    /// Both checks, as an API request passes them.
    func refusal(_ request: Request) -> Response? { hostRefusal(request) ?? tokenRefusal(request) }

    /// nil when a writing request comes from this server's own page; otherwise the refusal.
    /// Runs after `refusal`, so the `Host` is one of ours.
    func crossOriginRefusal(_ request: Request) -> Response? {
        if request.fetchSite?.lowercased() == "cross-site" { return .crossOrigin }
        if let origin = request.origin?.lowercased() {
            guard let host = request.host?.lowercased(), origin == "http://\(host)" else { return .crossOrigin }
        }
        return nil
    }

    static func isWildcard(_ host: String) -> Bool { host == "0.0.0.0" || host == "::" || host == "[::]" }

    /// Compares without stopping at the first difference, so timing does not reveal a prefix.
    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<x.count { difference |= x[i] ^ y[i] }
        return difference == 0
    }

    /// 128 random bits from the kernel, as 32 hex digits.
    static func newToken() -> String? {
        var bytes = [UInt8](repeating: 0, count: 16)
        let fd = open("/dev/urandom", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard read(fd, &bytes, 16) == 16 else { return nil }
        return bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }
}
