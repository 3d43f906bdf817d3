import Synchronization

/// A value shared by threads, reached only under its lock: `Synchronization.Mutex`, kept in a
/// class so that it has one address and can be shared (a `Mutex` cannot be copied). `Value` is
/// `Sendable`, so nothing read out of the lock is still shared with the threads that hold it.
public final class Locked<Value: Sendable>: Sendable {
    private let mutex: Mutex<Value>

    public init(_ value: Value) {
        mutex = Mutex(value)
    }

    public func withLock<R: Sendable, E: Error>(_ body: (inout Value) throws(E) -> R) throws(E) -> R {
        try mutex.withLock { (value: inout sending Value) throws(E) -> sending R in try body(&value) }
    }
}
