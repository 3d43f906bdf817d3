import Foundation
import Glibc
import XCTest

/// `scenec preview DIR` and `scenec preview A B` (issue 28, part 2), run as a process: a folder
/// with no scenes and one outside the project root are refused with a clear message (exit 1,
/// no server); several files are named from the folder they share, each API request picks its
/// scene by that name alone, and a style write never reaches a file outside the project root.
/// The page itself: Tests/Browser/preview_folder_test.py.
final class PreviewFolderTests: XCTestCase {
    func testAFolderWithoutScenesAndOneOutsideTheRootAreRefused() throws {
        let project = try temporaryDirectory(self)
        try FileManager.default.createDirectory(at: project.appendingPathComponent("empty/sub"), withIntermediateDirectories: true)
        try "not a scene".write(to: project.appendingPathComponent("empty/notes.yaml"), atomically: true, encoding: .utf8)
        let empty = try scenec(["preview", "empty", "--root", project.path], directory: project)
        XCTAssertEqual(empty.status, 1, empty.stderr)
        XCTAssertTrue(empty.stderr.contains("no *.scene.yaml found under 'empty'"), empty.stderr)
        XCTAssertEqual(empty.stdoutText, "", "no server starts, so no URL")

        let outside = try temporaryDirectory(self)
        try "canvas: {width: 10, height: 10}\nviews: []\n".write(to: outside.appendingPathComponent("x.scene.yaml"), atomically: true, encoding: .utf8)
        let refused = try scenec(["preview", outside.path, "--root", project.path], directory: project)
        XCTAssertEqual(refused.status, 1, refused.stderr)
        XCTAssertTrue(refused.stderr.hasPrefix("\(outside.path): error: scenes must stay inside the project root"),
                      "DIR: error: …, as docs/preview.md says: \(refused.stderr)")
        XCTAssertTrue(refused.stderr.contains("is outside it"), refused.stderr)
        XCTAssertEqual(refused.stdoutText, "")

        try FileManager.default.createDirectory(at: project.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try "canvas: {width: 10, height: 10}\nviews: []\n".write(to: project.appendingPathComponent("scenes/a.scene.yaml"), atomically: true, encoding: .utf8)
        let withStatic = try scenec(["preview", "scenes", "--root", project.path, "--static", "-o", "s.html"], directory: project)
        XCTAssertEqual(withStatic.status, 2, withStatic.stderr)
        XCTAssertTrue(withStatic.stderr.contains("--static and --vary go with one scene file"), withStatic.stderr)
    }

    /// Names come from the folder the arguments share, resolved against the working directory:
    /// two folders each with an `a.scene.yaml` are both served (a preview writes no outputs, so
    /// the build's "would both be built as" is not its rule), and a file named by its absolute
    /// path is named like one named from the working directory, never by an absolute path.
    func testScenesOfOneFileNameInTwoFoldersAndAbsolutePathsAreNamedFromTheSharedFolder() throws {
        let dir = try temporaryDirectory(self)
        let text = "canvas: {width: 10, height: 10}\nviews: []\n"
        for folder in ["x", "y"] {
            try FileManager.default.createDirectory(at: dir.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for path in ["x/a.scene.yaml", "x/b.scene.yaml", "y/a.scene.yaml"] {
            try text.write(to: dir.appendingPathComponent(path), atomically: true, encoding: .utf8)
        }
        func names(_ preview: RunningPreview) throws -> [String]? {
            let list = try JSONSerialization.jsonObject(with: Data(try preview.get("/api/scenes").body)) as? [String: Any]
            return (list?["scenes"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        }
        let folders = try RunningPreview(self, scene: "x", arguments: ["y", "--root", dir.path], directory: dir)
        XCTAssertEqual(try names(folders), ["x/a.scene.yaml", "x/b.scene.yaml", "y/a.scene.yaml"])
        XCTAssertEqual(try folders.get("/api/scene?scene=y/a.scene.yaml").status, 200)
        XCTAssertEqual(folders.interrupt(SIGTERM), 0)

        let mixed = try RunningPreview(self, scene: "x/a.scene.yaml", arguments: [dir.appendingPathComponent("x/b.scene.yaml").path, "--root", dir.path],
                                       directory: dir)
        XCTAssertEqual(try names(mixed), ["a.scene.yaml", "b.scene.yaml"], "no absolute path as a name")
        XCTAssertEqual(mixed.interrupt(SIGTERM), 0)
    }

    func testSeveralFilesAreNamedFromTheirFolderAndEachRequestNamesItsScene() throws {
        let dir = try temporaryDirectory(self)
        let fm = FileManager.default
        try fm.createDirectory(at: dir.appendingPathComponent("one"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.appendingPathComponent("two"), withIntermediateDirectories: true)
        let a = dir.appendingPathComponent("one/a.scene.yaml"), b = dir.appendingPathComponent("two/b.scene.yaml")
        let theme = dir.appendingPathComponent("two/theme.yaml")
        let themeText = "styles:\n  brand: {fillColor: \"#1e88e5\"}\n"
        try "canvas: {width: 20, height: 20}\nviews:\n  - {type: pie, frame: {x: 0, y: 0, width: 20, height: 20}, progress: 1}\n"
            .write(to: a, atomically: true, encoding: .utf8)
        try "imports: [theme.yaml]\ncanvas: {width: 20, height: 20}\nviews:\n  - {type: pie, style: brand, frame: {x: 0, y: 0, width: 20, height: 20}, progress: 1}\n"
            .write(to: b, atomically: true, encoding: .utf8)
        try themeText.write(to: theme, atomically: true, encoding: .utf8)

        // Run from the package: its repository is the project root, the temporary folder only readable.
        let preview = try RunningPreview(self, scene: a.path, arguments: [b.path])
        let list = try JSONSerialization.jsonObject(with: Data(try preview.get("/api/scenes").body)) as? [String: Any]
        XCTAssertEqual(list?["folder"] as? Bool, true)
        let names = (list?["scenes"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
        XCTAssertEqual(names, ["one/a.scene.yaml", "two/b.scene.yaml"])
        XCTAssertEqual(try preview.get("/api/scenes", withToken: false).status, 403, "the list is behind the token")
        XCTAssertEqual(try preview.get("/api/scene").status, 404, "several scenes: a request must name one")
        XCTAssertEqual(try preview.get("/api/scene?scene=one/a.scene.yaml").status, 200)
        XCTAssertEqual(try preview.get("/api/render.svg?scene=two%2Fb.scene.yaml").status, 200)
        for stranger in ["../one/a.scene.yaml", "a.scene.yaml", b.path, "two/theme.yaml"] {
            XCTAssertEqual(try preview.get("/api/scene?scene=\(stranger)").status, 404, "only a listed name picks a scene: \(stranger)")
        }

        let styles = try JSONSerialization.jsonObject(with: Data(try preview.get("/api/styles?scene=two/b.scene.yaml").body)) as? [String: Any]
        let brand = (styles?["styles"] as? [[String: Any]])?.first
        XCTAssertEqual(brand?["name"] as? String, "brand")
        XCTAssertTrue((brand?["file"] as? String)?.hasSuffix("two/theme.yaml") ?? false, "\(String(describing: brand))")

        // theme.yaml is readable (--allow-read) but outside the project root: never written.
        let scene = try JSONSerialization.jsonObject(with: Data(try preview.get("/api/scene?scene=two/b.scene.yaml").body)) as? [String: Any]
        let hash = try XCTUnwrap(scene?["hash"] as? String)
        let body = Array("{\"hash\":\"\(hash)\",\"set\":[\"styles.brand.fillColor=#e53935\"]}".utf8)
        let write = try preview.request("POST /api/write?scene=two/b.scene.yaml HTTP/1.1",
                                        headers: ["X-Scenec-Token: \(preview.token)", "Content-Type: application/json"], body: body)
        XCTAssertEqual(write.status, 403, String(decoding: write.body, as: UTF8.self))
        XCTAssertTrue(String(decoding: write.body, as: UTF8.self).contains("outside the project root"))
        XCTAssertEqual(try String(contentsOf: theme, encoding: .utf8), themeText)
        XCTAssertEqual(preview.interrupt(SIGTERM), 0)
    }

    /// `/api/styles` gives each value as the panel's controls take it (a number, a colour's form,
    /// the page's override where it has one, null for a mapping), stays linear in the number of
    /// styles (thousands answer at once: each list is grouped by name once); a write mixing the
    /// scene's own style with an imported one is the documented 400 naming both files; a write
    /// into an import that has gone is a 409, not a 500.
    func testStylesAreReadAsTheControlsTakeThemAndMixedOrStaleWritesAreRefused() throws {
        let dir = try temporaryDirectory(self)
        let scene = dir.appendingPathComponent("m.scene.yaml"), theme = dir.appendingPathComponent("theme.yaml")
        var themeText = "styles:\n  brand: {fillColor: systemBlue, borderWidth: 3, borderColor: {light: \"#e5e5ea\", dark: \"#3a3a3c\"}}\n"
        for i in 0..<5000 { themeText += "  s\(i): {fillColor: red}\n" }
        try themeText.write(to: theme, atomically: true, encoding: .utf8)
        try """
            imports: [theme.yaml]
            canvas: {width: 20, height: 20}
            styles:
              own: {fillColor: green}
            views:
              - {type: pie, style: brand, frame: {x: 0, y: 0, width: 10, height: 20}, progress: 1}
              - {type: pie, style: own, frame: {x: 10, y: 0, width: 10, height: 20}, progress: 1}
              - {type: pie, style: s7, frame: {x: 10, y: 0, width: 10, height: 20}, progress: 1}

            """.write(to: scene, atomically: true, encoding: .utf8)
        let preview = try RunningPreview(self, scene: scene.path)

        let answer = try preview.get("/api/styles?set=styles.brand.borderWidth%3D5")
        XCTAssertEqual(answer.status, 200)
        let styles = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(answer.body)) as? [String: Any])?["styles"] as? [[String: Any]])
        XCTAssertEqual(styles.count, 5002)
        XCTAssertEqual(styles.first { $0["name"] as? String == "s7" }?["uses"] as? Int, 1)
        let brand = try XCTUnwrap(styles.first { $0["name"] as? String == "brand" })
        let attributes = Dictionary(uniqueKeysWithValues: ((brand["attributes"] as? [[String: Any]]) ?? []).map { ($0["name"] as? String ?? "", $0) })
        XCTAssertEqual(attributes["borderWidth"]?["current"] as? Double, 5, "the override's value, as a number")
        XCTAssertEqual(attributes["borderWidth"]?["overridden"] as? Bool, true)
        XCTAssertEqual((attributes["fillColor"]?["form"] as? [String: Any])?["text"] as? String, "systemBlue")
        XCTAssertEqual(attributes["fillColor"]?["overridden"] as? Bool, false)
        XCTAssertTrue(attributes["borderColor"]?["value"] is NSNull, "a mapping's value is null, not missing: \(String(describing: attributes["borderColor"]))")
        XCTAssertEqual((attributes["borderColor"]?["form"] as? [String: Any])?["paired"] as? Bool, true)

        let hash = try XCTUnwrap((try JSONSerialization.jsonObject(with: Data(try preview.get("/api/scene").body)) as? [String: Any])?["hash"] as? String)
        func post(_ sets: [String]) throws -> (status: Int, text: String) {
            let set = sets.map { "\"\($0)\"" }.joined(separator: ",")
            let r = try preview.request("POST /api/write HTTP/1.1", headers: ["X-Scenec-Token: \(preview.token)", "Content-Type: application/json"],
                                        body: Array("{\"hash\":\"\(hash)\",\"set\":[\(set)],\"dryRun\":true}".utf8))
            return (r.status, String(decoding: r.body, as: UTF8.self))
        }
        let mixed = try post(["styles.brand.fillColor=#ff0000", "styles.own.fillColor=#00ff00"])
        XCTAssertEqual(mixed.status, 400, mixed.text)
        XCTAssertTrue(mixed.text.contains("theme.yaml") && mixed.text.contains("m.scene.yaml (this scene)"), mixed.text)
        XCTAssertFalse(mixed.text.contains("alias"), mixed.text)

        try FileManager.default.removeItem(at: theme)
        let gone = try post(["styles.brand.fillColor=#ff0000"])
        XCTAssertEqual(gone.status, 409, gone.text)
        XCTAssertEqual(try String(contentsOf: scene, encoding: .utf8).contains("own: {fillColor: green}"), true)
        XCTAssertEqual(preview.interrupt(SIGTERM), 0)
    }
}
