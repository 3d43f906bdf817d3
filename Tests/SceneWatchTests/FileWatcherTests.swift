import Foundation
import SceneWatch
import XCTest

/// The watcher sees a file changed in place, replaced by a rename (as editors save), and not
/// files beside it; a burst of events is reported once.
final class FileWatcherTests: XCTestCase {
    final class Changes: @unchecked Sendable {
        let lock = NSLock()
        var batches: [[String]] = []
        func add(_ paths: [String]) { lock.lock(); batches.append(paths); lock.unlock() }
        var count: Int { lock.lock(); defer { lock.unlock() }; return batches.count }
    }

    func directory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenec-watch-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func waitFor(_ changes: Changes, count: Int, within seconds: Double = 2) {
        let end = Date().addingTimeInterval(seconds)
        while changes.count < count, Date() < end { usleep(5_000) }
    }

    func testAWriteInPlaceAndARenameOverAreEachSeenOnce() throws {
        let dir = try directory()
        let scene = dir.appendingPathComponent("a.scene.yaml")
        try Data("one".utf8).write(to: scene)
        let changes = Changes()
        let watcher = try FileWatcher(paths: [scene.path], debounce: 0.05) { changes.add($0) }
        defer { watcher.stop() }

        let handle = try FileHandle(forWritingTo: scene)
        for _ in 0..<5 { handle.write(Data("more".utf8)) }
        try handle.close()
        waitFor(changes, count: 1)
        XCTAssertEqual(changes.batches, [[scene.path]], "a burst of writes is one change")

        let temporary = dir.appendingPathComponent(".a.scene.yaml.swp")
        try Data("two".utf8).write(to: temporary)
        XCTAssertEqual(rename(temporary.path, scene.path), 0)
        waitFor(changes, count: 2)
        XCTAssertEqual(changes.count, 2)
        XCTAssertEqual(changes.batches.last, [scene.path])

        try Data("other".utf8).write(to: dir.appendingPathComponent("b.scene.yaml"))
        usleep(200_000)
        XCTAssertEqual(changes.count, 2, "another file in the folder is not a change")
    }

    func testStopEndsTheThreadAndNothingIsReportedAfter() throws {
        let dir = try directory()
        let scene = dir.appendingPathComponent("a.scene.yaml")
        try Data("one".utf8).write(to: scene)
        let changes = Changes()
        let watcher = try FileWatcher(paths: [scene.path]) { changes.add($0) }
        watcher.stop()
        try Data("two".utf8).write(to: scene)
        usleep(150_000)
        XCTAssertEqual(changes.count, 0)
    }

    func testAMissingFolderIsAnError() {
        let folder = "/nonexistent-\(UUID().uuidString)"
        XCTAssertThrowsError(try FileWatcher(paths: [folder + "/a.yaml"]) { _ in }) { error in
            let failure = error as? FileWatcher.Failure
            XCTAssertTrue(failure?.description.hasPrefix("cannot watch '\(folder)': ") ?? false, "\(error)")
        }
    }
}
