import Foundation
import TestSupport
import XCTest

/// Rename, definition, hover and completion on the references graph, driven as an editor would:
/// ids followed into `target:` and into `{id.attribute}` bindings inside texts (quoted, after
/// characters UTF-16 counts twice, and in a block), styles, and the refusals with their reasons.
extension LanguageServerFeatureTests {
    static let bound = """
        canvas: {width: 300, height: 200}
        styles:
          brand: {progressColor: red, lineWidth: 12}
        views:
          - id: download
            type: ring
            style: brand
            frame: {x: 10, y: 10, width: 120, height: 120}
            progress: 0.75
          - id: caption
            type: label
            frame: {x: 0, y: 150, width: 300, height: 40}
            text: "🎉 {download.progress:percent} of {download.progress}"
          - id: note
            type: label
            frame: {x: 0, y: 0, width: 300, height: 20}
            text: |
              Fetched {download.progress:number(1)}
        timeline:
          animations:
            - {target: download.progress, to: 1, duration: 1s}

        """

    /// The error message of a request that must fail.
    func refusal(_ method: String, _ uri: String, _ params: [String: Any]) throws -> String {
        var all = params
        all["textDocument"] = ["uri": uri]
        let response = try client.request(method, all)
        XCTAssertNil(response["result"] as? [String: Any], "\(method) should be refused: \(response)")
        return (response["error"] as? [String: Any])?["message"] as? String ?? "<no error>"
    }

    func renameEdits(_ uri: String, _ position: [String: Any], to name: String) throws -> [[String: Any]] {
        let edit = try XCTUnwrap(result("textDocument/rename", uri, ["position": position, "newName": name]) as? [String: Any])
        return try XCTUnwrap((edit["changes"] as? [String: Any])?[uri] as? [[String: Any]])
    }

    func testRenamingAnIdUpdatesItsTargetsAndEveryBinding() throws {
        let s = Self.bound
        let uri = try open(s)
        let edits = try renameEdits(uri, at(s, 4, "download", 3), to: "dl")
        XCTAssertEqual(edits.count, 5, "the id, the target and three bindings: \(edits)")
        let renamed = applying(edits, to: s)
        for expected in ["- id: dl\n", "\"🎉 {dl.progress:percent} of {dl.progress}\"", "Fetched {dl.progress:number(1)}",
                         "{target: dl.progress,"] {
            XCTAssertTrue(renamed.contains(expected), "\(expected) missing from:\n\(renamed)")
        }
        XCTAssertFalse(renamed.contains("download"), renamed)
        XCTAssertTrue(try checksWritten(renamed), "scenec check refuses:\n\(renamed)")
        // The same rename asked from inside a binding, after the emoji (two UTF-16 units).
        let fromBinding = try renameEdits(uri, at(s, 12, "{download.progress}\"", 3), to: "dl")
        XCTAssertEqual(applying(fromBinding, to: s), renamed)
        let prepared = try XCTUnwrap(result("textDocument/prepareRename", uri, ["position": at(s, 17, "download", 1)]) as? [String: Any])
        XCTAssertEqual(prepared["placeholder"] as? String, "download")
        let range = prepared["range"] as? [String: [String: Int]]
        XCTAssertEqual([range?["start"]?["line"], range?["start"]?["character"], range?["end"]?["character"]], [17, 15, 23])
    }

    func testRenamingAStyleUpdatesItsDefinitionAndUses() throws {
        let s = Self.bound
        let uri = try open(s)
        let edits = try renameEdits(uri, at(s, 6, "brand", 1), to: "house")
        XCTAssertEqual(edits.count, 2)
        let renamed = applying(edits, to: s)
        XCTAssertTrue(renamed.contains("  house: {progressColor") && renamed.contains("style: house\n"), renamed)
        XCTAssertTrue(try checksWritten(renamed), "scenec check refuses:\n\(renamed)")
    }

    func testRenamesThatWouldChangeTheSceneAreRefusedWithTheReason() throws {
        let s = Self.bound
        let uri = try open(s)
        XCTAssertEqual(try refusal("textDocument/rename", uri, ["position": at(s, 4, "download", 1), "newName": "caption"]),
                       "a view already has the id 'caption'")
        XCTAssertEqual(try refusal("textDocument/rename", uri, ["position": at(s, 12, "{download", 2), "newName": "9 lives"]),
                       "'9 lives' is not an id: a letter or _, then letters, digits, _ or -")
        XCTAssertEqual(try refusal("textDocument/prepareRename", uri, ["position": at(s, 5, "ring", 1)]),
                       "only a view's id or a style's name can be renamed")
        // The imported file, open in the editor (where this server, without a project root, reads it).
        let theme = dir.appendingPathComponent("theme.yaml")
        client.open("file://" + theme.path, text: "styles:\n  soft: {lineWidth: 2}\n")
        XCTAssertNotNil(client.diagnostics("file://" + theme.path, version: 1))
        let imported = s.replacingOccurrences(of: "canvas:", with: "imports: [theme.yaml]\ncanvas:")
            .replacingOccurrences(of: "style: brand", with: "style: soft")
        let importing = try open(imported)
        XCTAssertEqual(try refusal("textDocument/rename", importing, ["position": at(imported, 7, "soft", 1), "newName": "quiet"]),
                       "style 'soft' is defined in \(theme.path), which this file imports; rename it there")
        XCTAssertEqual(try refusal("textDocument/rename", importing, ["position": at(imported, 3, "brand", 1), "newName": "soft"]),
                       "a style named 'soft' already exists")
    }

