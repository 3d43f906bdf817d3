import Foundation
import ScenecKit
import TestSupport
import XCTest

/// Each `scenec lsp` feature at a known place of a known scene, asked of the server in process
/// (LanguageClient); what a feature writes is checked as `scenec check` and `inspect` check it.
/// (The server over pipes, its framing and exit status, stay in ScenecCLITests.)
final class LanguageServerFeatureTests: LanguageServerTestCase {
    static let scene = """
        canvas: {width: 300, height: 200, background: "#1c1c1e"}
        x-accent: &accent "#ff2d55"
        styles:
          brand: {progressColor: *accent, lineWidth: 12}
        views:
          - id: download
            type: ring
            style: brand
            frame: {x: 20, y: 20, width: 150, height: 100}
            progress: 0.75
            cornerRadius: "50%"
            startAngle: 0.25turn
            trackColor: red
          - id: panel
            type: stack
            frame: {x: 180, y: 20, width: 100, height: 100}
            children:
              - {id: dot, type: indicator, on: true}
        timeline:
          animations:
            - {target: download.progress, to: 1, duration: 1s}

        """

    var opened = 0

    /// Opens `text` as a new file (written to disk too, as an editor's file is) and takes its
    /// diagnostics; its URI.
    func open(_ text: String) throws -> String {
        opened += 1
        let path = dir.appendingPathComponent("scene\(opened).scene.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let uri = "file://" + path
        client.open(uri, text: text)
        XCTAssertNotNil(client.diagnostics(uri, version: 1))
        return uri
    }

    func labels(_ uri: String, _ position: [String: Any]) throws -> [String] {
        let list = try result("textDocument/completion", uri, ["position": position]) as? [String: Any]
        return (list?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
    }

    func hover(_ uri: String, _ position: [String: Any]) throws -> String {
        let hover = try result("textDocument/hover", uri, ["position": position]) as? [String: Any]
        return (hover?["contents"] as? [String: Any])?["value"] as? String ?? ""
    }

    /// Whether the scene file at `path` passes `scenec check`.
    func checks(_ path: String) -> Bool {
        (try? SceneFile(contentsOf: path)) != nil
    }

    /// Whether `text`, written to a file beside the others, passes `scenec check`.
    func checksWritten(_ text: String) throws -> Bool {
        let path = dir.appendingPathComponent("written.scene.yaml").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return checks(path)
    }

    /// `text` with LSP text edits applied (UTF-16 positions; these scenes are ASCII).
    func applying(_ edits: [[String: Any]], to text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array(String($0).utf16) }
        let sorted = edits.sorted {
            let a = ($0["range"] as! [String: [String: Int]])["start"]!, b = ($1["range"] as! [String: [String: Int]])["start"]!
            return (a["line"]!, a["character"]!) > (b["line"]!, b["character"]!)
        }
        for edit in sorted {
            let range = edit["range"] as! [String: [String: Int]]
            let (l, s, e) = (range["start"]!["line"]!, range["start"]!["character"]!, range["end"]!["character"]!)
            XCTAssertEqual(range["end"]!["line"], l)
            lines[l].replaceSubrange(s..<e, with: Array((edit["newText"] as! String).utf16))
        }
        return lines.map { String(decoding: $0, as: UTF16.self) }.joined(separator: "\n")
    }

    func testCompletion() throws {
        let s = Self.scene
        let uri = try open(s)
        // Keys of a ring that the view does not have yet, typed on a line of their own.
        let typing = s.replacingOccurrences(of: "    trackColor: red\n", with: "    trackColor: red\n    lin\n")
        let keysURI = try open(typing)
        let keys = try labels(keysURI, at(typing, 13, "lin", 3))
        XCTAssertTrue(keys.contains("lineWidth") && keys.contains("lineCap") && keys.contains("opacity"), "\(keys)")
        XCTAssertFalse(keys.contains("fillColor"), "a pie's attribute offered for a ring")
        XCTAssertFalse(keys.contains("progress") || keys.contains("trackColor"), "a key the view has offered again")
        let list = try result("textDocument/completion", keysURI, ["position": at(typing, 13, "lin", 3)]) as! [String: Any]
        let lineWidth = (list["items"] as! [[String: Any]]).first { $0["label"] as? String == "lineWidth" }
        XCTAssertTrue(((lineWidth?["documentation"] as? [String: Any])?["value"] as? String ?? "").contains("Stroke width"))

        let choice = s.replacingOccurrences(of: "    trackColor: red\n", with: "    trackColor: red\n    lineCap: \n")
        XCTAssertEqual(try labels(try open(choice), at(choice, 13, "lineCap: ", 9)), ["butt", "round", "square"])

        let colours = try labels(uri, at(s, 12, "red", 2))
        XCTAssertTrue(colours.contains("red") && colours.contains("rebeccapurple") && colours.contains("clear"))
        XCTAssertTrue(colours.contains("systemBlue") && colours.contains("secondarySystemBackground"), "system colors: \(colours)")
        XCTAssertTrue(colours.contains("{color: systemBlue, alpha: 0.5}"), "the {color, alpha} form: \(colours)")
        XCTAssertEqual(try labels(uri, at(s, 6, "ring", 1)), ["ring", "pie", "clock", "gauge", "indicator", "lines", "label", "group", "stack", "grid"])
        XCTAssertEqual(try labels(uri, at(s, 7, "brand", 2)), ["brand"])

        let targets = try labels(uri, at(s, 20, "download.progress", 3))
        XCTAssertTrue(targets.contains("download.progress") && targets.contains("download.trackColor") && targets.contains("dot.on"))
        XCTAssertFalse(targets.contains("download.clockwise") || targets.contains("download.lineCap") || targets.contains("panel.axis"),
                       "only animatable attributes are targets: \(targets)")

        let easing = s.replacingOccurrences(of: "duration: 1s}", with: "duration: 1s, easing: ea}")
        let easings = try labels(try open(easing), at(easing, 20, "easing: ea", 10))
        XCTAssertTrue(["easeIn", "easeOut", "easeInEaseOut", "linear", "default"].allSatisfy(easings.contains), "\(easings)")
    }

    func testHover() throws {
        let s = Self.scene
        let uri = try open(s)
        let progress = try hover(uri, at(s, 9, "progress", 2))
        for part in ["number 0–1", "default: 0", "animatable: yes", "Fraction of the circle"] {
            XCTAssertTrue(progress.contains(part), progress)
        }
        XCTAssertTrue(try hover(uri, at(s, 12, "red", 1)).contains("#ff0000ff"))
        let system = s.replacingOccurrences(of: "trackColor: red", with: "trackColor: systemBlue")
        XCTAssertTrue(try hover(try open(system), at(system, 12, "systemBlue", 1)).contains("#007affff light, #0a84ffff dark"))
        // 50% of the ring's smaller side, 100.
        XCTAssertTrue(try hover(uri, at(s, 10, "50%", 1)).hasPrefix("50 pt"))
        XCTAssertTrue(try hover(uri, at(s, 11, "0.25turn", 1)).contains("90°"))
        let ring = try hover(uri, at(s, 6, "ring", 1))
        XCTAssertTrue(ring.contains("x 20, y 20, 150 × 100 pt"), ring)
        // The defaults the view derives, as drawn: the label follows the style's progress colour.
        XCTAssertTrue(ring.contains("labelColor: #ff2d55 (the progressColor)"), ring)
        // The indicator fills the stack: its frame is the stack's; on, its edge is #34c759 × 0.75.
        let dot = try hover(uri, at(s, 17, "dot", 1))
        XCTAssertTrue(dot.contains("x 180, y 20, 100 × 100 pt"), dot)
        XCTAssertTrue(dot.contains("strokeColor: #279543 (the current fill with r, g, b × 0.75)"), dot)
        XCTAssertTrue(dot.contains("lineWidth: 5 (5% of the view's width)"), dot)
    }

    func testColors() throws {
        let s = Self.scene
        let uri = try open(s)
        let colours = try XCTUnwrap(result("textDocument/documentColor", uri) as? [[String: Any]])
        func colour(onLine line: Int) -> [Double]? {
            guard let c = colours.first(where: { (($0["range"] as? [String: Any])?["start"] as? [String: Int])?["line"] == line }),
                  let rgba = c["color"] as? [String: Double] else { return nil }
            return [rgba["red"]!, rgba["green"]!, rgba["blue"]!, rgba["alpha"]!].map { ($0 * 255).rounded() }
        }
        XCTAssertEqual(colour(onLine: 0), [0x1c, 0x1c, 0x1e, 255])
        XCTAssertEqual(colour(onLine: 1), [0xff, 0x2d, 0x55, 255], "the style's colour, where its anchor writes it")
        XCTAssertEqual(colour(onLine: 12), [255, 0, 0, 255])
        XCTAssertEqual(colours.count, 3)
        let range = ["start": at(s, 12, "red"), "end": at(s, 12, "red", 3)]
        let forms = try XCTUnwrap(result("textDocument/colorPresentation", uri, [
            "color": ["red": 1, "green": 0.5, "blue": 0, "alpha": 1], "range": range,
        ]) as? [[String: Any]])
        XCTAssertEqual(forms.compactMap { $0["label"] as? String }, ["\"#ff8000\"", "\"rgba(255, 128, 0, 1)\""])
        let written = applying([forms[0]["textEdit"] as! [String: Any]], to: s)
        let path = dir.appendingPathComponent("picked.scene.yaml").path
        try Data(written.utf8).write(to: URL(fileURLWithPath: path))
        let picked = try SceneFile(contentsOf: path)
        let inspected = InspectReport(scene: picked.animated.scene, placed: picked.animated.views(at: 0),
                                      sampler: picked.animated.sampler, time: 0).text
        XCTAssertTrue(inspected.contains("trackColor       #ff8000"), "scenec inspect shows:\n\(inspected)")
    }

    /// Each side of `{light, dark}` is its own swatch; picking a new alpha for a system
    /// colour's side offers `{color: NAME, alpha: A}` first, so the name and Dark Mode survive;
    /// a new hue is no longer the system colour and is offered as hex only.
    func testPickingASystemColoursAlphaKeepsItsName() throws {
        let s = Self.scene.replacingOccurrences(of: "trackColor: red",
                                                with: "trackColor: {light: systemBlue, dark: {color: systemBlue, alpha: 0.5}}")
        let uri = try open(s)
        let colours = try XCTUnwrap(result("textDocument/documentColor", uri) as? [[String: Any]])
        let onLine12 = colours.filter { (($0["range"] as? [String: Any])?["start"] as? [String: Int])?["line"] == 12 }
            .compactMap { $0["color"] as? [String: Double] }
            .map { c in ["red", "green", "blue", "alpha"].map { ((c[$0] ?? -1) * 255).rounded() } }
        XCTAssertEqual(onLine12, [[0, 122, 255, 255], [10, 132, 255, 128]], "light side, then dark side with its alpha")
        let side = "{color: systemBlue, alpha: 0.5}"
        let range = ["start": at(s, 12, side), "end": at(s, 12, side, side.utf16.count)]
        func labels(_ color: [String: Double]) throws -> [String] {
            let forms = try XCTUnwrap(result("textDocument/colorPresentation", uri, ["color": color, "range": range]) as? [[String: Any]])
            return forms.compactMap { $0["label"] as? String }
        }
        let dark80 = ["red": 10.0 / 255, "green": 132.0 / 255, "blue": 1, "alpha": 0.8]
        XCTAssertEqual(try labels(dark80).first, "{color: systemBlue, alpha: 0.8}")
        XCTAssertEqual(try labels(dark80.merging(["alpha": 1]) { $1 }).first, "systemBlue", "its own alpha: the bare name")
        XCTAssertEqual(try labels(["red": 1, "green": 0, "blue": 0, "alpha": 0.8]), ["\"#ff0000cc\"", "\"rgba(255, 0, 0, 0.8)\""])

        let forms = try XCTUnwrap(result("textDocument/colorPresentation", uri, ["color": dark80, "range": range]) as? [[String: Any]])
        let written = applying([forms[0]["textEdit"] as! [String: Any]], to: s)
        XCTAssertTrue(written.contains("trackColor: {light: systemBlue, dark: {color: systemBlue, alpha: 0.8}}"), written)
        let path = dir.appendingPathComponent("alpha.scene.yaml").path
        try Data(written.utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertNoThrow(try SceneFile(contentsOf: path), "the written file checks")
    }

    func testDefinition() throws {
        let s = Self.scene
        let uri = try open(s)
        func target(_ position: [String: Any]) throws -> [Int] {
            let location = try XCTUnwrap(result("textDocument/definition", uri, ["position": position]) as? [String: Any])
            XCTAssertEqual(location["uri"] as? String, uri)
            let range = location["range"] as! [String: [String: Int]]
            return [range["start"]!["line"]!, range["start"]!["character"]!, range["end"]!["line"]!, range["end"]!["character"]!]
        }
        XCTAssertEqual(try target(at(s, 7, "brand", 2)), [3, 2, 3, 7], "style: brand → the brand style")
        XCTAssertEqual(try target(at(s, 20, "download", 3)), [5, 8, 5, 16], "a target → its view's id")
        XCTAssertEqual(try target(at(s, 3, "*accent", 3)), [1, 10, 1, 17], "an alias → its anchor")
    }

    func testSymbols() throws {
        let uri = try open(Self.scene)
        let symbols = try XCTUnwrap(result("textDocument/documentSymbol", uri) as? [[String: Any]])
        XCTAssertEqual(symbols.compactMap { $0["name"] as? String }, ["download", "panel", "brand"])
        XCTAssertEqual(symbols.compactMap { $0["detail"] as? String }, ["ring", "stack", "style"])
        let children = symbols[1]["children"] as? [[String: Any]]
        XCTAssertEqual(children?.compactMap { $0["name"] as? String }, ["dot"])
    }

    func testRenameUpdatesTargets() throws {
        let s = Self.scene
        let uri = try open(s)
        let edit = try XCTUnwrap(result("textDocument/rename", uri, ["position": at(s, 5, "download", 2), "newName": "fetch"])
            as? [String: Any])
        let edits = try XCTUnwrap((edit["changes"] as? [String: Any])?[uri] as? [[String: Any]])
        XCTAssertEqual(edits.count, 2)
        let renamed = applying(edits, to: s)
        XCTAssertTrue(renamed.contains("- id: fetch\n") && renamed.contains("{target: fetch.progress,"), renamed)
        XCTAssertTrue(try checksWritten(renamed), "scenec check refuses:\n\(renamed)")
        let refused = try client.request("textDocument/rename", ["textDocument": ["uri": uri], "position": at(s, 5, "download", 2),
                                                                 "newName": "9 lives"])
        XCTAssertNotNil(refused["error"])
    }

    func testQuickFixes() throws {
        let typo = Self.scene.replacingOccurrences(of: "trackColor: red", with: "lineCap: rund")
        let hash = Self.scene.replacingOccurrences(of: "trackColor: red", with: "trackColor: #00ff00")
        for (text, expected) in [(typo, "round"), (hash, "\"#00ff00\"")] {
            let uri = try open(text)
            let line = ["start": LanguageClient.position(12, 0), "end": LanguageClient.position(12, 20)]
            let actions = try XCTUnwrap(result("textDocument/codeAction", uri, ["range": line, "context": ["diagnostics": []]])
                as? [[String: Any]])
            XCTAssertEqual(actions.count, 1, "\(actions)")
            let edits = try XCTUnwrap(((actions.first?["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]])
            XCTAssertEqual(edits.first?["newText"] as? String, expected)
            let fixed = applying(edits, to: text)
            XCTAssertTrue(try checksWritten(fixed), fixed)
        }
    }
}
