import Foundation
import TestSupport
import XCTest

/// A time past the end of the timeline: `render --time` refuses it with a located error, and so
/// does `/api/export` (422, the checker's own diagnostic; the browser test compares it with the
/// CLI's). The page's pictures draw on: an override that shortens the timeline leaves the page's
/// time past the new end (Tests/Browser/preview_test.py, "the animation replaced"), and playback
/// asks for the last frame `frames` draws, up to half a frame past an end that is not a whole
/// number of frames.
final class TimePastTheEndTests: XCTestCase {
    func testAnExportPastTheEndIsRefusedAsRenderRefusesIt() throws {
        let scene = FileManager.default.temporaryDirectory.appendingPathComponent("end-\(UUID().uuidString).scene.yaml").path
        // 0.99 s at 30 fps: frames 0…30, the last at 1 s.
        try """
            canvas: {width: 20, height: 20, background: white}
            views: [{id: r, type: ring, frame: {x: 0, y: 0, width: 20, height: 20}}]
            timeline:
              fps: 30
              animations: [{target: r.progress, from: 0, to: 1, duration: 0.99s}]
            """.write(toFile: scene, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: scene) }
        let preview = try ServedPreview(self, scene: scene)
        func get(_ path: String) throws -> HTTPReply {
            try preview.get(path, withToken: false, headers: ["X-Scenec-Token: \(preview.token)"])
        }
        for path in ["/api/export?format=png&time=0.99", "/api/render.png?time=30f", "/api/render.svg?time=1",
                     "/api/render.png?time=5"] {
            XCTAssertEqual(try get(path).status, 200, path)
        }
        for path in ["/api/export?format=png&time=1", "/api/export?format=svg&time=2s", "/api/export?format=pdf&time=31f"] {
            let reply = try get(path)
            XCTAssertEqual(reply.status, 422, path)
            XCTAssertTrue(reply.text.contains("is past the end of the timeline, which lasts 0.99 s"), "\(path): \(reply.text)")
            XCTAssertTrue(reply.text.contains(":3:1: error: --time"), "\(path): \(reply.text)")
        }
    }
}
