import Foundation
import SceneSyntax
import ScenecKit
import TestSupport
import XCTest

/// Issue 30: with a half-typed line in the file (most of the time while typing), every feature
/// still answers on the parts that read. Each test breaks a line ABOVE the part it asks about,
/// after the file was opened whole (so the server holds a version that checked).
final class LanguageServerBrokenLineTests: LanguageServerTestCase {
    static let scene = """
        canvas: {width: 300, height: 200, background: "#1c1c1e"}
        styles:
          brand: {progressColor: systemBlue, lineWidth: 12}
        views:
          - id: download
            type: ring
            frame: {x: 20, y: 20, width: 150, height: 100}
            progress: 0.75
            trackColor: systemRed
          - id: panel
            type: stack
            frame: {x: 180, y: 20, width: 100, height: 100}
            children:
              - {id: dot, type: indicator, on: true}
          - id: gauge
            type: ring
            style: brand
            frame: {x: 20, y: 130, width: 60, height: 60}
            trackColor: {light: systemGreen, dark: "#222222"}
        timeline:
          animations:
            - {target: download.progress, to: 1, duration: 1s}

        """

    /// The scene with a key half typed in the first view (line 8, 0-based): YAML reads no part of it.
    static let broken = scene.replacingOccurrences(of: "    progress: 0.75\n", with: "    progress: 0.75\n    lineW\n")
    static let brokenLine = 8

    var opened = 0

    /// Opens the scene whole (checked: the server keeps that version), then breaks it as `text`;
    /// its URI once the broken version's diagnostics are published.
    func openThenBreak(_ text: String = broken, openWhole: Bool = true) throws -> String {
        opened += 1
        let path = dir.appendingPathComponent("scene\(opened).scene.yaml").path
        let uri = "file://" + path
        guard openWhole else {
            client.open(uri, text: text)
            XCTAssertNotNil(client.diagnostics(uri, version: 1))
            return uri
        }
        client.open(uri, text: Self.scene)
        XCTAssertEqual(client.diagnostics(uri, version: 1)?.count, 0, "the whole scene checks")
        client.notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": text]]])
        let diagnostics = try XCTUnwrap(client.diagnostics(uri, version: 2))
        // The real YAML error, as `scenec check` reports it, not one of the mended text.
        let expected = Frontend().compile(SourceFile(name: path, text: text)).diagnostics
        XCTAssertEqual(diagnostics.compactMap { $0["message"] as? String }, expected.map(\.message))
        return uri
    }

    func hover(_ uri: String, _ position: [String: Any]) throws -> String {
        let hover = try result("textDocument/hover", uri, ["position": position]) as? [String: Any]
        return (hover?["contents"] as? [String: Any])?["value"] as? String ?? ""
    }

    func testTheBrokenLineIsWhereTheTestsSayItIs() {
        XCTAssertEqual(line(Self.broken, Self.brokenLine), "    lineW")
        XCTAssertFalse(YAMLReader().read(SourceFile(name: "s", text: Self.broken)).diagnostics.isEmpty)
    }

    func testHoverOnAValidAttributeBelowABrokenLine() throws {
        let s = Self.broken
        let uri = try openThenBreak()
        // A key: the attribute's doc.
        let key = try hover(uri, at(s, 19, "trackColor", 2))
        XCTAssertTrue(key.contains("trackColor") && key.contains("color"), key)
        // The view's type: its kind, and where the last version that checked placed it.
        let type = try hover(uri, at(s, 16, "ring", 1))
        XCTAssertTrue(type.contains("**ring**"), type)
        XCTAssertTrue(type.contains("placed at x 20, y 130, 60 × 60 pt"), type)
        XCTAssertTrue(type.contains("last version of this file that checked"), type)
        // A value read as its kind.
        XCTAssertTrue(try hover(uri, at(s, 19, "systemGreen", 2)).contains("#34c759"), "a system colour side")
        // In the broken view itself, above the broken line.
        XCTAssertTrue(try hover(uri, at(s, 5, "ring", 1)).contains("**ring**"))

        // Opened broken, no version checked yet: the kind, no place.
        let fresh = try openThenBreak(openWhole: false)
        let text = try hover(fresh, at(s, 16, "ring", 1))
        XCTAssertTrue(text.contains("**ring**") && !text.contains("placed at"), text)
    }

