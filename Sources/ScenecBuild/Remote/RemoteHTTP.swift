import CCurl
import SceneSupport

/// One HTTP request to the remote cache through libcurl, on the calling thread, with an easy
/// handle no other thread is using (taken from a pool, so its connection is kept for the next
/// request). The auth header is sent as it is and never appears in what comes back: an answer
/// holds a status, the body, or the reason the request failed as libcurl words it.
struct RemoteHTTP: Sendable {
    /// What came back: a status and a body (bounded), or a transport failure.
    enum Answer: Sendable {
        case status(Int, [UInt8])
        /// A body larger than asked for, cut off there: the server's answer is wrong, not the
        /// server unreachable.
        case tooLarge
        /// Unreachable, refused, timed out, TLS refused: libcurl's
        /// reason, and whether trying again soon may help (a dropped or refused connection; not a
        /// timeout, which already waited, nor a refused certificate).
        case failed(String, transient: Bool)
    }

    /// `Name: value`, from the environment; never printed.
    var header: String?
    var connectTimeoutMilliseconds: Int
    var timeoutMilliseconds: Int
    private let handles = EasyHandles()

    /// `timeout` in seconds bounds a whole request; connecting gets a tenth of it, kept between
    /// 1 and 3 s (a cache on the runner's network answers a connection at once).
    init(header: String?, timeout: Double) {
        self.header = header
        timeoutMilliseconds = Int((timeout * 1000).rounded(.up))
        connectTimeoutMilliseconds = Swift.min(timeoutMilliseconds, Swift.max(1_000, Swift.min(3_000, timeoutMilliseconds / 10)))
    }

    /// libcurl's global state, made once before the build's threads start (its init is not
    /// safe to race with the first easy handle on every libcurl build).
    static func prepare() { _ = globalInit }
    private static let globalInit: Bool = curl_global_init(Int(CURL_GLOBAL_DEFAULT)) == CURLE_OK

    func get(_ url: String, limit: Int) -> Answer { perform(url, put: nil, limit: limit) }

    func put(_ url: String, _ body: [UInt8]) -> Answer { perform(url, put: body, limit: 64 << 10) }

    private func perform(_ url: String, put: [UInt8]?, limit: Int) -> Answer {
        Self.prepare()
        guard let curl = handles.take() else { return .failed("libcurl cannot start a request", transient: false) }
        defer { handles.give(back: curl) }
        var headers: UnsafeMutablePointer<curl_slist>?
        // No `Expect: 100-continue` round trip before a body; a cache takes it or says no.
        for line in ["Expect:"] + (header.map { [$0] } ?? []) {
            headers = curl_slist_append(headers, line)
        }
        defer { curl_slist_free_all(headers) }
        let sink = ResponseBody(limit: limit)
        var errorBuffer = [CChar](repeating: 0, count: Int(CURL_ERROR_SIZE) + 1)
        var status = 0
        let body = put ?? []
        let code = withExtendedLifetime(sink) {
            body.withUnsafeBufferPointer { bytes in
                scenec_curl_request(curl, url, put == nil ? 0 : 1, bytes.baseAddress, bytes.count, headers,
                                    { data, size, count, context in
                                        guard let context else { return 0 }
                                        let sink = Unmanaged<ResponseBody>.fromOpaque(context).takeUnretainedValue()
                                        return sink.append(data, size * count)
                                    },
                                    Unmanaged.passUnretained(sink).toOpaque(),
                                    connectTimeoutMilliseconds, timeoutMilliseconds, &errorBuffer, &status)
            }
        }
        guard code == CURLE_OK else {
            if sink.tooLarge { return .tooLarge }
            let detail = String(decoding: errorBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let transient = [CURLE_COULDNT_CONNECT, CURLE_SEND_ERROR, CURLE_RECV_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE].contains(code)
            return .failed(detail.isEmpty ? String(cString: curl_easy_strerror(code)) : detail, transient: transient)
        }
        return .status(status, sink.bytes)
    }
}

/// The body as it arrives, refusing more than `limit` bytes (a hostile server cannot make the
/// build hold more than that). Only the request's own thread touches it.
private final class ResponseBody {
    let limit: Int
    var bytes: [UInt8] = []
    var tooLarge = false

    init(limit: Int) { self.limit = limit }

    func append(_ data: UnsafeMutablePointer<CChar>?, _ count: Int) -> Int {
        guard let data, count > 0 else { return count }
        guard bytes.count + count <= limit else {
            tooLarge = true
            return 0  // libcurl stops the transfer
        }
        data.withMemoryRebound(to: UInt8.self, capacity: count) { bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: count)) }
        return count
    }
}

/// Easy handles not in use, each kept with its open connection: a thread takes one for a
/// request and gives it back after. Kept as addresses, so the list can sit behind the lock; a
/// handle is only ever used by the thread that took it.
private final class EasyHandles: Sendable {
    private let free = Locked<[UInt]>([])

    func take() -> UnsafeMutableRawPointer? {
        if let address = free.withLock({ $0.popLast() }), let handle = UnsafeMutableRawPointer(bitPattern: address) {
            curl_easy_reset(handle)
            return handle
        }
        return curl_easy_init()
    }

    func give(back handle: UnsafeMutableRawPointer) {
        free.withLock { $0.append(UInt(bitPattern: handle)) }
    }

    deinit {
        for address in free.withLock({ $0 }) {
            if let handle = UnsafeMutableRawPointer(bitPattern: address) { curl_easy_cleanup(handle) }
        }
    }
}
