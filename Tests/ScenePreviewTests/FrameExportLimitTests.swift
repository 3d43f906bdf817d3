import Foundation
import ScenePreview
import SceneRender
import ScenecKit
import TestSupport
import XCTest

/// `/api/export`'s frame files are bounded in time (a deadline in the renderer's environment, 422
/// when it passes) and in number (one drawing at a time, 503 with Retry-After beyond), say what
/// `frames` would warn about in `X-Scenec-Warning`, and name the file in `X-Scenec-Filename`.
/// The encoder here draws every frame with the renderer the route hands it, as ScenecBuild's does
/// (whose bytes Tests/Browser/preview_export_test.py compares with `scenec frames`).
final class FrameExportLimitTests: XCTestCase {
    var ring: String { repositoryRoot.appendingPathComponent("scenes/anim-ring-fill.scene.yaml").path }

    /// Draws every frame as a PNG with the route's renderer; their bytes, concatenated.
    static func drawEveryFrame(_ kind: FrameFiles.Kind, _ animated: AnimatedScene, _ renderer: Renderer) throws -> [UInt8] {
        XCTAssertEqual(kind, .gif)
        let timeline = try XCTUnwrap(animated.scene.timeline)
        var bytes: [UInt8] = []
        for frame in 0..<timeline.frameCount(fps: timeline.fps) {
            bytes += try renderer.render(animated.views(at: Double(frame) / timeline.fps), as: .png)
        }
        return bytes
    }

    func get(_ preview: ServedPreview, _ path: String) throws -> HTTPReply {
        try preview.get(path, withToken: false, headers: ["X-Scenec-Token: \(preview.token)"])
    }

    func testTheFormatsAreTheFourFrameFiles() {
        XCTAssertEqual(FrameFiles.Kind.allCases.map(\.rawValue), ["gif", "webp", "apng", "flipbook"])
        XCTAssertEqual(FrameFiles.defaultSeconds, 60)
    }

    func testAnExportPastItsDeadlineIsStoppedWithWhereItGot() throws {
        let stopped = try ServedPreview(self, scene: ring, frameFiles: FrameFiles(seconds: 0) { kind, _, animated, renderer, _ in
            try Self.drawEveryFrame(kind, animated, renderer)
        })
        let reply = try get(stopped, "/api/export?format=gif")
        XCTAssertEqual(reply.status, 422, reply.text)
        XCTAssertTrue(reply.text.contains("the export took longer than 0 s and was stopped at ring 'circularProgressView'"), reply.text)
        XCTAssertTrue(reply.text.contains("scenec frames (--scene-timeout SECONDS)"), reply.text)

        // The same drawing within the default deadline: the file.
        let drawn = try ServedPreview(self, scene: ring, frameFiles: FrameFiles { kind, _, animated, renderer, _ in
            try Self.drawEveryFrame(kind, animated, renderer)
        })
        let file = try get(drawn, "/api/export?format=gif")
        XCTAssertEqual(file.status, 200, file.text)
        XCTAssertEqual(Array(file.body.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    }

    func testOneFrameExportDrawsAtATimeAndTheNextIsToldToComeBack() throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let first = Shared(true)
        let preview = try ServedPreview(self, scene: ring, frameFiles: FrameFiles { _, _, _, _, _ in
            if first.withLock({ f in defer { f = false }; return f }) {
                entered.signal()
                release.wait()
            }
            return Array("GIF89a".utf8)
        })
        let firstStatus = Shared(0)
        let done = DispatchSemaphore(value: 0)
        let endpoint = Endpoint(port: preview.port, token: preview.token)
        Thread.detachNewThread {
            let reply = try? endpoint.get("/api/export?format=gif", withToken: false, headers: ["X-Scenec-Token: \(endpoint.token)"])
            firstStatus.withLock { $0 = reply?.status ?? 0 }
            done.signal()
        }
        XCTAssertEqual(entered.wait(timeout: .now() + 20), .success, "the first export never started")
        let busy = try get(preview, "/api/export?format=webp")
        XCTAssertEqual(busy.status, 503, busy.text)
        XCTAssertEqual(busy.headers["retry-after"], "5")
        XCTAssertTrue(busy.text.contains("another export is being drawn"), busy.text)
        // Stills are not frame exports: drawn meanwhile.
        XCTAssertEqual(try get(preview, "/api/export?format=svg").status, 200)
        release.signal()
        XCTAssertEqual(done.wait(timeout: .now() + 20), .success)
        XCTAssertEqual(firstStatus.withLock { $0 }, 200)
        // The slot is given back: the next one draws.
        XCTAssertEqual(try get(preview, "/api/export?format=gif").status, 200)
    }

    /// The export draws with the page's clock (the configuration's environment), not the
    /// system's: a clock at `time: now` exports what the page shows.
    func testTheExportUsesThePagesClock() throws {
        let scene = FileManager.default.temporaryDirectory.appendingPathComponent("now-\(UUID().uuidString).scene.yaml").path
        try "canvas: {width: 60, height: 60, background: white}\nviews: [{type: clock, frame: {x: 0, y: 0, width: 60, height: 60}, time: now}]\n"
            .write(toFile: scene, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: scene) }
        var exports: [[UInt8]] = []
        for seconds: Double in [0, 3 * 3600 + 17 * 60] {
            let preview = try ServedPreview(self, scene: scene, environment: { RenderEnvironment(nowSecondsSinceMidnight: seconds) })
            let export = try get(preview, "/api/export?format=svg")
            XCTAssertEqual(export.status, 200, export.text)
            XCTAssertTrue(try export.body == get(preview, "/api/render.svg").body, "the export is not the page's picture at \(seconds) s")
            exports.append(export.body)
        }
        XCTAssertTrue(exports[0] != exports[1], "the clock's hands did not move between midnight and 03:17")
    }

    func testTheEncodersWarningAndTheFilesNameTravelInHeaders() throws {
        let preview = try ServedPreview(self, scene: ring, frameFiles: FrameFiles { _, name, _, _, warn in
            warn("'\(name)' plays slow\r\nX-Injected: 1")
            return Array("GIF89a".utf8)
        })
        let reply = try get(preview, "/api/export?format=gif&appearance=dark")
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertEqual(reply.headers["x-scenec-filename"], "anim-ring-fill-dark.gif")
        XCTAssertEqual(reply.headers["x-scenec-warning"], "'anim-ring-fill-dark.gif' plays slow??X-Injected: 1")
        XCTAssertNil(reply.headers["x-injected"])
        let plain = try get(preview, "/api/export?format=svg&time=0.5")
        XCTAssertEqual(plain.headers["x-scenec-filename"], "anim-ring-fill-t0.5s.svg")
        XCTAssertNil(plain.headers["x-scenec-warning"])
    }
}

/// The server's port and token, for a request from another thread.
private struct Endpoint: PreviewEndpoint, Sendable {
    let port: Int
    let token: String
}

/// A value several threads read and write (the test's own, under a lock).
private final class Shared<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
