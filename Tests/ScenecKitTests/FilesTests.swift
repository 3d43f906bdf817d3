import Foundation
import SceneCheck
import ScenecKit
import XCTest

/// The façade's file helpers: reading within a size limit. (Atomic replacement is SceneFiles'
/// `AtomicWrite`, tested in SceneFilesTests; the in-place rewrite is `GuardedRewrite`.)
final class FilesTests: XCTestCase {
    func testReadingStopsPastTheLimitAndRefusesFolders() throws {
        let dir = try temporaryDirectory(self)
        let path = try write(String(repeating: "x", count: 100), "a.yaml", in: dir)
        let whole = try SceneReading.read(path, limit: 100, scope: .around(path))
        XCTAssertEqual(whole.bytes.count, 100)
        XCTAssertFalse(whole.tooLarge)
        XCTAssertTrue(try SceneReading.read(path, limit: 99, scope: .around(path)).tooLarge)
        XCTAssertThrowsError(try SceneReading.read(dir.path, limit: 100, scope: .around(dir.path))) { error in
            XCTAssertEqual((error as? SceneReading.Failure)?.message, "'\(dir.path)' is a directory, not a regular file")
        }
        let reader = SceneReading.importReader(limit: 50, scope: .around(path))
        guard case .failure(let failure) = reader(path) else { return XCTFail("100 bytes is over 50") }
        XCTAssertEqual(failure.reason, "it is larger than 50 bytes")
        guard case .success(let bytes) = SceneReading.importReader(limit: 500, scope: .around(path))(path) else { return XCTFail("within 500") }
        XCTAssertEqual(bytes.count, 100)
    }
}

/// What rendering reads from its surroundings: SOURCE_DATE_EPOCH when it is a number.
final class SurroundingsTests: XCTestCase {
    func testSourceDateEpochIsReadFromTheEnvironment() {
        let saved = ProcessInfo.processInfo.environment["SOURCE_DATE_EPOCH"]
        defer {
            if let saved { setenv("SOURCE_DATE_EPOCH", saved, 1) } else { unsetenv("SOURCE_DATE_EPOCH") }
        }
        setenv("SOURCE_DATE_EPOCH", "1700000000", 1)
        XCTAssertEqual(Surroundings.sourceDateEpoch, 1_700_000_000)
        setenv("SOURCE_DATE_EPOCH", "yesterday", 1)
        XCTAssertNil(Surroundings.sourceDateEpoch)
        unsetenv("SOURCE_DATE_EPOCH")
        XCTAssertNil(Surroundings.sourceDateEpoch)
        let now = Surroundings.renderEnvironment.nowSecondsSinceMidnight
        XCTAssertTrue((0..<86_400).contains(now), "\(now)")
    }
}
