import Foundation
@testable import ScenePreview
import SceneRender
import SceneSyntax
import ScenecKit
import XCTest

/// The preview server started in process from its `Configuration`, asked over a socket as a
/// browser asks; the static sheet built from a compiled scene.
final class PreviewServerTests: XCTestCase {
    let scene = "canvas: {width: 40, height: 30, background: \"#00ff00\"}\nviews: []\n"

    func temporaryScene(_ text: String) throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("previewserver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("s.scene.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// One HTTP/1.1 GET to 127.0.0.1:`port`; the whole response, headers and body.
    func get(_ target: String, port: Int) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(fd, 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        XCTAssertEqual(connected, 0, "connect: \(errno)")
        let request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n"
        _ = request.withCString { send(fd, $0, strlen($0), 0) }
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n < 0, errno == EINTR { continue }
            if n <= 0 { break }
            response += chunk[0..<n]
        }
        return String(decoding: response, as: UTF8.self)
    }

    func testTheServerServesThePageAndTheSceneToTheTokensHolder() throws {
        let path = try temporaryScene(scene)
        var configuration = PreviewServer.Configuration(scenePath: path) { path in
            guard let data = FileManager.default.contents(atPath: path) else { return SceneReadResult.failed("gone") }
            return .bytes(Array(data))
        }
        configuration.port = 0
        let server = try PreviewServer(configuration)
        defer { server.stop() }
        XCTAssertGreaterThan(server.port, 0, "the system picked a port")
        XCTAssertTrue(server.url.hasPrefix("http://127.0.0.1:\(server.port)/#token="), server.url)
        let token = String(server.url.split(separator: "=").last ?? "")
        XCTAssertTrue(try get("/", port: server.port).hasPrefix("HTTP/1.1 200"))
        XCTAssertTrue(try get("/api/scene", port: server.port).hasPrefix("HTTP/1.1 403"), "no token, no scene")
        let svg = try get("/api/render.svg?token=\(token)", port: server.port)
        XCTAssertTrue(svg.hasPrefix("HTTP/1.1 200"), String(svg.prefix(200)))
        XCTAssertTrue(svg.contains("<svg"), String(svg.prefix(400)))
    }

    func testASceneThatCannotBeReadIsAFailure() {
        let configuration = PreviewServer.Configuration(scenePath: "/nowhere/s.scene.yaml") { _ in .failed("cannot read it") }
        XCTAssertThrowsError(try PreviewServer(configuration)) { error in
            XCTAssertEqual((error as? PreviewServer.Failure)?.description, "cannot read it")
        }
    }

    func testTheStaticSheetHoldsThePictureOrTheScenesFailure() throws {
        let compiled = CompiledScene(SourceFile(name: "s.scene.yaml", text: scene), frontend: Frontend())
        let sheet = StaticSheet(base: compiled, frontend: Frontend(), baseSet: [], variants: .empty, environment: RenderEnvironment())
        guard case .success(let bytes) = sheet.html(at: 0) else { return XCTFail("a valid scene has a sheet") }
        let html = String(decoding: bytes, as: UTF8.self)
        XCTAssertTrue(html.contains("<h1>s.scene.yaml</h1>"), String(html.prefix(300)))
        XCTAssertTrue(html.contains("<figure class=\"scene\"><?xml"), "the picture is inside the file")
        XCTAssertTrue(html.contains("fill:rgb(0%,100%,0%)"), "with the scene's background")
        let broken = CompiledScene(SourceFile(name: "b.scene.yaml", text: "canvas: {width: 0}\nviews: []\n"), frontend: Frontend())
        let failed = StaticSheet(base: broken, frontend: Frontend(), baseSet: [], variants: .empty, environment: RenderEnvironment())
        guard case .failure(let failure) = failed.html(at: 0) else { return XCTFail("a scene with errors has no sheet") }
        let reported: StaticSheet.Failure = failure
        XCTAssertNil(reported.message, "the scene's diagnostics say why")
        XCTAssertFalse(reported.scene.diagnostics.isEmpty)
    }
}