    func testCompletionOfAnAttributeInAnotherView() throws {
        // Typing a key in the stack, below the broken line of the ring.
        let typing = Self.broken.replacingOccurrences(of: "    type: stack\n", with: "    type: stack\n    spa\n")
        let uri = try openThenBreak(typing)
        let list = try result("textDocument/completion", uri, ["position": at(typing, 12, "spa", 3)]) as? [String: Any]
        let labels = (list?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
        XCTAssertTrue(labels.contains("spacing") && labels.contains("alignment"), "\(labels)")
        XCTAssertFalse(labels.contains("progress") || labels.contains("frame"), "a ring's key, or one the stack has: \(labels)")
    }

    func testDefinitionOfAStyleBelowABrokenLine() throws {
        let s = Self.broken
        let uri = try openThenBreak()
        let location = try XCTUnwrap(result("textDocument/definition", uri, ["position": at(s, 17, "brand", 2)]) as? [String: Any])
        XCTAssertEqual(location["uri"] as? String, uri)
        let range = location["range"] as? [String: [String: Int]]
        XCTAssertEqual(range?["start"]?["line"], 2)
        XCTAssertEqual(range?["start"]?["character"], 2)
    }

    func testDocumentColorsOfSystemColoursAndLightDarkPairs() throws {
        let uri = try openThenBreak()
        let swatches = try XCTUnwrap(result("textDocument/documentColor", uri) as? [[String: Any]])
        func swatch(line: Int) -> [[String: Double]] {
            swatches.filter { (($0["range"] as? [String: [String: Int]])?["start"]?["line"]) == line }
                .compactMap { $0["color"] as? [String: Double] }
        }
        func rgb(_ c: [String: Double]?) -> [Int] { ["red", "green", "blue"].map { Int(((c?[$0] ?? -1) * 255).rounded()) } }
        // systemRed, below the broken line; systemBlue in the style, above it.
        XCTAssertEqual(swatch(line: 9).map(rgb), [[255, 59, 48]])
        XCTAssertEqual(swatch(line: 2).map(rgb), [[0, 122, 255]])
        // Each side of {light, dark}, with that appearance's colour.
        XCTAssertEqual(swatch(line: 19).map(rgb), [[52, 199, 89], [34, 34, 34]])
        // Picking a colour for the system colour's swatch keeps the name when it is the same colour.
        let range = try XCTUnwrap(swatches.first { (($0["range"] as? [String: [String: Int]])?["start"]?["line"]) == 9 }?["range"])
        let presentations = try XCTUnwrap(result("textDocument/colorPresentation", uri, [
            "range": range, "color": ["red": 1.0, "green": 59.0 / 255, "blue": 48.0 / 255, "alpha": 1.0],
        ]) as? [[String: Any]])
        XCTAssertEqual(presentations.first?["label"] as? String, "systemRed")
    }

    func testRenameBelowABrokenLine() throws {
        let s = Self.broken
        let uri = try openThenBreak()
        let target = at(s, 22, "download", 2)
        let prepared = try result("textDocument/prepareRename", uri, ["position": target]) as? [String: Any]
        XCTAssertEqual(prepared?["placeholder"] as? String, "download")
        let edit = try XCTUnwrap(result("textDocument/rename", uri, ["position": target, "newName": "fetch"]) as? [String: Any])
        let edits = try XCTUnwrap((edit["changes"] as? [String: Any])?[uri] as? [[String: Any]])
        let lines = edits.compactMap { (($0["range"] as? [String: [String: Int]])?["start"]?["line"]) }.sorted()
        XCTAssertEqual(lines, [4, 22], "the id and the target")
    }

    /// A line left out of the tree may name the id (a binding in a text whose `:` is missing, a
    /// target in a flow mapping not closed): the graph cannot see it, so a rename would leave it
    /// naming an id that no longer exists once it is repaired. Refused, naming the line.
    func testRenameIsRefusedWhileABrokenLineMayNameTheOldName() throws {
        let whole = """
            canvas: {width: 400, height: 200, background: white}
            views:
              - id: a
                type: ring
                frame: {x: 10, y: 10, width: 50%, height: 100}
                progress: 0.25
              - id: ab
                type: ring
                frame: {x: 200, y: 50, width: 50, height: 50}
              - id: t
                type: label
                frame: {x: 0, y: 150, width: 100%, height: 20}
                text: "{a.progress:percent}"
            timeline:
              animations:
                - {target: a.progress, from: 0, to: 1, duration: 1s}

            """
        let brokenText = whole.replacingOccurrences(of: "    text: \"{a", with: "    text \"{a")
        let unclosed = whole.replacingOccurrences(of: "duration: 1s}", with: "duration: 1s")
        for (text, line) in [(brokenText, 13), (unclosed, 16)] {
            let uri = try openThenBreak(text, openWhole: false)
            let message = "line \(line) does not read as YAML and may name 'a'; fix it first, then rename"
            for (method, extra) in [("textDocument/prepareRename", [:]), ("textDocument/rename", ["newName": "alpha"])] {
                var params: [String: Any] = extra
                params["textDocument"] = ["uri": uri]
                params["position"] = at(text, 2, "a", 0)
                let response = try client.request(method, params)
                XCTAssertNil(response["result"] as? [String: Any], "\(method) refused: \(response)")
                XCTAssertEqual((response["error"] as? [String: Any])?["message"] as? String, message)
            }
            // `ab` is another word: its rename goes ahead (its id only; nothing else names it).
            let edit = try XCTUnwrap(result("textDocument/rename", uri, ["position": at(text, 6, "ab", 1), "newName": "bee"]) as? [String: Any])
            XCTAssertEqual(((edit["changes"] as? [String: Any])?[uri] as? [[String: Any]])?.count, 1)
        }
    }

    func testSymbolsBelowABrokenLine() throws {
        let uri = try openThenBreak()
        let symbols = try XCTUnwrap(result("textDocument/documentSymbol", uri) as? [[String: Any]])
        XCTAssertEqual(symbols.compactMap { $0["name"] as? String }, ["download", "panel", "gauge", "brand"])
    }
}
