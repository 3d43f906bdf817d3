@testable import ScenePreview
import XCTest

/// The versions `/api/restore` can put back: bounded by count and by bytes, oldest forgotten first.
final class VersionStoreTests: XCTestCase {
    func testTheNewestAreKeptWithinBothBounds() {
        let store = VersionStore(maxVersions: 3, maxBytes: 10)
        for (i, name) in ["a", "b", "c", "d"].enumerated() {
            store.keep([UInt8](repeating: UInt8(i), count: 2), hash: name)
        }
        XCTAssertNil(store.bytes(of: "a"), "a fourth version pushes out the first")
        XCTAssertEqual(store.bytes(of: "b"), [1, 1])
        XCTAssertEqual(store.count, 3)
        store.keep([UInt8](repeating: 9, count: 7), hash: "big")
        XCTAssertNil(store.bytes(of: "b"))
        XCTAssertNil(store.bytes(of: "c"), "2 + 2 + 7 bytes is over 10")
        XCTAssertEqual(store.bytes(of: "d"), [3, 3])
        store.keep([UInt8](repeating: 0, count: 11), hash: "huge")
        XCTAssertNil(store.bytes(of: "huge"), "larger than the whole budget: not kept")
        XCTAssertEqual(store.bytes(of: "big")?.count, 7)
        // Kept again: the newest, so it outlives the others.
        store.keep([3, 3], hash: "d")
        store.keep([1], hash: "e")
        store.keep([1, 2, 3, 4, 5, 6, 7], hash: "f")
        XCTAssertEqual(store.bytes(of: "d"), [3, 3])
        XCTAssertNil(store.bytes(of: "big"))
    }
}
