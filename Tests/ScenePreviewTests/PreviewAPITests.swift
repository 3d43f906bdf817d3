import Foundation
import Glibc
@testable import ScenePreview
import ScenecKit
import TestSupport
import XCTest

/// `scenec preview`'s HTTP API and its guards, over real sockets, without a browser: the server
/// started in the test (ServedPreview), its answers compared with what `SceneFile` gives, which is
/// what the command line prints and writes (ScenecCLITests/SceneFileTests). (Its signals, memory
/// and exit codes stay in ScenecCLITests/PreviewTests.)
final class PreviewAPITests: XCTestCase {
    var showcase: String { repositoryRoot.appendingPathComponent("scenes/showcase.scene.yaml").path }

    func testTheAPIWithoutTheTokenIsForbiddenButThePagesFilesAreServed() throws {
        let preview = try ServedPreview(self, scene: showcase)
        for path in ["/api/scene", "/api/render.svg", "/api/render.png", "/api/events", "/api/nothing"] {
            let reply = try preview.get(path, withToken: false)
            XCTAssertEqual(reply.status, 403, path)
            XCTAssertTrue(reply.text.contains("open the URL scenec preview printed"), reply.text)
        }
        // Outside `/api/` only the page's files exist: anything else (the browser's own
        // `/favicon.ico`) is 404 with or without the token.
        for path in ["/favicon.ico", "/nothing", "/api", "/Package.swift"] {
            XCTAssertEqual(try preview.get(path, withToken: false).status, 404, path)
            XCTAssertEqual(try preview.get(path).status, 404, path)
        }
        XCTAssertEqual(try preview.get("/api/scene?token=0123456789abcdef0123456789abcdef", withToken: false).status, 403)
        let wrong = String(preview.token.dropLast()) + (preview.token.hasSuffix("0") ? "1" : "0")
        XCTAssertEqual(try preview.get("/api/scene", withToken: false, headers: ["X-Scenec-Token: \(wrong)"]).status, 403)
        // The page sends it in a header; scripts may pass it in the query.
        XCTAssertEqual(try preview.get("/api/scene", withToken: false, headers: ["X-Scenec-Token: \(preview.token)"]).status, 200)
        XCTAssertEqual(try preview.get("/api/scene").status, 200)
        // The page's files hold no secret: served without the token, and never with a cookie
        // (cookies are not kept apart by port, so every server on 127.0.0.1 would receive it).
        for path in ["/", "/index.html", "/preview.js", "/token.js", "/preview.css"] {
            let reply = try preview.get(path, withToken: false)
            XCTAssertEqual(reply.status, 200, path)
            XCTAssertNil(reply.headers["set-cookie"], path)
            XCTAssertFalse(reply.text.contains(preview.token), path)
            XCTAssertEqual(try preview.get(path, withToken: false, host: "evil.example:\(preview.port)").status, 403,
                           "the Host check still holds for \(path)")
        }
        XCTAssertNil(try preview.get("/").headers["set-cookie"])
    }

    func testAHostHeaderOtherThanLoopbackWithThePortIsForbidden() throws {
        let preview = try ServedPreview(self, scene: showcase)
        for host in ["evil.example", "evil.example:\(preview.port)", "127.0.0.1", "localhost:1", "127.0.0.2:\(preview.port)"] {
            XCTAssertEqual(try preview.get("/api/scene", host: host).status, 403, host)
        }
        for host in ["127.0.0.1:\(preview.port)", "localhost:\(preview.port)", "[::1]:\(preview.port)", "LOCALHOST:\(preview.port)"] {
            XCTAssertEqual(try preview.get("/api/scene", host: host).status, 200, host)
        }
    }

    func testOnlyThePageAndTheAPIExist() throws {
        let preview = try ServedPreview(self, scene: showcase)
        for path in ["/etc/passwd", "/../Package.swift", "/api/../../Package.swift", "/Package.swift", "/api/",
                     "/api/nothing", "/Sources/ScenePreview/Assets/preview.js", "/%2e%2e/Package.swift"] {
            let reply = try preview.get(path)
            XCTAssertEqual(reply.status, 404, path)
            XCTAssertFalse(reply.text.contains("swift-tools-version"), path)
        }
        for (path, type) in [("/", "text/html"), ("/preview.js", "text/javascript"), ("/preview.css", "text/css")] {
            let reply = try preview.get(path)
            XCTAssertEqual(reply.status, 200, path)
            XCTAssertTrue(reply.headers["content-type"]?.hasPrefix(type) ?? false, path)
        }
        XCTAssertEqual(try preview.request("POST /api/scene?token=\(preview.token) HTTP/1.1", body: [1]).status, 405)
    }

