import Glibc

/// Wakes every Server-Sent Events stream when the scene changes. A stream's content reader runs
/// on its connection's own thread (libmicrohttpd's thread per connection) and waits here for
/// the next event; `close()` wakes them all for good, so stopping the server never waits on an
/// open stream.
final class EventHub: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var generation = 0
    private var latest = ""
    private var closed = false

    init() {
        mutex.initialize(to: pthread_mutex_t())
        condition.initialize(to: pthread_cond_t())
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Sends `data` (one line of JSON) as a `changed` event to every stream.
    func publish(_ data: String) {
        pthread_mutex_lock(mutex)
        generation += 1
        latest = data
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    func close() {
        pthread_mutex_lock(mutex)
        closed = true
        pthread_cond_broadcast(condition)
        pthread_mutex_unlock(mutex)
    }

    var currentGeneration: Int {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return generation
    }

    enum Wait {
        case event(generation: Int, data: String)
        case timedOut
        case closed
    }

    /// Waits up to `seconds` for an event after `seen`.
    func wait(after seen: Int, seconds: Double) -> Wait {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        var deadline = timespec()
        clock_gettime(CLOCK_REALTIME, &deadline)
        let whole = Int(seconds), nanos = Int((seconds - Double(whole)) * 1e9) + deadline.tv_nsec
        deadline.tv_sec += whole + nanos / 1_000_000_000
        deadline.tv_nsec = nanos % 1_000_000_000
        while !closed && generation == seen {
            if pthread_cond_timedwait(condition, mutex, &deadline) == ETIMEDOUT { break }
        }
        if closed { return .closed }
        if generation != seen { return .event(generation: generation, data: latest) }
        return .timedOut
    }
}

/// One open `/api/events` stream: the bytes still to send, refilled from the hub.
final class EventSubscriber: @unchecked Sendable {
    private let hub: EventHub
    private var seen: Int
    private var pending: [UInt8]
    /// A comment this often keeps proxies and the connection timeout from closing a quiet stream.
    static let keepAliveSeconds = 10.0

    init(hub: EventHub) {
        self.hub = hub
        seen = hub.currentGeneration
        // `retry` makes a browser reconnect quickly after a restart; the comment opens the stream.
        pending = Array("retry: 500\n: connected\n\n".utf8)
    }

    /// Up to `max` bytes to send, waiting for an event when there are none; nil ends the stream.
    func next(max: Int) -> ArraySlice<UInt8>? {
        while pending.isEmpty {
            switch hub.wait(after: seen, seconds: Self.keepAliveSeconds) {
            case .closed: return nil
            case .timedOut: pending = Array(": keep-alive\n\n".utf8)
            case .event(let generation, let data):
                seen = generation
                pending = Array("event: changed\ndata: \(data)\n\n".utf8)
            }
        }
        let chunk = pending.prefix(Swift.max(1, max))
        pending.removeFirst(chunk.count)
        return chunk
    }
}
