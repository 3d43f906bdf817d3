/// A least-recently-used cache bounded by entry count and total cost (bytes), so memory stays
/// flat however many distinct requests arrive. Not thread-safe: keep it behind a lock.
struct BoundedCache<Key: Hashable, Value> {
    private var entries: [Key: (value: Value, cost: Int, used: UInt64)] = [:]
    private var clock: UInt64 = 0
    private(set) var totalCost = 0
    let maxEntries: Int
    let maxCost: Int

    init(maxEntries: Int, maxCost: Int = .max) {
        self.maxEntries = maxEntries
        self.maxCost = maxCost
    }

    var count: Int { entries.count }

    /// Whether `key` is held, without counting as a use.
    func contains(_ key: Key) -> Bool { entries[key] != nil }

    mutating func value(for key: Key) -> Value? {
        guard let entry = entries[key] else { return nil }
        clock += 1
        entries[key]?.used = clock
        return entry.value
    }

    /// Stores `value` unless it alone is over the cost limit; evicts the least recently used.
    mutating func insert(_ value: Value, for key: Key, cost: Int = 0) {
        guard cost <= maxCost else { return }
        if let old = entries[key] { totalCost -= old.cost }
        clock += 1
        entries[key] = (value, cost, clock)
        totalCost += cost
        while entries.count > maxEntries || totalCost > maxCost {
            guard let oldest = entries.min(by: { $0.value.used < $1.value.used }) else { break }
            totalCost -= oldest.value.cost
            entries[oldest.key] = nil
        }
    }
}

extension BoundedCache: Sendable where Key: Sendable, Value: Sendable {}