    func testABodyOverOneMiBIsRefused() throws {
        let preview = try ServedPreview(self, scene: showcase)
        let reply = try preview.request("POST /api/scene?token=\(preview.token) HTTP/1.1",
                                        body: [UInt8](repeating: 65, count: 2 << 20))
        XCTAssertEqual(reply.status, 413)
        // Chunked, with no length announced, is counted as it arrives.
        let fd = try preview.connectSocket()
        defer { close(fd) }
        let head = "POST /api/scene?token=\(preview.token) HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\n"
            + "Transfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
        preview.sendAll(fd, Array(head.utf8))
        let chunk = Array("10000\r\n".utf8) + [UInt8](repeating: 66, count: 0x10000) + Array("\r\n".utf8)
        for _ in 0..<20 { preview.sendAll(fd, chunk) }
        preview.sendAll(fd, Array("0\r\n\r\n".utf8))
        XCTAssertEqual(preview.readReply(fd).status, 413)
    }

    func testABadOverrideIs422WithTheCommandLinesMessage() throws {
        let preview = try ServedPreview(self, scene: showcase)
        // What `scenec render SHOWCASE --set download.progress=2` prints, and that it fails.
        var thrown: SceneError?
        XCTAssertThrowsError(try SceneFile(contentsOf: showcase).render(.svg, overrides: ["download.progress=2"])) {
            thrown = $0 as? SceneError
        }
        let cli = try XCTUnwrap(thrown)
        XCTAssertEqual(cli.kind, .invalidScene)
        for path in ["/api/render.svg?set=download.progress=2", "/api/render.png?set=download.progress%3D2",
                     "/api/scene?set=download.progress=2"] {
            let reply = try preview.get(path)
            XCTAssertEqual(reply.status, 422, path)
            let json = try reply.json()
            let diagnostics = try XCTUnwrap(json["diagnostics"] as? [[String: Any]])
            let message = try XCTUnwrap(diagnostics.first?["message"] as? String)
            XCTAssertTrue(cli.description.contains(message), "'\(message)' is not what the CLI says: \(cli.description)")
            XCTAssertEqual(diagnostics.first?["origin"] as? String, "--set download.progress=2")
            let text = try XCTUnwrap(json["text"] as? String)
            XCTAssertTrue(cli.description.hasPrefix(text), "\(text) is not how the CLI starts: \(cli.description)")
        }
        XCTAssertEqual(try preview.get("/api/render.svg?set=nodot").status, 400)
    }

    func testRendersAreTheCommandLinesPictures() throws {
        let preview = try ServedPreview(self, scene: showcase)
        let scene = try SceneFile(contentsOf: showcase)
        for format in [SceneFile.Format.svg, .png] {
            // What `scenec render SHOWCASE -o cli.FORMAT --set download.progress=0.25` writes.
            let cli = try scene.render(format, overrides: ["download.progress=0.25"])
            let reply = try preview.get("/api/render.\(format)?set=download.progress%3D0.25")
            XCTAssertEqual(reply.status, 200)
            XCTAssertEqual(reply.headers["content-type"], format == .svg ? "image/svg+xml" : "image/png")
            XCTAssertEqual(reply.body, cli, format.rawValue)
        }
        let twice = try preview.get("/api/render.png?scale=1")
        XCTAssertEqual(twice.status, 200)
        // 640 × 400 at scale 1: the IHDR's width and height.
        XCTAssertEqual(Array(twice.body[16..<24]), [0, 0, 2, 128, 0, 0, 1, 144])
    }

    /// `quick=1` (the page's pictures during a drag): the same pixels, deflated at the quickest
    /// level, read back by Pillow.
    func testAQuickPNGHasThePixelsOfTheExactOne() throws {
        let preview = try ServedPreview(self, scene: showcase)
        let dir = try temporaryDirectory(self)
        var files: [String] = []
        for quick in ["", "&quick=1"] {
            let reply = try preview.get("/api/render.png?scale=1.25&set=download.progress%3D0.3\(quick)")
            XCTAssertEqual(reply.status, 200)
            let path = dir.appendingPathComponent("picture\(quick.isEmpty ? "" : "-quick").png").path
            try Data(reply.body).write(to: URL(fileURLWithPath: path))
            files.append(path)
        }
        XCTAssertNotEqual(try Data(contentsOf: URL(fileURLWithPath: files[0])), try Data(contentsOf: URL(fileURLWithPath: files[1])),
                          "the quick PNG is deflated at another level: its bytes differ")
        let same = try runTool(try python(), ["-c", """
            import sys
            from PIL import Image
            a, b = (Image.open(p) for p in sys.argv[1:])
            print(a.size, a.mode, a.tobytes() == b.tobytes() and (a.size, a.mode) == (b.size, b.mode))
            """] + files)
        XCTAssertEqual(same.trimmingCharacters(in: .whitespacesAndNewlines), "(800, 500) RGB True")
    }

