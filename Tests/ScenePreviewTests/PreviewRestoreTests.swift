import Foundation
import Glibc
import TestSupport
import XCTest

/// `POST /api/write` with `move` and `dryRun`, and `POST /api/restore` (issue 27): the diff
/// before writing, a write undone byte for byte through the same guards as a write.
final class PreviewRestoreTests: XCTestCase {
    func copyOfShowcase() throws -> URL {
        let scene = try temporaryDirectory(self).appendingPathComponent("s.scene.yaml")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("scenes/showcase.scene.yaml"), to: scene)
        return scene
    }

    func hash(_ url: URL) throws -> String {
        try XCTUnwrap(sha256sum(try Data(contentsOf: url)))
    }

    func post(_ preview: ServedPreview, _ path: String, _ object: [String: Any], headers: [String] = []) throws -> HTTPReply {
        try post(preview, path, Array(try JSONSerialization.data(withJSONObject: object)), headers: headers)
    }

    func post(_ preview: ServedPreview, _ path: String, _ body: [UInt8], token: Bool = true, headers: [String] = []) throws -> HTTPReply {
        try preview.request("POST \(path)\(token ? "?token=\(preview.token)" : "") HTTP/1.1", headers: headers, body: body)
    }

    func testADryRunAnswersTheDiffAndWritesNothing() throws {
        let scene = try copyOfShowcase()
        let before = try Data(contentsOf: scene)
        let preview = try ServedPreview(self, scene: scene.path)
        let current = try hash(scene)
        let reply = try post(preview, "/api/write", ["hash": current, "set": ["download.progress=0.25"], "dryRun": true])
        XCTAssertEqual(reply.status, 200, reply.text)
        let json = try reply.json()
        XCTAssertEqual(json["dryRun"] as? Bool, true)
        XCTAssertEqual(json["hash"] as? String, current, "unchanged")
        XCTAssertEqual(json["before"] as? String, current)
        XCTAssertEqual(json["changes"] as? [String: String], ["--set download.progress=0.25": "replaced"])
        let diff = try XCTUnwrap(json["diff"] as? String)
        XCTAssertTrue(diff.hasPrefix("--- a/s.scene.yaml\n+++ b/s.scene.yaml\n@@ "), diff)
        XCTAssertTrue(diff.contains("\n-      - {id: download, type: ring, style: brand, size: 136, progress: 0.72,"), diff)
        XCTAssertTrue(diff.contains("\n+      - {id: download, type: ring, style: brand, size: 136, progress: 0.25,"), diff)
        XCTAssertEqual(try Data(contentsOf: scene), before, "nothing written")

        // The real write answers the same diff, with the new hash and the one before.
        let written = try post(preview, "/api/write", ["hash": current, "set": ["download.progress=0.25"]]).json()
        XCTAssertEqual(written["diff"] as? String, diff)
        XCTAssertEqual(written["before"] as? String, current)
        XCTAssertEqual(written["hash"] as? String, try hash(scene))
        XCTAssertNil(written["dryRun"])
    }

    func testAWriteIsUndoneAndRedoneByteForByte() throws {
        let scene = try copyOfShowcase()
        let original = try Data(contentsOf: scene)
        let preview = try ServedPreview(self, scene: scene.path)
        let first = try hash(scene)
        let write = try post(preview, "/api/write", ["hash": first, "set": ["download.progress=0.25", "header.spacing=20"]])
        XCTAssertEqual(write.status, 200, write.text)
        let second = try hash(scene)
        let edited = try Data(contentsOf: scene)
        XCTAssertNotEqual(edited, original)

        let undo = try post(preview, "/api/restore", ["hash": second, "to": first])
        XCTAssertEqual(undo.status, 200, undo.text)
        XCTAssertEqual(try Data(contentsOf: scene), original, "byte-identical")
        let undone = try undo.json()
        XCTAssertEqual(undone["hash"] as? String, first)
        XCTAssertEqual(undone["before"] as? String, second)
        XCTAssertTrue((undone["diff"] as? String)?.contains("\n+      - {id: download, type: ring, style: brand, size: 136, progress: 0.72,") ?? false)
        // The scene document follows at once.
        XCTAssertEqual(try preview.get("/api/scene").json()["hash"] as? String, first)

        let redo = try post(preview, "/api/restore", ["hash": first, "to": second])
        XCTAssertEqual(redo.status, 200, redo.text)
        XCTAssertEqual(try Data(contentsOf: scene), edited)
    }

    func testAnOutsideChangeIs409AndAnUnknownVersion404() throws {
        let scene = try copyOfShowcase()
        let preview = try ServedPreview(self, scene: scene.path)
        let first = try hash(scene)
        XCTAssertEqual(try post(preview, "/api/write", ["hash": first, "set": ["download.progress=0.25"]]).status, 200)
        let second = try hash(scene)
        try Data((try String(contentsOf: scene, encoding: .utf8) + "# saved in an editor\n").utf8).write(to: scene)
        let outside = try Data(contentsOf: scene)
        let refused = try post(preview, "/api/restore", ["hash": second, "to": first])
        XCTAssertEqual(refused.status, 409, refused.text)
        XCTAssertEqual(try refused.json()["hash"] as? String, try hash(scene))
        XCTAssertEqual(try Data(contentsOf: scene), outside, "left alone")

        // A version it never held: not even the one on disk now, which it did not write.
        let now = try hash(scene)
        for unknown in [now, String(repeating: "0", count: 64), "not a hash"] {
            let reply = try post(preview, "/api/restore", ["hash": now, "to": unknown])
            XCTAssertEqual(reply.status, 404, unknown)
            XCTAssertNotNil(try reply.json()["error"] as? String)
        }
        XCTAssertEqual(try Data(contentsOf: scene), outside)
    }

    func testARestoreIsGuardedAsAWriteIs() throws {
        let scene = try copyOfShowcase()
        let preview = try ServedPreview(self, scene: scene.path)
        let first = try hash(scene)
        XCTAssertEqual(try post(preview, "/api/write", ["hash": first, "set": ["download.progress=0.25"]]).status, 200)
        let second = try hash(scene)
        let body = Array(try JSONSerialization.data(withJSONObject: ["hash": second, "to": first]))
        XCTAssertEqual(try post(preview, "/api/restore", body, token: false).status, 403, "no token")
        XCTAssertEqual(try post(preview, "/api/restore", body, headers: ["Origin: http://evil.example"]).status, 403)
        XCTAssertEqual(try post(preview, "/api/restore", body, headers: ["Sec-Fetch-Site: cross-site"]).status, 403)
        XCTAssertEqual(try preview.request("POST /api/restore?token=\(preview.token) HTTP/1.1", host: "evil.example:\(preview.port)",
                                           body: body).status, 403, "rebinding")
        XCTAssertEqual(try preview.get("/api/restore").status, 405)
        for hostile in ["", "null", "[]", "{\"hash\": 1, \"to\": 2}", "{\"hash\": \"\(second)\"}", "\u{FF}\u{FE}"] {
            XCTAssertEqual(try post(preview, "/api/restore", Array(hostile.utf8)).status, 400, hostile)
        }
        XCTAssertEqual(try hash(scene), second, "nothing written")
        XCTAssertEqual(try post(preview, "/api/restore", body, headers: ["Origin: http://127.0.0.1:\(preview.port)"]).status, 200)
    }

    func testAMoveReordersAStacksChildren() throws {
        let scene = try copyOfShowcase()
        let before = try String(contentsOf: scene, encoding: .utf8)
        let preview = try ServedPreview(self, scene: scene.path)
        let reply = try post(preview, "/api/write", ["hash": try hash(scene), "move": [["view": "views[0].children[2]", "to": 0]]])
        XCTAssertEqual(reply.status, 200, reply.text)
        XCTAssertEqual(try reply.json()["changes"] as? [String: String], ["move views[0].children[2] to 0": "moved"])
        let download = "      - {id: download, type: ring, style: brand, size: 136, progress: 0.72, label: percent, labelColor: white}\n"
        let upload = "      - {id: upload, type: ring, style: brand, size: 136, progress: 0.35, progressColor: \"#0a84ff\", clockwise: false}\n"
        let battery = "      - {id: battery, type: pie, size: 110, progress: 0.6, fillColor: \"#30d158\", borderColor: \"#30d158\"}\n"
        XCTAssertTrue(before.contains(download + upload + battery))
        XCTAssertEqual(try String(contentsOf: scene, encoding: .utf8),
                       before.replacingOccurrences(of: download + upload + battery, with: battery + download + upload))
        let order = (try preview.get("/api/scene").json()["views"] as? [[String: Any]])?.first?["children"] as? [[String: Any]]
        XCTAssertEqual(order?.prefix(3).compactMap { $0["id"] as? String }, ["battery", "download", "upload"])
    }

    func testBadMovesAreLocatedAndHostileBodiesRefused() throws {
        let scene = try copyOfShowcase()
        let preview = try ServedPreview(self, scene: scene.path)
        let current = try hash(scene)
        let out = try post(preview, "/api/write", ["hash": current, "move": [["view": "views[0].children[2]", "to": 9]]])
        XCTAssertEqual(out.status, 422, out.text)
        XCTAssertTrue(out.text.contains("move views[0].children[2] to 9: error: views[0].children holds 4 children: to must be 0 to 3, not 9"), out.text)
        let notAView = try post(preview, "/api/write", ["hash": current, "move": [["view": "download.progress", "to": 0]]])
        XCTAssertEqual(notAView.status, 400)
        XCTAssertTrue(notAView.text.contains("move download.progress: 'download.progress' is not a view's address"), notAView.text)
        let leaf = try post(preview, "/api/write", ["hash": current, "move": [["view": "views[0].children[0].children[0]", "to": 0]]])
        XCTAssertEqual(leaf.status, 422)
        XCTAssertTrue(leaf.text.contains("is a ring, which has no children"), leaf.text)
        for hostile in ["{\"hash\": \"\(current)\", \"move\": [{\"view\": \"views[0]\", \"to\": 1e400}]}",
                        "{\"hash\": \"\(current)\", \"move\": {\"view\": \"views[0]\"}}",
                        "{\"hash\": \"\(current)\", \"move\": [{\"view\": 3, \"to\": 0}]}",
                        "{\"hash\": \"\(current)\", \"move\": [], \"set\": []}",
                        "{\"hash\": \"\(current)\", \"move\": [" + String(repeating: "[", count: 10_000) + "]}",
                        "{\"hash\": \"\(current)\", \"dryRun\": \"yes\", \"set\": [\"download.progress=0.1\"]}"] {
            XCTAssertEqual(try post(preview, "/api/write", Array(hostile.utf8)).status, 400, String(hostile.prefix(80)))
        }
        XCTAssertEqual(try hash(scene), current, "nothing written")
    }

    /// A write that fails after its edit was made (here the file system refuses the new file's
    /// bytes: a file size limit) keeps nothing: no restore can put in bytes the file never had.
    func testAFailedWriteLeavesNothingToRestore() throws {
        let scene = try copyOfShowcase()
        let original = try Data(contentsOf: scene)
        let preview = try ServedPreview(self, scene: scene.path)
        let first = try hash(scene)
        let edited = Data(String(decoding: original, as: UTF8.self)
            .replacingOccurrences(of: "progress: 0.72,", with: "progress: 0.25,").utf8)
        XCTAssertNotEqual(edited, original)

        // Every write of a regular file beyond 16 bytes fails (EFBIG) while the limit stands: the
        // whole process's limit, so it stands only around the one request (nothing else here
        // writes a file meanwhile), and SIGXFSZ is ignored so the write fails instead of killing it.
        let fileSize = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
        var limit = rlimit()
        XCTAssertEqual(getrlimit(fileSize, &limit), 0)
        let oldHandler = signal(SIGXFSZ, SIG_IGN)
        var small = limit
        small.rlim_cur = 16
        XCTAssertEqual(setrlimit(fileSize, &small), 0)
        let failed = try post(preview, "/api/write", ["hash": first, "set": ["download.progress=0.25"]])
        XCTAssertEqual(setrlimit(fileSize, &limit), 0)
        signal(SIGXFSZ, oldHandler)
        XCTAssertEqual(failed.status, 500, failed.text)
        XCTAssertTrue(failed.text.contains("nothing written"), failed.text)
        XCTAssertEqual(try Data(contentsOf: scene), original)

        let restore = try post(preview, "/api/restore", ["hash": first, "to": try XCTUnwrap(sha256sum(edited))])
        XCTAssertEqual(restore.status, 404, restore.text)
        XCTAssertEqual(try Data(contentsOf: scene), original, "left alone")
    }

    /// A scene that imports a style file: the page sends `/api/scene`'s hash (the scene's with its
    /// imports'), and a write, a move and a restore compare that.
    func testAnImportingSceneIsWrittenMovedAndRestoredWithTheHashThePageSaw() throws {
        let dir = try temporaryDirectory(self)
        let styles = dir.appendingPathComponent("styles.yaml")
        try Data("styles:\n  card: {progressColor: \"#ff2d55\"}\n".utf8).write(to: styles)
        let scene = dir.appendingPathComponent("i.scene.yaml")
        try Data("""
            imports: [styles.yaml]
            canvas: {width: 200, height: 100}
            views:
              - {id: r, type: ring, style: card, frame: {x: 0, y: 0, width: 100, height: 100}, progress: 0.3}
              - {id: p, type: pie, frame: {x: 100, y: 0, width: 100, height: 100}}

            """.utf8).write(to: scene)
        let original = try Data(contentsOf: scene)
        let preview = try ServedPreview(self, scene: scene.path)
        let seen = try XCTUnwrap(try preview.get("/api/scene").json()["hash"] as? String)
        XCTAssertNotEqual(seen, try hash(scene), "the imports count in the page's hash")

        let write = try post(preview, "/api/write", ["hash": seen, "set": ["r.progress=0.5"]])
        XCTAssertEqual(write.status, 200, write.text)
        let written = try write.json()
        XCTAssertEqual(written["before"] as? String, seen)
        let afterWrite = try XCTUnwrap(written["hash"] as? String)
        XCTAssertEqual(try preview.get("/api/scene").json()["hash"] as? String, afterWrite, "what the page reads next")

        let move = try post(preview, "/api/write", ["hash": afterWrite, "move": [["view": "views[1]", "to": 0]]])
        XCTAssertEqual(move.status, 200, move.text)
        let afterMove = try XCTUnwrap(try move.json()["hash"] as? String)
        XCTAssertTrue(try String(contentsOf: scene, encoding: .utf8).contains("views:\n  - {id: p,"))

        XCTAssertEqual(try post(preview, "/api/restore", ["hash": afterMove, "to": afterWrite]).status, 200)
        let undo = try post(preview, "/api/restore", ["hash": afterWrite, "to": seen])
        XCTAssertEqual(undo.status, 200, undo.text)
        XCTAssertEqual(try undo.json()["hash"] as? String, seen)
        XCTAssertEqual(try Data(contentsOf: scene), original, "byte for byte")

        // An edit of the imported file is a change the page has not seen.
        try Data("styles:\n  card: {progressColor: \"#0a84ff\"}\n".utf8).write(to: styles)
        let stale = try post(preview, "/api/write", ["hash": seen, "set": ["r.progress=0.5"]])
        XCTAssertEqual(stale.status, 409, stale.text)
        XCTAssertNotEqual(try stale.json()["hash"] as? String, seen)
        XCTAssertEqual(try Data(contentsOf: scene), original)
    }

    /// A move to where the view already is, and a write that sets what the file says, change
    /// nothing and say so: the same hash, every change "unchanged" (the page records no undo step).
    func testAWriteThatChangesNothingSaysSo() throws {
        let scene = try copyOfShowcase()
        let original = try Data(contentsOf: scene)
        let preview = try ServedPreview(self, scene: scene.path)
        let current = try hash(scene)
        let reply = try post(preview, "/api/write", ["hash": current, "set": ["download.progress=0.72"],
                                                     "move": [["view": "views[0]", "to": 0], ["view": "views[0].children[1]", "to": 1]]])
        XCTAssertEqual(reply.status, 200, reply.text)
        let json = try reply.json()
        XCTAssertEqual(json["hash"] as? String, current)
        XCTAssertEqual(json["before"] as? String, current)
        XCTAssertEqual(json["diff"] as? String, "")
        XCTAssertEqual(json["changes"] as? [String: String], ["--set download.progress=0.72": "unchanged",
                                                              "move views[0] to 0": "unchanged",
                                                              "move views[0].children[1] to 1": "unchanged"])
        XCTAssertEqual(try Data(contentsOf: scene), original)
    }

    /// `to` follows `--move`'s rule (a whole number from 0), named in a 400; a body of more
    /// moves than one write makes is refused before any is made.
    func testAMovesIndexIsAWholeNumberFromZeroAndMovesAreBounded() throws {
        let scene = try copyOfShowcase()
        let preview = try ServedPreview(self, scene: scene.path)
        let current = try hash(scene)
        for to in ["-1", "1.5", "\"1\"", "null", "1e30"] {
            let body = "{\"hash\": \"\(current)\", \"move\": [{\"view\": \"views[0].children[1]\", \"to\": \(to)}]}"
            let reply = try post(preview, "/api/write", Array(body.utf8))
            XCTAssertEqual(reply.status, 400, to)
            XCTAssertTrue(reply.text.contains("move views[0].children[1]: to is a whole number from 0"), reply.text)
        }
        let many = Array(repeating: ["view": "views[0].children[1]", "to": 0] as [String: Any], count: 257)
        let bounded = try post(preview, "/api/write", ["hash": current, "move": many])
        XCTAssertEqual(bounded.status, 400, bounded.text)
        XCTAssertTrue(bounded.text.contains("at most 256 moves in one write, not 257"), bounded.text)
        XCTAssertEqual(try hash(scene), current, "nothing written")
    }
}
