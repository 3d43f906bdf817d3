import Foundation
import Glibc
@testable import ScenePreview
import TestSupport
import XCTest

/// A folder's site (`scenec preview DIR`, docs/preview.md "A folder of scenes"), served in the
/// test: two `PreviewServer.ServedScene`s with one file name in two folders are both served,
/// each by its own name; the scene browser's stream tells every scene a shared import's change
/// touches (EventHub keeps each event for every stream, not only the latest); a scene's first
/// error names its file as the command line spells it.
final class PreviewSiteTests: XCTestCase {
    let theme = "styles:\n  brand: {fillColor: \"#1e88e5\"}\n"
    let scene = "imports: [../theme.yaml]\ncanvas: {width: 20, height: 20}\nviews:\n  - {type: pie, style: brand, frame: {x: 0, y: 0, width: 20, height: 20}, progress: 1}\n"

    func testTwoScenesOfOneFileNameAreBothServedAndASharedImportsChangeTellsEach() throws {
        let dir = try temporaryDirectory(self)
        let fm = FileManager.default
        for folder in ["x", "y"] {
            try fm.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try theme.write(to: dir.appendingPathComponent("theme.yaml"), atomically: true, encoding: .utf8)
        try scene.write(to: dir.appendingPathComponent("x/a.scene.yaml"), atomically: true, encoding: .utf8)
        // y's scene has an error on line 4 (progress out of range).
        try scene.replacingOccurrences(of: "progress: 1", with: "progress: 7")
            .write(to: dir.appendingPathComponent("y/a.scene.yaml"), atomically: true, encoding: .utf8)
        let served = ["x/a.scene.yaml", "y/a.scene.yaml"].map {
            PreviewServer.ServedScene(path: dir.appendingPathComponent($0).path, name: $0)
        }
        XCTAssertEqual(PreviewServer.ServedScene(path: "scenes/sub/ring.scene.yaml").name, "ring.scene.yaml",
                       "one scene is named by its file's name")
        let preview = try ServedPreview(self, scenes: served, folder: true)

        let list = try JSONSerialization.jsonObject(with: Data(try preview.get("/api/scenes").body)) as? [String: Any]
        let items = try XCTUnwrap(list?["scenes"] as? [[String: Any]])
        XCTAssertEqual(items.compactMap { $0["name"] as? String }, ["x/a.scene.yaml", "y/a.scene.yaml"])
        XCTAssertEqual(try preview.get("/api/scene?scene=x/a.scene.yaml").status, 200)
        XCTAssertEqual(try preview.get("/api/scene?scene=y/a.scene.yaml").status, 422, "served, with its errors (not 404)")
        let firstError = try XCTUnwrap(items[1]["firstError"] as? String)
        XCTAssertTrue(firstError.hasPrefix(served[1].path + ":4:"), "named by its path, not 'a.scene.yaml': \(firstError)")
        XCTAssertNil(items[0]["firstError"] as? String)

        // The browser's stream (no scene=): one change to theme.yaml touches both scenes.
        let fd = try preview.connectSocket()
        defer { close(fd) }
        preview.sendAll(fd, Array("GET /api/events?token=\(preview.token) HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\n\r\n".utf8))
        var received = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        while !received.contains(": connected") {
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { throw PreviewFailure("the event stream closed: \(received)") }
            received += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        try (theme + "# changed\n").write(to: dir.appendingPathComponent("theme.yaml"), atomically: true, encoding: .utf8)
        while !(received.contains("\"scene\":\"x/a.scene.yaml\"") && received.contains("\"scene\":\"y/a.scene.yaml\"")) {
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { break }
            received += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        XCTAssertTrue(received.contains("\"scene\":\"x/a.scene.yaml\""), "x's change was lost: \(received)")
        XCTAssertTrue(received.contains("\"scene\":\"y/a.scene.yaml\""), "y's change was lost: \(received)")
        preview.server.stop()
    }

    /// The hub itself: a stream that has not read yet gets every event published since, in order.
    func testTheHubKeepsEveryEventForAStreamBehind() {
        let hub = EventHub()
        let seen = hub.currentGeneration
        for name in ["a", "b", "c"] { hub.publish("{\"scene\":\"\(name)\"}") }
        guard case .events(let generation, let data) = hub.wait(after: seen, seconds: 0.1) else {
            return XCTFail("three events were published")
        }
        XCTAssertEqual(data, ["{\"scene\":\"a\"}", "{\"scene\":\"b\"}", "{\"scene\":\"c\"}"])
        XCTAssertEqual(generation, seen + 3)
        for n in 0..<(EventHub.kept + 10) { hub.publish("\(n)") }
        guard case .events(_, let kept) = hub.wait(after: generation, seconds: 0.1) else { return XCTFail("events") }
        XCTAssertEqual(kept.count, EventHub.kept, "a stream further behind gets the latest kept")
        XCTAssertEqual(kept.last, "\(EventHub.kept + 9)")
        hub.close()
    }
}
