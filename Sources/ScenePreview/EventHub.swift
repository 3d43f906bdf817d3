import Glibc
import Synchronization

/// Wakes every Server-Sent Events stream when the scene changes. A stream's content reader runs
/// on its connection's own thread (libmicrohttpd's thread per connection) and waits here for
/// the next event; `close()` wakes them all for good, so stopping the server never waits on an
/// open stream.
///
/// Every event since a stream last read is kept for it (up to `kept`), so one file change that
/// touches several scenes (a shared import) tells the site's stream about each of them, not
/// only the last one published.
///
/// `@unchecked`: `generation`, `recent` and `closed` are read and written only between
/// `pthread_mutex_lock(mutex)` and its unlock (every method below), and the pointers never
/// change after `init`. A pthread mutex rather than `Mutex`: waiting with a timeout needs a
/// condition variable, which waits on a `pthread_mutex_t`.
final class EventHub: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    private var generation = 0
    /// The latest events, oldest first, each with its generation; at most `kept`.
    private var recent: [(generation: Int, data: String)] = []
    /// More than a folder's scenes (256) so a change to an import every scene shares is told
    /// whole; a stream further behind than this gets the latest `kept`.
    static let kept = 512
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
        recent.append((generation, data))
        if recent.count > Self.kept { recent.removeFirst(recent.count - Self.kept) }
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
        /// Every event after the generation waited from, oldest first, and the latest generation.
        case events(generation: Int, data: [String])
        case timedOut
        case closed
    }

    /// Waits up to `seconds` for events after `seen`.
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
        if generation != seen {
            return .events(generation: generation, data: recent.filter { $0.generation > seen }.map(\.data))
        }
        return .timedOut
    }
}

/// One open `/api/events` stream: the bytes still to send, refilled from the hub.
final class EventSubscriber: Sendable {
    private struct State {
        var seen: Int
        var pending: [UInt8]
    }

    private let hub: EventHub
    /// Only the stream's connection thread reads it (libmicrohttpd calls a stream's reader on
    /// one thread), so the lock is never contended; it is what makes the class `Sendable`.
    private let state: Mutex<State>
    /// A comment this often keeps proxies and the connection timeout from closing a quiet stream.
    static let keepAliveSeconds = 10.0

    init(hub: EventHub) {
        self.hub = hub
        // `retry` makes a browser reconnect quickly after a restart; the comment opens the stream.
        state = Mutex(State(seen: hub.currentGeneration, pending: Array("retry: 500\n: connected\n\n".utf8)))
    }

    /// Up to `max` bytes to send, waiting for an event when there are none; nil ends the stream.
    func next(max: Int) -> ArraySlice<UInt8>? {
        state.withLock { s in
            while s.pending.isEmpty {
                switch hub.wait(after: s.seen, seconds: Self.keepAliveSeconds) {
                case .closed: return nil
                case .timedOut: s.pending = Array(": keep-alive\n\n".utf8)
                case .events(let generation, let data):
                    s.seen = generation
                    s.pending = data.flatMap { Array("event: changed\ndata: \($0)\n\n".utf8) }
                }
            }
            let chunk = s.pending.prefix(Swift.max(1, max))
            s.pending.removeFirst(chunk.count)
            return chunk
        }
    }
}
