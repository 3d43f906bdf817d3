import Foundation
import TestSupport
import XCTest

/// `POST /api/write` over a raw socket: the edit engine's change reaches the file only with the
/// token, a loopback Host, the page's own origin and the hash of the file as it is on disk (the
/// server started in the test, ServedPreview).
final class PreviewWriteTests: XCTestCase {
    func copyOfShowcase() throws -> URL {
        let dir = try temporaryDirectory(self)
        let scene = dir.appendingPathComponent("s.scene.yaml")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("scenes/showcase.scene.yaml"), to: scene)
        return scene
    }

    func body(_ hash: String, _ sets: [String]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: ["hash": hash, "set": sets]))
    }

    func hash(_ url: URL) throws -> String {
        try XCTUnwrap(sha256sum(try Data(contentsOf: url)))
    }

    func post(_ preview: ServedPreview, _ body: [UInt8], token: Bool = true, host: String? = nil,
              headers: [String] = []) throws -> HTTPReply {
        try preview.request("POST /api/write\(token ? "?token=\(preview.token)" : "") HTTP/1.1", host: host,
                            headers: headers, body: body)
    }

    func testAWriteChangesOnlyThatValueAndAnswersTheNewHash() throws {
        let scene = try copyOfShowcase()
        let before = try String(contentsOf: scene, encoding: .utf8)
        let preview = try ServedPreview(self, scene: scene.path)
        let origin = "Origin: http://127.0.0.1:\(preview.port)"
        let reply = try post(preview, try body(try hash(scene), ["download.progress=0.25"]),
                             headers: [origin, "Sec-Fetch-Site: same-origin", "Content-Type: application/json"])
        XCTAssertEqual(reply.status, 200, reply.text)
        let after = try String(contentsOf: scene, encoding: .utf8)
        XCTAssertEqual(after, before.replacingOccurrences(of: "progress: 0.72,", with: "progress: 0.25,"))
        XCTAssertEqual(try reply.json()["hash"] as? String, try hash(scene))
        // The pictures follow at once.
        let document = try preview.get("/api/scene").json()
        XCTAssertEqual(document["hash"] as? String, try hash(scene))
    }

    /// The colour control's texts (issue 23): the file gets the form chosen — names, a pair
    /// with a `{color, alpha}` side, hex only where hex was sent — and the scene document
    /// then gives each colour's form and both of its sides, and the system colours by name.
    func testColourFormsAreWrittenAsChosenAndDescribedBack() throws {
        let scene = try copyOfShowcase()
        let preview = try ServedPreview(self, scene: scene.path)
        let reply = try post(preview, try body(try hash(scene), [
            "download.progressColor={light: systemBlue, dark: {color: systemBlue, alpha: 0.8}}",
            "upload.progressColor=systemRed",
            "download.trackColor=#ff000080",
        ]))
        XCTAssertEqual(reply.status, 200, reply.text)
        let after = try String(contentsOf: scene, encoding: .utf8)
        XCTAssertTrue(after.contains("progressColor: {light: systemBlue, dark: {color: systemBlue, alpha: 0.8}}"), after)
        XCTAssertTrue(after.contains("progressColor: systemRed"), after)
        XCTAssertTrue(after.contains("trackColor: \"#ff000080\""), "hex where hex was sent: \(after)")

        let document = try preview.get("/api/scene?appearance=dark").json()
        let views = try XCTUnwrap(document["views"] as? [[String: Any]])
        func view(_ id: String) -> [String: Any]? {
            var stack = views
            while let v = stack.popLast() {
                if v["id"] as? String == id { return v }
                stack += v["children"] as? [[String: Any]] ?? []
            }
            return nil
        }
        let forms = try XCTUnwrap(view("download")?["colorForms"] as? [String: [String: Any]])
        let progress = try XCTUnwrap(forms["progressColor"])
        XCTAssertEqual(progress["text"] as? String, "{light: systemBlue, dark: {color: systemBlue, alpha: 0.8}}")
        XCTAssertEqual(progress["paired"] as? Bool, true)
        XCTAssertEqual(progress["appearance"] as? String, "dark")
        let dark = try XCTUnwrap(progress["dark"] as? [String: Any])
        XCTAssertEqual(dark["system"] as? String, "systemBlue")
        XCTAssertEqual(dark["alpha"] as? Double, 0.8)
        XCTAssertEqual(dark["color"] as? String, "#0a84ffcc")
        XCTAssertEqual((progress["light"] as? [String: Any])?["text"] as? String, "systemBlue")
        XCTAssertEqual((forms["trackColor"]?["light"] as? [String: Any])?["text"] as? String, "\"#ff000080\"")
        let systemColors = try XCTUnwrap((document["registry"] as? [String: Any])?["systemColors"] as? [[String: String]])
        XCTAssertEqual(systemColors.first { $0["name"] == "systemBlue" }, ["name": "systemBlue", "light": "#007aff", "dark": "#0a84ff"])
    }

    func testAStaleHashIs409AndTheFileIsLeftAlone() throws {
        let scene = try copyOfShowcase()
        let preview = try ServedPreview(self, scene: scene.path)
        let stale = try hash(scene)
        try Data((try String(contentsOf: scene, encoding: .utf8) + "# saved in an editor\n").utf8).write(to: scene)
        let onDisk = try Data(contentsOf: scene)
        let reply = try post(preview, try body(stale, ["download.progress=0.25"]))
        XCTAssertEqual(reply.status, 409, reply.text)
        XCTAssertEqual(try reply.json()["hash"] as? String, try hash(scene))
        XCTAssertEqual(try Data(contentsOf: scene), onDisk)
    }

    func testARefusedEditIs422AndBadBodiesAre400() throws {
        let scene = try copyOfShowcase()
        let preview = try ServedPreview(self, scene: scene.path)
        let current = try hash(scene)
        let refused = try post(preview, try body(current, ["download.progress=3"]))
        XCTAssertEqual(refused.status, 422)
        XCTAssertTrue(refused.text.contains("progress must be between 0 and 1, not 3"), refused.text)
        XCTAssertEqual(try post(preview, Array("not json".utf8)).status, 400)
        XCTAssertEqual(try post(preview, try body(current, [])).status, 400)
        XCTAssertEqual(try post(preview, try body(current, ["not an address"])).status, 400)
        XCTAssertEqual(try hash(scene), current)
    }

    func testAReadOnlySceneIsRefusedWithAMessageAndLeftByteIdentical() throws {
        let scene = try copyOfShowcase()
        let preview = try ServedPreview(self, scene: scene.path)
        let before = try Data(contentsOf: scene)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: scene.path)
        let reply = try post(preview, try body(try hash(scene), ["download.progress=0.25"]))
        XCTAssertEqual(reply.status, 403, reply.text)
        let message = try XCTUnwrap(try reply.json()["error"] as? String)
        XCTAssertTrue(message.contains("is read-only (its owner may not write it); nothing written"), message)
        XCTAssertEqual(try Data(contentsOf: scene), before)
        let attributes = try FileManager.default.attributesOfItem(atPath: scene.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o444)
    }

    func testASceneGivenAsALinkIsWrittenWhereItLivesButALinkSwappedInLaterIsNot() throws {
        let real = try copyOfShowcase()
        let dir = real.deletingLastPathComponent()
        let link = dir.appendingPathComponent("link.scene.yaml")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: real.path)
        let preview = try ServedPreview(self, scene: link.path)
        XCTAssertEqual(try post(preview, try body(try hash(real), ["download.progress=0.25"])).status, 200)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), real.path)
        XCTAssertTrue(try String(contentsOf: real, encoding: .utf8).contains("progress: 0.25,"))
        let attributes = try FileManager.default.attributesOfItem(atPath: real.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o640)
        // The scene's real name now a link to another file with the very same bytes (so the
        // hash matches): refused, and the other file is left alone.
        let victim = dir.appendingPathComponent("victim.txt")
        try FileManager.default.copyItem(at: real, to: victim)
        let victimBytes = try Data(contentsOf: victim)
        try FileManager.default.removeItem(at: real)
        try FileManager.default.createSymbolicLink(at: real, withDestinationURL: victim)
        let reply = try post(preview, try body(try hash(victim), ["download.progress=0.5"]))
        XCTAssertEqual(reply.status, 409, reply.text)
        XCTAssertTrue(reply.text.contains("is now a symbolic link, which is not followed"), reply.text)
        XCTAssertEqual(try Data(contentsOf: victim), victimBytes)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: real.path), victim.path)
    }

    func testOnlyThePagesOwnOriginWithTheTokenAndAHostOfOursMayWrite() throws {
        let scene = try copyOfShowcase()
        let preview = try ServedPreview(self, scene: scene.path)
        let current = try hash(scene)
        let write = try body(current, ["download.progress=0.25"])
        XCTAssertEqual(try post(preview, write, token: false).status, 403, "no token")
        XCTAssertEqual(try post(preview, write, host: "evil.example:\(preview.port)").status, 403, "rebinding")
        XCTAssertEqual(try post(preview, write, headers: ["Origin: http://evil.example"]).status, 403)
        XCTAssertEqual(try post(preview, write, headers: ["Origin: http://localhost:\(preview.port)"]).status, 403,
                       "an origin other than the Host the request names")
        XCTAssertEqual(try post(preview, write, headers: ["Origin: null"]).status, 403)
        XCTAssertEqual(try post(preview, write, headers: ["Sec-Fetch-Site: cross-site"]).status, 403)
        XCTAssertEqual(try preview.get("/api/write").status, 405)
        XCTAssertEqual(try hash(scene), current, "nothing was written")
    }
}
