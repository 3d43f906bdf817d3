import Foundation
import SceneSupport
import XCTest

/// `Locked`: a value reached only under its mutex, shared by threads.
final class LockedTests: XCTestCase {
    func testLockedSerialisesItsValue() {
        let counter = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 1000) { _ in counter.withLock { $0 += 1 } }
        XCTAssertEqual(counter.withLock { $0 }, 1000)
    }
}
