import Glibc
import ScenecKit
import Dispatch
import SceneSupport

/// Worker threads: the frames of a sequence and the scenes of a build are independent, so the
/// results do not depend on how many threads there are.
package enum Parallel {
    /// Runs `body` on `jobs` threads at once and waits for all of them.
    package static func threads(_ jobs: Int, _ body: @escaping @Sendable () -> Void) {
        DispatchQueue.concurrentPerform(iterations: Swift.max(1, jobs)) { _ in body() }
    }

    /// The number of cores, the default for --jobs.
    package static var cores: Int { Swift.max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}

/// Hands out items to worker threads and keeps the first error.
final class WorkQueue<C: Collection & Sendable>: Sendable where C.Index: Sendable, C.Element: Sendable {
    private struct State {
        package var index: C.Index
        package var error: Error?
    }

    private let items: C
    private let state: Locked<State>

    package init(_ items: C) {
        self.items = items
        state = Locked(State(index: items.startIndex))
    }

    package var error: Error? { state.withLock { $0.error } }

    /// Stops handing out items (used by builds that stop at the first failing scene).
    package func stop() {
        state.withLock { $0.index = items.endIndex }
    }

    package func next() -> C.Element? {
        state.withLock { s in
            guard s.error == nil, s.index != items.endIndex else { return nil }
            defer { s.index = items.index(after: s.index) }
            return items[s.index]
        }
    }

    package func fail(_ e: Error) {
        state.withLock { s in
            if s.error == nil { s.error = e }
        }
    }
}
