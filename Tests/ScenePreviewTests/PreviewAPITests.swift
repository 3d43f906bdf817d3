import Foundation
import Glibc
import XCTest

/// `scenec preview`'s HTTP API and its guards, over real sockets, without a browser.
final class PreviewTests: XCTestCase {
    var showcase: String { repositoryRoot.appendingPathComponent("scenes/showcase.scene.yaml").path }

    func testTheFirstLineIsTheURLAndSIGTERMAndCtrlCExitZero() throws {
        for signal in [SIGTERM, SIGINT] {
            let preview = try RunningPreview(self, scene: showcase)
            XCTAssertEqual(try preview.get("/api/scene").status, 200)
            XCTAssertEqual(preview.interrupt(signal), 0, preview.stderr)
            XCTAssertTrue(preview.stderr.contains("serving"), preview.stderr)
        }
    }

    func testTheAPIWithoutTheTokenIsForbiddenButThePagesFilesAreServed() throws {
        let preview = try RunningPreview(self, scene: showcase)
        for path in ["/api/scene", "/api/render.svg", "/api/render.png", "/api/events", "/api/nothing", "/nothing"] {
            let reply = try preview.get(path, withToken: false)
            XCTAssertEqual(reply.status, 403, path)
            XCTAssertTrue(reply.text.contains("open the URL scenec preview printed"), reply.text)
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
        let preview = try RunningPreview(self, scene: showcase)
        for host in ["evil.example", "evil.example:\(preview.port)", "127.0.0.1", "localhost:1", "127.0.0.2:\(preview.port)"] {
            XCTAssertEqual(try preview.get("/api/scene", host: host).status, 403, host)
        }
        for host in ["127.0.0.1:\(preview.port)", "localhost:\(preview.port)", "[::1]:\(preview.port)", "LOCALHOST:\(preview.port)"] {
            XCTAssertEqual(try preview.get("/api/scene", host: host).status, 200, host)
        }
    }

    func testOnlyThePageAndTheAPIExist() throws {
        let preview = try RunningPreview(self, scene: showcase)
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
        let preview = try RunningPreview(self, scene: showcase)
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
        let preview = try RunningPreview(self, scene: showcase)
        let cli = try scenec(["render", showcase, "-o", "/dev/null", "--format", "svg", "--set", "download.progress=2"])
        XCTAssertEqual(cli.status, 1)
        for path in ["/api/render.svg?set=download.progress=2", "/api/render.png?set=download.progress%3D2",
                     "/api/scene?set=download.progress=2"] {
            let reply = try preview.get(path)
            XCTAssertEqual(reply.status, 422, path)
            let json = try reply.json()
            let diagnostics = try XCTUnwrap(json["diagnostics"] as? [[String: Any]])
            let message = try XCTUnwrap(diagnostics.first?["message"] as? String)
            XCTAssertTrue(cli.stderr.contains(message), "'\(message)' is not what the CLI says: \(cli.stderr)")
            XCTAssertEqual(diagnostics.first?["origin"] as? String, "--set download.progress=2")
            let text = try XCTUnwrap(json["text"] as? String)
            XCTAssertTrue(cli.stderr.hasPrefix(text), "\(text) is not how the CLI starts: \(cli.stderr)")
        }
        XCTAssertEqual(try preview.get("/api/render.svg?set=nodot").status, 400)
    }

    func testRendersAreTheCommandLinesPictures() throws {
        let preview = try RunningPreview(self, scene: showcase)
        let dir = try temporaryDirectory(self)
        for format in ["svg", "png"] {
            let out = dir.appendingPathComponent("cli.\(format)")
            XCTAssertEqual(try scenec(["render", showcase, "-o", out.path, "--set", "download.progress=0.25"]).status, 0)
            let reply = try preview.get("/api/render.\(format)?set=download.progress%3D0.25")
            XCTAssertEqual(reply.status, 200)
            XCTAssertEqual(reply.headers["content-type"], format == "svg" ? "image/svg+xml" : "image/png")
            XCTAssertEqual(Data(reply.body), try Data(contentsOf: out), format)
        }
        let twice = try preview.get("/api/render.png?scale=1")
        XCTAssertEqual(twice.status, 200)
        // 640 × 400 at scale 1: the IHDR's width and height.
        XCTAssertEqual(Array(twice.body[16..<24]), [0, 0, 2, 128, 0, 0, 1, 144])
    }

    func testTheSceneDocumentHasAddressesFramesTheRegistryAndTimelineSources() throws {
        let preview = try RunningPreview(self, scene: showcase)
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

        let animated = try RunningPreview(self, scene: repositoryRoot.appendingPathComponent("scenes/anim-ring-fill.scene.yaml").path)
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
        let preview = try RunningPreview(self, scene: scene.path)
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
        // Stopping does not wait on the open stream.
        let stopping = Date()
        XCTAssertEqual(preview.interrupt(SIGTERM), 0)
        XCTAssertLessThan(Date().timeIntervalSince(stopping), 2.0)
    }

    func testGarbledParametersGet200400Or422AndMemoryStaysFlat() throws {
        let preview = try RunningPreview(self, scene: showcase)
        var generator = SystemRandomNumberGenerator()
        let sets = ["download.progress=0.3", "download.progress=2", "download.progress=abc", "download.progressColor=%23ff0000",
                    "download.progressColor=%23zz", "nosuch.progress=1", "download.nosuch=1", "=", "download.=1", ".x=1",
                    "download.lineWidth=-1", "download.lineWidth=1e400", "download.startAngle=90deg", "upload.clockwise=yes",
                    "download.progress=%5B1,2%5D", "download.progress=%7Ba:%20b%7D", "download.progress=%5B%5B%5B",
                    "download.progress=%00", "download.progress=%FF%FE", String(repeating: "a", count: 2000)]
        let times = ["0", "1.5s", "-1", "nan", "inf", "12f", "1e308", "abc", "250ms", "%00", ""]
        let scales = ["1", "0", "-2", "nan", "inf", "1e9", "500", "0.01", "x", "2", "4.9e-324", "1e308"]
        var firstHundred = 0
        for i in 0..<1000 {
            var query: [String] = []
            for _ in 0..<Int.random(in: 0...3, using: &generator) { query.append("set=" + (sets.randomElement(using: &generator) ?? "")) }
            if Bool.random(using: &generator) { query.append("time=" + (times.randomElement(using: &generator) ?? "")) }
            if Bool.random(using: &generator) { query.append("scale=" + (scales.randomElement(using: &generator) ?? "")) }
            let endpoint = ["/api/render.svg", "/api/render.png", "/api/scene"][i % 3]
            let reply = try preview.get(endpoint + "?" + query.joined(separator: "&"))
            XCTAssertTrue([200, 400, 422].contains(reply.status), "\(endpoint)?\(query): \(reply.status) \(reply.text)")
            if i == 99 { firstHundred = preview.residentKiB }
        }
        let last = preview.residentKiB
        XCTAssertGreaterThan(firstHundred, 0)
        XCTAssertLessThanOrEqual(Double(last), Double(firstHundred) * 1.10,
                                 "resident memory grew from \(firstHundred) KiB to \(last) KiB")
        XCTAssertEqual(try preview.get("/api/scene").status, 200, "still serving")
    }

    func testAnotherHostPrintsAWarningAndAMissingSceneIsExit3() throws {
        let preview = try RunningPreview(self, scene: showcase, arguments: ["--host", "0.0.0.0"])
        XCTAssertEqual(try preview.get("/api/scene").status, 200)
        XCTAssertEqual(preview.interrupt(), 0)
        XCTAssertTrue(preview.stderr.contains("warning"), preview.stderr)
        // Missing inside the folders scenec may read (outside them, it is refused unread: exit 1).
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("nonexistent-\(UUID()).scene.yaml")
        XCTAssertEqual(try scenec(["preview", missing.path]).status, 3)
        XCTAssertEqual(try scenec(["preview", showcase, "--port", "70000"]).status, 2)
        XCTAssertTrue(try scenec(["preview", "--help"]).stdoutText.contains("--port N"))
    }
}
