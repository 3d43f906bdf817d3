import Foundation
import SceneWatch
import XCTest

/// A folder watched whole (as a build watching its scene folders): a file created there later
/// is seen when `matching` accepts its name, and not otherwise.
final class FolderWatchTests: XCTestCase {
    final class Changes: @unchecked Sendable {
        let lock = NSLock()
        var batches: [[String]] = []
        func add(_ paths: [String]) { lock.withLock { batches.append(paths) } }
        var all: [[String]] { lock.withLock { batches } }
    }

    func testANewMatchingFileInAWatchedFolderIsSeenAndOthersAreNot() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-folder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let changes = Changes()
        let watcher = try FileWatcher(paths: [], folders: [dir.path], matching: { $0.hasSuffix(".scene.yaml") },
                                      debounce: 0.05) { changes.add($0) }
        defer { watcher.stop() }

        try Data("x".utf8).write(to: dir.appendingPathComponent("notes.txt"))
        try Data("a".utf8).write(to: dir.appendingPathComponent("a.scene.yaml"))
        try Data("b".utf8).write(to: dir.appendingPathComponent("b.scene.yaml"))
        let end = Date().addingTimeInterval(2)  // a hang guard, not a timing assertion
        while Set(changes.all.joined()).count < 2, Date() < end { usleep(5_000) }
        let seen = changes.all.joined()
        XCTAssertEqual(Set(seen), [dir.path + "/a.scene.yaml", dir.path + "/b.scene.yaml"])
        XCTAssertFalse(seen.contains { $0.hasSuffix("notes.txt") })
    }
}
