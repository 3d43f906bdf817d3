import Foundation
import Glibc
import XCTest

/// `scenec preview` as a process: the first line is the page's address, SIGTERM and Ctrl-C end
/// it with 0, its memory stays flat under garbled requests, another host is warned of and a
/// missing scene is exit 3. (The HTTP API and its guards are ScenePreviewTests/PreviewAPITests,
/// the server started in process.)
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
