import SceneSupport
import ScenecKit

/// `--shard K/N`: a scene belongs to shard K when the hash of its relative path, mod N, is K − 1.
/// Stable across machines and runs, so N CI jobs each build a disjoint part and together all.
package struct Shard: Sendable, Equatable {
    package let index: Int
    package let count: Int

    package init(_ text: String) throws {
        let parts = text.split(separator: "/").map { Int($0) }
        guard parts.count == 2, let k = parts[0], let n = parts[1], n >= 1, k >= 1, k <= n else {
            throw PlanError("--shard must be K/N with 1 ≤ K ≤ N, such as 2/4; got '\(text)'")
        }
        index = k
        count = n
    }

    package func contains(_ relativePath: String) -> Bool {
        let digest = SHA256.hex(Array(relativePath.utf8))
        let value = digest.prefix(15).reduce(UInt64(0)) { $0 * 16 + UInt64($1.hexDigitValue ?? 0) }
        return Int(value % UInt64(count)) == index - 1
    }
}