    func testDefinitionAndHoverInsideABinding() throws {
        let s = Self.bound
        let uri = try open(s)
        for position in [at(s, 12, "download", 4), at(s, 12, "progress:percent", 2), at(s, 17, "download", 0)] {
            let location = try XCTUnwrap(result("textDocument/definition", uri, ["position": position]) as? [String: Any])
            let range = location["range"] as? [String: [String: Int]]
            XCTAssertEqual([range?["start"]?["line"], range?["start"]?["character"], range?["end"]?["character"]], [4, 8, 16],
                           "the binding → the view's id")
        }
        let text = try hover(uri, at(s, 12, "progress:percent", 2))
        XCTAssertTrue(text.contains("**download.progress** (ring) = 0.75, shown as 75%"), text)
        XCTAssertTrue(text.contains("**progress**: number"), "the attribute's doc: \(text)")
    }

    /// A binding's hover says what the still draws: the timeline's value at `canvas.poster` (0
    /// without one), as `scenec inspect` and `render` take it, not the file's value before the
    /// animation; hover on the animated value itself says it is the file's and what is drawn.
    func testHoverShowsTheValueTheStillDraws() throws {
        let s = """
            canvas: {width: 400, height: 200, background: white}
            views:
              - id: a
                type: ring
                frame: {x: 10, y: 10, width: 50%, height: 100}
                progress: 0.25
              - id: t
                type: label
                frame: {x: 0, y: 150, width: 100%, height: 20}
                text: "{a.progress:percent}"
            timeline:
              animations:
                - {target: a.progress, from: 0, to: 1, duration: 1s}

            """
        let uri = try open(s)
        let binding = try hover(uri, at(s, 9, "progress:percent", 2))
        XCTAssertTrue(binding.contains("**a.progress** (ring) = 0, shown as 0%"), binding)
        XCTAssertTrue(binding.contains("at 0 s, the moment the still shows (`canvas.poster`): timeline.animations[0] (line 13) animates it"), binding)
        let value = try hover(uri, at(s, 5, "0.25", 1))
        XCTAssertTrue(value.hasPrefix("number 0–1: 0.25 (the file's value)\n\ndrawn as 0 at 0 s"), value)
        // The poster moves the moment: half way through.
        let poster = s.replacingOccurrences(of: "background: white}", with: "background: white, poster: 0.5s}")
        let posterURI = try open(poster)
        XCTAssertTrue(try hover(posterURI, at(poster, 9, "progress:percent", 2)).contains("= 0.5, shown as 50%"))
        XCTAssertTrue(try hover(posterURI, at(poster, 5, "0.25", 1)).contains("drawn as 0.5 at 0.5 s"))
        // Not animated: the file's value, with nothing more said.
        let still = String(s[..<s.range(of: "timeline:")!.lowerBound])
        let stillURI = try open(still)
        XCTAssertTrue(try hover(stillURI, at(still, 9, "progress:percent", 2)).hasPrefix("**a.progress** (ring) = 0.25, shown as 25%\n\n**progress**"))
        XCTAssertEqual(try hover(stillURI, at(still, 5, "0.25", 1)), "number 0–1: 0.25")
    }

    func testCompletionInsideABraceOffersIdsAttributesAndFormats() throws {
        // Typed as it is in an editor: without the closing quote (the file is not YAML yet), or
        // with the quote and brace the editor closed.
        func typing(_ partial: String, closed: String = "") throws -> [String] {
            let text = Self.bound.replacingOccurrences(of: "text: \"🎉 {download.progress:percent} of {download.progress}\"",
                                                       with: "text: \"🎉 \(partial)\(closed)")
            let uri = try open(text)
            return try labels(uri, at(text, 12, partial, partial.utf16.count))
        }
        XCTAssertEqual(try typing("{do"), ["caption", "download", "note"])
        XCTAssertEqual(try typing("{", closed: "}\""), ["caption", "download", "note"])
        XCTAssertTrue(try typing("{download.pro", closed: "}\"").contains("progress"))
        XCTAssertFalse(try typing("{download.pro").contains("text"), "a ring's attributes")
        let formats = try typing("{download.progress:p")
        XCTAssertTrue(formats.contains("percent") && formats.contains("number(N)"), "\(formats)")
        XCTAssertFalse(formats.contains("time"), "a number cannot be written as a time")
        XCTAssertFalse(try typing("{{do").contains("download"), "{{ writes a brace")
    }
}
