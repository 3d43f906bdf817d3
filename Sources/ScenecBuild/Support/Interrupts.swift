import Glibc
import ScenecKit
import SceneSupport

/// Ctrl-C and SIGTERM leave no partial files: temporary files in flight (and child processes
/// writing them) are registered here,
/// and a dedicated thread waiting for the signals removes them before exiting. (The signals are
/// blocked in every other thread, so no work happens inside a signal handler.)
package enum Interrupts {
    /// Paths of temporary files being written, shared by worker threads.
    private static let registry = Locked(Set<String>())

    /// Ctrl-C, kill's default, and a closed terminal.
    package static var handled: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
        return signals
    }

    /// Called first thing in main, before any other thread exists, so all threads inherit the mask.
    package static func install() {
        var signals = handled
        pthread_sigmask(SIG_BLOCK, &signals, nil)
        var thread = pthread_t()
        pthread_create(&thread, nil, { _ in
            var waitFor = Interrupts.handled
            var signal: Int32 = 0
            sigwait(&waitFor, &signal)
            // A long-running command (preview) stops in order and exits 0; if stopping takes
            // more than a few seconds, the exit below happens anyway.
            if let stop = Interrupts.stopHandler.withLock({ $0 }) {
                stop()
                sleep(3)
            }
            // Child processes (ffmpeg) first: one still running would write its temporary
            // file again after it is removed.
            Interrupts.children.withLock { children in
                for child in children {
                    kill(child, SIGKILL)
                    waitpid(child, nil, 0)
                }
            }
            // Exit with the lock still held, so no new temporary file starts meanwhile.
            let _: Never = Interrupts.registry.withLock { paths in
                for path in paths { unlink(path) }
                _exit(128 + signal)
            }
        }, nil)
    }

    /// Called on Ctrl-C or SIGTERM instead of exiting at once, by a command that stops itself.
    private static let stopHandler = Locked<(@Sendable () -> Void)?>(nil)

    package static func onInterrupt(_ stop: @escaping @Sendable () -> Void) { stopHandler.withLock { $0 = stop } }

    /// Child processes writing temporary files, killed before those files are removed.
    private static let children = Locked(Set<pid_t>())

    package static func register(child: pid_t) { children.withLock { _ = $0.insert(child) } }
    package static func unregister(child: pid_t) { children.withLock { _ = $0.remove(child) } }

    package static func register(_ path: String) { registry.withLock { _ = $0.insert(path) } }
    package static func unregister(_ path: String) { registry.withLock { _ = $0.remove(path) } }
}
