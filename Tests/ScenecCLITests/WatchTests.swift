import XCTest

/// `--watch`: render again on each save, keep the last good output through a broken save, and
/// stop cleanly on Ctrl-C.
final class WatchTests: XCTestCase {
    let fm = FileManager.default

    func testRenderWatchUpdatesKeepsTheLastGoodPictureAndStopsOnInterrupt() throws {
        let dir = try temporaryDirectory(self)
        let scene = dir.appendingPathComponent("w.scene.yaml"), png = dir.appendingPathComponent("w.png")
        try ringScene(0.25).write(to: scene, atomically: false, encoding: .utf8)
        let (process, log) = try startWatching(["render", "w.scene.yaml", "-o", "w.png", "--watch"], in: dir)
        eventually("the first render") { runs(log) == 1 }
        let first = try Data(contentsOf: png)
        XCTAssertEqual(try renderAlone(ringScene(0.25), in: dir), first)

        // Saved in place, valid: a new picture.
        try ringScene(0.75).write(to: scene, atomically: false, encoding: .utf8)
        eventually("the second render") { runs(log) == 2 }
        XCTAssertEqual(try Data(contentsOf: png), try renderAlone(ringScene(0.75), in: dir))

        // Broken: reported, and the last good picture stays.
        try "canvas: {width: 40, height: 40}\nviews: [\n".write(to: scene, atomically: false, encoding: .utf8)
        eventually("the broken run") { runs(log) == 3 }
        XCTAssertEqual(try Data(contentsOf: png), try renderAlone(ringScene(0.75), in: dir))
        let text = try String(contentsOf: log, encoding: .utf8)
        XCTAssertTrue(text.contains("w.scene.yaml:3:1: error:"), text)
        XCTAssertTrue(text.contains("failed (exit 1)"), text)

        // Valid again, written to a temporary file and renamed over the scene, as editors do.
        let temporary = dir.appendingPathComponent(".w.scene.yaml.swp")
        try ringScene(0.5).write(to: temporary, atomically: false, encoding: .utf8)
        XCTAssertEqual(rename(temporary.path, scene.path), 0)
        eventually("the run after rename-over") { runs(log) == 4 }
        XCTAssertEqual(try Data(contentsOf: png), try renderAlone(ringScene(0.5), in: dir))

        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .exit)
        XCTAssertEqual(process.terminationStatus, 0, "Ctrl-C ends a watch normally")
    }

    func testBuildWatchSeesEditsAndNewScenes() throws {
        let dir = try temporaryDirectory(self)
        try fm.createDirectory(at: dir.appendingPathComponent("scenes/sub"), withIntermediateDirectories: true)
        try ringScene(0.25).write(to: dir.appendingPathComponent("scenes/a.scene.yaml"), atomically: false, encoding: .utf8)
        let (process, log) = try startWatching(["build", "scenes", "-o", "out", "--watch"], in: dir)
        eventually("the first build") { runs(log) == 1 }
        try ringScene(0.5).write(to: dir.appendingPathComponent("scenes/sub/new.scene.yaml"), atomically: false, encoding: .utf8)
        eventually("a build for the new scene") { fm.fileExists(atPath: dir.appendingPathComponent("out/sub/new.png").path) }
        try ringScene(0.75).write(to: dir.appendingPathComponent("scenes/a.scene.yaml"), atomically: false, encoding: .utf8)
        eventually("a build for the edit") {
            (try? Data(contentsOf: dir.appendingPathComponent("out/a.png"))) == (try? renderAlone(ringScene(0.75), in: dir))
        }
        let text = try String(contentsOf: log, encoding: .utf8)
        XCTAssertTrue(text.contains("scenec build: 1 built, 1 up to date"), text)
        process.terminate()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
    }

    func testFramesWatchAndWatchWithStandardOutputIsRefused() throws {
        let dir = try temporaryDirectory(self)
        try ringScene(0.25).write(to: dir.appendingPathComponent("f.scene.yaml"), atomically: false, encoding: .utf8)
        let (process, log) = try startWatching(["frames", "f.scene.yaml", "-o", "f/%02d.png", "--watch"], in: dir)
        eventually("the first frames") { runs(log) == 1 && fm.fileExists(atPath: dir.appendingPathComponent("f/00.png").path) }
        process.interrupt()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let refused = try scenec(["render", "f.scene.yaml", "-o", "-", "--watch"], directory: dir)
        XCTAssertEqual(refused.status, 2)
    }

    /// The same scene rendered once, without --watch.
    func renderAlone(_ text: String, in dir: URL) throws -> Data {
        let name = "alone-\(UUID().uuidString)"
        try text.write(to: dir.appendingPathComponent("\(name).yaml"), atomically: true, encoding: .utf8)
        defer { try? fm.removeItem(at: dir.appendingPathComponent("\(name).yaml")) }
        XCTAssertEqual(try scenec(["render", "\(name).yaml", "-o", "-", "--format", "png"], directory: dir).status, 0)
        return try scenec(["render", "\(name).yaml", "-o", "-", "--format", "png"], directory: dir).stdout
    }
}

/// Driving a watch from a test: shared by the tests of what a watch follows.
extension XCTestCase {
    /// Starts scenec in the background; its standard error is collected in a file.
    func startWatching(_ arguments: [String], in dir: URL) throws -> (Process, URL) {
        let log = dir.appendingPathComponent("watch-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let p = Process()
        p.executableURL = scenecBinary()
        p.arguments = arguments
        p.currentDirectoryURL = dir
        p.standardError = try FileHandle(forWritingTo: log)
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        return (p, log)
    }

    /// Waits until `condition` holds (a watch reacts in well under a second), failing after 10 s.
    func eventually(_ what: String, _ condition: () -> Bool, file: StaticString = #filePath, line: UInt = #line) {
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if condition() { return }
            Thread.sleep(forTimeInterval: 0.02)
        }
        XCTFail("timed out waiting: \(what)", file: file, line: line)
    }

    func runs(_ log: URL) -> Int {
        ((try? String(contentsOf: log, encoding: .utf8)) ?? "").components(separatedBy: "; waiting for a change").count - 1
    }
}