    /// During a drag the page names the quick picture its canvas holds (`base`) and gets only the
    /// rectangles that changed: pasted onto that picture by a real reader (Pillow), they give the
    /// pixels of the whole quick picture of the new state.
    func testAQuickPictureOverTheOneBeforeIsTheRectanglesThatChanged() throws {
        let preview = try ServedPreview(self, scene: showcase)
        let dir = try temporaryDirectory(self)
        let state = "/api/render.png?scale=1.25&quick=1&set=download.progress%3D"
        let first = try preview.get(state + "0.3")
        XCTAssertEqual(first.status, 200)
        XCTAssertEqual(first.headers["content-type"], "image/png")
        XCTAssertNil(first.headers["scenec-base"], "no base asked for: the whole picture")
        XCTAssertEqual(first.headers["scenec-size"], "800x500")
        let number = try XCTUnwrap(first.headers["scenec-picture"])

        let patched = try preview.get(state + "0.6&base=\(number)")
        XCTAssertEqual(patched.status, 200)
        XCTAssertEqual(patched.headers["scenec-base"], number)
        XCTAssertNotEqual(patched.headers["scenec-picture"], number)
        let patches = try XCTUnwrap(patched.headers["scenec-patches"]).split(separator: ";").map {
            $0.split(separator: ",").map { Int($0)! }
        }
        // The ring at the top and, far below it, the label that shows its value.
        XCTAssertEqual(patches.count, 2, "\(patches)")
        XCTAssertEqual(patches.map { $0[2] }.reduce(0, +), patched.body.count)
        XCTAssertLessThan(patched.body.count * 4, first.body.count, "a fraction of the whole picture's bytes")

        let whole = try preview.get(state + "0.6")
        XCTAssertNil(whole.headers["scenec-base"])
        var files = [dir.appendingPathComponent("base.png").path, dir.appendingPathComponent("whole.png").path]
        try Data(first.body).write(to: URL(fileURLWithPath: files[0]))
        try Data(whole.body).write(to: URL(fileURLWithPath: files[1]))
        var offset = 0
        for (i, patch) in patches.enumerated() {
            let path = dir.appendingPathComponent("patch-\(i)-\(patch[0])-\(patch[1]).png").path
            try Data(patched.body[offset..<(offset + patch[2])]).write(to: URL(fileURLWithPath: path))
            offset += patch[2]
            files.append(path)
        }
        let same = try runTool(try python(), ["-c", """
            import sys
            from PIL import Image
            base, whole = (Image.open(p).convert('RGBA') for p in sys.argv[1:3])
            for path in sys.argv[3:]:
                x, y = (int(n) for n in path[:-4].split('-')[-2:])
                base.paste(Image.open(path).convert('RGBA'), (x, y))
            print(base.tobytes() == whole.tobytes(), Image.open(sys.argv[1]).tobytes() != whole.tobytes())
            """] + files)
        XCTAssertEqual(same.trimmingCharacters(in: .whitespacesAndNewlines), "True True",
                       "the patched picture has the whole one's pixels (and differs from the base)")

        // The same state again over it: nothing changed, nothing sent.
        let newest = try XCTUnwrap(patched.headers["scenec-picture"])
        let unchanged = try preview.get(state + "0.6&base=\(newest)")
        XCTAssertEqual(unchanged.status, 200)
        XCTAssertEqual(unchanged.headers["scenec-base"], newest)
        XCTAssertEqual(unchanged.body.count, 0)
        XCTAssertEqual(unchanged.headers["scenec-patches"] ?? "", "")

        // A picture the server does not hold (never sent, or long gone), or not a number: the whole one.
        for base in ["999999", "x", "-1"] {
            let fallback = try preview.get(state + "0.6&base=\(base)")
            XCTAssertEqual(fallback.status, 200, base)
            XCTAssertEqual(fallback.headers["content-type"], "image/png", base)
            XCTAssertNil(fallback.headers["scenec-base"], base)
            XCTAssertEqual(fallback.body, whole.body, base)
        }
    }

