/// A request as the preview's routes see it: what libmicrohttpd parsed, nothing parsed here.
struct Request: Sendable {
    var method: String
    /// The path without the query, as sent (never mapped to a file).
    var path: String
    /// The query's parameters in order, decoded; a name may repeat (`set=…&set=…`).
    var query: [(name: String, value: String)]
    var host: String?
    /// The token in the `X-Scenec-Token` header, if sent (the page sends it so).
    var headerToken: String?
    /// `Origin` and `Sec-Fetch-Site`, which tell a write from this page from one elsewhere.
    var origin: String? = nil
    var fetchSite: String? = nil
    /// The request body (a POST's), at most `Daemon.maxBody` bytes.
    var body: [UInt8] = []

    func values(_ name: String) -> [String] { query.filter { $0.name == name }.map(\.value) }
    func value(_ name: String) -> String? { query.last { $0.name == name }?.value }
}

/// What a route answers: a whole body, or a stream of Server-Sent Events.
struct Response: Sendable {
    var status: Int
    var contentType: String
    var body: [UInt8]
    var headers: [(String, String)] = []
    var stream: EventSubscriber?

    init(status: Int, contentType: String, body: [UInt8], headers: [(String, String)] = []) {
        self.status = status
        self.contentType = contentType
        self.body = body
        self.headers = headers
    }

    static func text(_ status: Int, _ message: String) -> Response {
        Response(status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
    }

    static func events(_ subscriber: EventSubscriber) -> Response {
        var r = Response(status: 200, contentType: "text/event-stream", body: [])
        r.stream = subscriber
        return r
    }

    static let notFound = text(404, "not found")
    static let forbidden = text(403, "forbidden: open the URL scenec preview printed (it carries the token)")
    /// 405, naming the methods the path takes.
    static func onlyMethod(_ allowed: String) -> Response {
        var r = text(405, "only \(allowed)")
        r.headers = [("Allow", allowed)]
        return r
    }

    static let crossOrigin = text(403, "forbidden: only the preview's own page may write the file")
    static let tooLarge = text(413, "request body too large (at most 1 MiB)")
}

/// Headers every response carries: nothing is cached, nothing leaves the page, and the
/// browser never second-guesses a content type.
let securityHeaders: [(String, String)] = [
    ("Cache-Control", "no-store"),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("X-Frame-Options", "DENY"),
    ("Content-Security-Policy",
     "default-src 'self'; img-src 'self' blob: data:; style-src 'self'; script-src 'self'; connect-src 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
]
