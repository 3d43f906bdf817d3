import Synchronization

/// Objects kept after use for the next user to take instead of making new ones (Pango engines,
/// pixel surfaces, PNG encoders): at most `capacity`, the oldest let go first. An object is
/// used by one holder at a time — taken out under the lock, put back when its holder is done —
/// which is why the items ride in an unchecked box rather than having to be Sendable.
final class IdlePool<Item: AnyObject>: Sendable {
    private struct Box: @unchecked Sendable {
        var items: [Item]
    }

    let capacity: Int
    private let idle = Mutex(Box(items: []))

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// The most recently put back item `matching`, taken out of the pool; nil when none.
    func take(where matching: (Item) -> Bool) -> Item? {
        let taken = idle.withLock { box -> Box in
            guard let i = box.items.lastIndex(where: matching) else { return Box(items: []) }
            return Box(items: [box.items.remove(at: i)])
        }
        return taken.items.first
    }

    /// Keeps `item` for a later `take`, first letting go of those `stale` says will not be asked
    /// for again.
    func put(_ item: Item, dropping stale: (Item) -> Bool = { _ in false }) {
        let given = Box(items: [item])
        idle.withLock { box in
            box.items.removeAll(where: stale)
            box.items.append(contentsOf: given.items)
            if box.items.count > capacity { box.items.removeFirst(box.items.count - capacity) }
        }
    }

    /// How many wait to be taken (tests).
    var count: Int { idle.withLock { $0.items.count } }

    /// Lets every waiting item go (tests).
    func removeAll() { idle.withLock { $0.items.removeAll() } }
}
