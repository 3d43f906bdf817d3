@preconcurrency import Glibc

/// Ctrl-C and SIGTERM leave no partial files: temporary files in flight are registered here,
/// and a dedicated thread waiting for the signals removes them before exiting. (The signals are
/// blocked in every other thread, so no work happens inside a signal handler.)
enum Interrupts {
    private static let registry = TemporaryFiles()

    /// Called first thing in main, before any other thread exists, so all threads inherit the mask.
    static func install() {
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        sigaddset(&signals, SIGHUP)
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        var thread = pthread_t()
        pthread_create(&thread, nil, { _ in
            var waitFor = sigset_t()
            sigemptyset(&waitFor)
            sigaddset(&waitFor, SIGINT)
            sigaddset(&waitFor, SIGTERM)
            sigaddset(&waitFor, SIGHUP)
            var signal: Int32 = 0
            sigwait(&waitFor, &signal)
            Interrupts.registry.removeAll()
            _exit(128 + signal)
        }, nil)
    }

    static func register(_ path: String) { registry.add(path) }
    static func unregister(_ path: String) { registry.remove(path) }
}

/// Paths of temporary files being written, shared by worker threads.
final class TemporaryFiles: @unchecked Sendable {
    private var paths: Set<String> = []
    private var lock = pthread_mutex_t()

    init() { pthread_mutex_init(&lock, nil) }

    func add(_ path: String) {
        pthread_mutex_lock(&lock)
        paths.insert(path)
        pthread_mutex_unlock(&lock)
    }

    func remove(_ path: String) {
        pthread_mutex_lock(&lock)
        paths.remove(path)
        pthread_mutex_unlock(&lock)
    }

    /// Removes every registered file; the lock stays held so no new one starts meanwhile.
    func removeAll() {
        pthread_mutex_lock(&lock)
        for path in paths { unlink(path) }
        paths.removeAll()
    }
}
