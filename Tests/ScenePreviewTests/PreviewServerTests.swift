import Foundation
@testable import ScenePreview
import SceneRender
import SceneSyntax
import ScenecKit
import TestSupport
import XCTest

/// The preview server started in process from its `Configuration`, asked over a socket as a
/// browser asks; the static sheet built from a compiled scene.
final class PreviewServerTests: XCTestCase {
    let scene = "canvas: {width: 40, height: 30, background: \"#00ff00\"}\nviews: []\n"

    /// The server's port and token, for TestSupport's HTTP client.
    struct Endpoint: PreviewEndpoint {
        var port: Int
        var token: String
    }

    func testTheServerServesThePageAndTheSceneToTheTokensHolder() throws {
        let path = try write(scene, "s.scene.yaml", in: temporaryDirectory(self))
        var configuration = PreviewServer.Configuration(scenePath: path) { path in
            guard let data = FileManager.default.contents(atPath: path) else { return SceneReadResult.failed("gone") }
            return .bytes(Array(data))
        }
        configuration.port = 0
        let server = try PreviewServer(configuration)
        defer { server.stop() }
        XCTAssertGreaterThan(server.port, 0, "the system picked a port")
        XCTAssertTrue(server.url.hasPrefix("http://127.0.0.1:\(server.port)/#token="), server.url)
        let endpoint = Endpoint(port: server.port, token: String(server.url.split(separator: "=").last ?? ""))
        XCTAssertEqual(try endpoint.get("/", withToken: false).status, 200)
        XCTAssertEqual(try endpoint.get("/api/scene", withToken: false).status, 403, "no token, no scene")
        let svg = try endpoint.get("/api/render.svg")
        XCTAssertEqual(svg.status, 200, String(decoding: svg.body.prefix(200), as: UTF8.self))
        XCTAssertTrue(String(decoding: svg.body, as: UTF8.self).contains("<svg"), String(decoding: svg.body.prefix(400), as: UTF8.self))
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
