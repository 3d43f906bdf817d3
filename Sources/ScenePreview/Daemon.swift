import CMicroHTTPD
import Glibc
import Synchronization

/// libmicrohttpd's daemon, a thread per connection, answering every request with `handler`.
/// HTTP itself (request lines, headers, chunking, percent-decoding) is libmicrohttpd's; this
/// file only moves requests and responses across the C boundary, and counts request bodies
/// so one over `maxBody` is refused with 413 without being kept.
final class Daemon: Sendable {
    typealias Handler = @Sendable (Request) -> Response

    static let maxBody = 1 << 20

    private let handler: Handler
    /// libmicrohttpd's daemon while it runs; `stop()` ends it once, whichever thread calls.
    private let daemon = Mutex<OpaquePointer?>(nil)

    init(listener: Listener, handler: @escaping Handler) throws {
        self.handler = handler
        // Unretained: `stop()` ends the daemon, and so every callback, before self can go.
        // Started under the lock, so the daemon is held there from its first moment.
        let started = daemon.withLock { running in
            running = scenec_mhd_start(listener.socket, 256, 60, accessHandler, Unmanaged.passUnretained(self).toOpaque(),
                                       requestCompleted)
            return running != nil
        }
        guard started else {
            close(listener.socket)
            throw Listener.Failure(description: "libmicrohttpd could not start")
        }
    }

    /// Stops accepting, closes every connection and waits for their threads.
    func stop() {
        // Under the lock: the connections' threads never take it, so waiting for them here cannot
        // deadlock, and a second `stop()` waits for the first and then finds nothing to stop.
        daemon.withLock { running in
            guard let daemon = running else { return }
            running = nil
            MHD_stop_daemon(daemon)
        }
    }

    /// What one request has sent so far (kept between libmicrohttpd's calls for it).
    final class Exchange {
        var bodyBytes = 0
        /// The body while it stays within `maxBody` (a longer one is only counted, then refused).
        var body: [UInt8] = []
    }

    fileprivate func handle(_ connection: OpaquePointer, url: String, method: String, data: UnsafePointer<CChar>?,
                            uploadSize: UnsafeMutablePointer<Int>,
                            state: UnsafeMutablePointer<UnsafeMutableRawPointer?>) -> MHD_Result {
        guard let existing = state.pointee else {
            // The first call has the headers only: refuse an announced oversized body at once.
            state.pointee = Unmanaged.passRetained(Exchange()).toOpaque()
            if let length = header(connection, "Content-Length").flatMap({ Int($0) }), length > Self.maxBody {
                return queue(Response.tooLarge, on: connection)
            }
            return .YES
        }
        let exchange = Unmanaged<Exchange>.fromOpaque(existing).takeUnretainedValue()
        if uploadSize.pointee > 0 {
            // Kept while within the limit (only POST /api/write reads it); past it, only counted.
            exchange.bodyBytes += uploadSize.pointee
            if exchange.bodyBytes <= Self.maxBody, let data {
                exchange.body += UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: uploadSize.pointee)
            }
            uploadSize.pointee = 0
            return .YES
        }
        if exchange.bodyBytes > Self.maxBody {
            return queue(Response.tooLarge, on: connection)
        }
        let request = Request(method: method, path: url, query: arguments(connection),
                              host: header(connection, "Host"),
                              headerToken: header(connection, Gate.tokenHeader),
                              origin: header(connection, "Origin"), fetchSite: header(connection, "Sec-Fetch-Site"),
                              body: exchange.body)
        return queue(handler(request), on: connection)
    }

    private func header(_ connection: OpaquePointer, _ name: String) -> String? {
        value(connection, .HEADER_KIND, name)
    }

    private func value(_ connection: OpaquePointer, _ kind: MHD_ValueKind, _ name: String) -> String? {
        MHD_lookup_connection_value(connection, kind, name).map { String(cString: $0) }
    }

    /// Every query parameter in order, repeats included (libmicrohttpd has decoded them).
    private func arguments(_ connection: OpaquePointer) -> [(name: String, value: String)] {
        final class Collected { var items: [(name: String, value: String)] = [] }
        let collected = Collected()
        withExtendedLifetime(collected) {
            _ = MHD_get_connection_values(connection, .GET_ARGUMENT_KIND, { context, _, key, value in
                guard let context, let key else { return .YES }
                let box = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
                box.items.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
                return .YES
            }, Unmanaged.passUnretained(collected).toOpaque())
        }
        return collected.items
    }

    private func queue(_ r: Response, on connection: OpaquePointer) -> MHD_Result {
        let response: OpaquePointer?
        if let stream = r.stream {
            response = MHD_create_response_from_callback(scenec_mhd_size_unknown(), 4096, readEvents,
                                                         Unmanaged.passRetained(stream).toOpaque(), releaseEvents)
        } else {
            var body = r.body
            if body.isEmpty { body = [0] }
            response = body.withUnsafeMutableBytes {
                MHD_create_response_from_buffer(r.body.count, $0.baseAddress, .RESPMEM_MUST_COPY)
            }
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        MHD_add_response_header(response, "Content-Type", r.contentType)
        for (name, value) in securityHeaders + r.headers {
            MHD_add_response_header(response, name, value)
        }
        return MHD_queue_response(connection, UInt32(r.status), response)
    }
}

/// libmicrohttpd's request callback: finds the daemon and hands over.
private let accessHandler: MHD_AccessHandlerCallback = { context, connection, url, method, _, data, uploadSize, state -> MHD_Result in
    guard let context, let connection, let uploadSize, let state else { return .NO }
    let daemon = Unmanaged<Daemon>.fromOpaque(context).takeUnretainedValue()
    return daemon.handle(connection, url: url.map { String(cString: $0) } ?? "/",
                         method: method.map { String(cString: $0) } ?? "GET", data: data, uploadSize: uploadSize, state: state)
}

/// Frees what `handle` kept for a request.
private let requestCompleted: MHD_RequestCompletedCallback = { _, _, state, _ in
    guard let state, let exchange = state.pointee else { return }
    Unmanaged<Daemon.Exchange>.fromOpaque(exchange).release()
    state.pointee = nil
}

/// An event stream's content reader: blocks (on the connection's own thread) until there is
/// something to send; ends the stream when the hub closes.
private let readEvents: MHD_ContentReaderCallback = { context, _, buffer, max in
    guard let context, let buffer else { return -2 }  // MHD_CONTENT_READER_END_WITH_ERROR
    let subscriber = Unmanaged<EventSubscriber>.fromOpaque(context).takeUnretainedValue()
    guard let chunk = subscriber.next(max: max) else { return -1 }  // MHD_CONTENT_READER_END_OF_STREAM
    chunk.withUnsafeBytes { bytes in
        if let base = bytes.baseAddress { memcpy(buffer, base, bytes.count) }
    }
    return chunk.count
}

private let releaseEvents: MHD_ContentReaderFreeCallback = { context in
    guard let context else { return }
    Unmanaged<EventSubscriber>.fromOpaque(context).release()
}
