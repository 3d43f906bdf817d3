import ScenecKit
import SceneSupport

/// Hands items finished on several threads over in index order: item i is released once items
/// `first`…i−1 have been, whichever thread finished first. A build prints each scene's
/// diagnostics in path order; a frame sequence puts frames in place so a reader (or an
/// interrupted run) never sees frame k without the frames before it.
final class InOrder<Item: Sendable>: Sendable {
    private struct State {
        package var next: Int
        package var waiting: [Int: Item] = [:]
    }

    private let state: Locked<State>

    package init(first: Int = 0) {
        state = Locked(State(next: first))
    }

    /// Item `index` is done; releases it and every waiting item after it that is now next, under
    /// the lock. After a release throws, nothing more is released (the gap can never close).
    package func done(_ index: Int, _ item: Item, release: (Int, Item) throws -> Void) rethrows {
        try state.withLock { s in
            s.waiting[index] = item
            while let ready = s.waiting.removeValue(forKey: s.next) {
                do {
                    try release(s.next, ready)
                } catch {
                    s.next = Int.max
                    throw error
                }
                s.next += 1
            }
        }
    }

    /// After the workers stopped: the items left waiting behind a gap (an item never finished),
    /// in index order, no longer held here.
    package func leftBehind() -> [(index: Int, item: Item)] {
        state.withLock { s in
            let items = s.waiting.sorted { $0.key < $1.key }.map { (index: $0.key, item: $0.value) }
            s.waiting = [:]
            return items
        }
    }
}