    func testAPictureSaysWhereTheServersTimeWentInServerTiming() throws {
        let preview = try ServedPreview(self, scene: showcase)
        for path in ["/api/render.svg?set=download.progress%3D0.3", "/api/render.png?scale=1&set=download.progress%3D0.3"] {
            let timing = try XCTUnwrap(try preview.get(path).headers["server-timing"], path)
            // `compile;dur=N, draw;dur=N`, each a number of milliseconds.
            let steps = timing.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).split(separator: ";") }
            XCTAssertEqual(steps.map { String($0[0]) }, ["compile", "draw"], timing)
            for step in steps {
                XCTAssertEqual(step.count, 2, timing)
                XCTAssertTrue(step[1].hasPrefix("dur="), timing)
                XCTAssertNotNil(Double(step[1].dropFirst(4)), timing)
            }
        }
        XCTAssertEqual(PreviewAPI.serverTiming([("compile", .microseconds(4250)), ("draw", .milliseconds(12))]),
                       "compile;dur=4.3, draw;dur=12.0")
    }

    func testTheSceneDocumentHasAddressesFramesTheRegistryAndTimelineSources() throws {
        let preview = try ServedPreview(self, scene: showcase)
        let json = try preview.get("/api/scene?set=download.progress=0.5").json()
        let views = try XCTUnwrap(json["views"] as? [[String: Any]])
        XCTAssertEqual(views.first?["address"] as? String, "views[0]")
        let children = try XCTUnwrap(views.first?["children"] as? [[String: Any]])
        let download = try XCTUnwrap(children.first)
        XCTAssertEqual(download["address"] as? String, "views[0].children[0]")
        XCTAssertEqual(download["setPrefix"] as? String, "download")
        XCTAssertNotNil(download["frame"] as? [String: Any])
        let progress = try XCTUnwrap((download["attributes"] as? [[String: Any]])?.first { $0["name"] as? String == "progress" })
        XCTAssertEqual(progress["value"] as? Double, 0.5)
        XCTAssertEqual(progress["source"] as? String, "--set")
        let ring = try XCTUnwrap((json["registry"] as? [String: Any])?["kinds"] as? [String: Any])["ring"] as? [String: Any]
        let spec = try XCTUnwrap((ring?["attributes"] as? [[String: Any]])?.first { $0["name"] as? String == "progress" })
        XCTAssertEqual(spec["control"] as? String, "number")
        XCTAssertEqual(spec["max"] as? Double, 1)

        let animated = try ServedPreview(self, scene: repositoryRoot.appendingPathComponent("scenes/anim-ring-fill.scene.yaml").path)
        let atOne = try animated.get("/api/scene?time=1s").json()
        let timeline = try XCTUnwrap(atOne["timeline"] as? [String: Any])
        XCTAssertEqual(timeline["fps"] as? Double, 30)
        XCTAssertEqual(timeline["frames"] as? Int, 61)
        let ringView = try XCTUnwrap((atOne["views"] as? [[String: Any]])?.first)
        let animatedProgress = try XCTUnwrap((ringView["attributes"] as? [[String: Any]])?.first { $0["name"] as? String == "progress" })
        XCTAssertEqual(animatedProgress["source"] as? String, "timeline")
        XCTAssertEqual(try XCTUnwrap(animatedProgress["value"] as? Double), 0.375, accuracy: 0.001)
    }

    func testAnEventStreamHearsAWriteWithinOneSecond() throws {
        let dir = try temporaryDirectory(self)
        let scene = dir.appendingPathComponent("live.scene.yaml")
        try FileManager.default.copyItem(atPath: showcase, toPath: scene.path)
        let preview = try ServedPreview(self, scene: scene.path)
        let fd = try preview.connectSocket()
        defer { close(fd) }
        preview.sendAll(fd, Array("GET /api/events?token=\(preview.token) HTTP/1.1\r\nHost: 127.0.0.1:\(preview.port)\r\n\r\n".utf8))
        var received = ""
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !received.contains(": connected") {
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { throw PreviewFailure("the event stream closed: \(received)") }
            received += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        XCTAssertTrue(received.contains("text/event-stream"), received)
        let written = Date()
        try (String(contentsOf: scene, encoding: .utf8) + "# changed\n").write(to: scene, atomically: true, encoding: .utf8)
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        while !received.contains("event: changed") {
            let n = recv(fd, &buffer, buffer.count, 0)
            guard n > 0 else { break }
            received += String(decoding: buffer[0..<n], as: UTF8.self)
        }
        XCTAssertTrue(received.contains("event: changed"), received)
        XCTAssertLessThan(Date().timeIntervalSince(written), 1.0)
        // Stopping (what SIGTERM does) does not wait on the open stream.
        let stopping = Date()
        preview.server.stop()
        XCTAssertLessThan(Date().timeIntervalSince(stopping), 2.0)
    }
}
