import Foundation
import ScenecKit
import TestSupport
import XCTest

/// Components in the editor (issue 29, acceptance 4): inside an instance, completion offers the
/// component's parameters beside a group's keys and hover explains them; `type:` offers and
/// explains the components the file can use, and goes to the definition, in an imported library
/// too. The server in process (LanguageClient); files on disk in a temporary folder.
final class LanguageServerComponentTests: LanguageServerTestCase {
    static let library = """
        components:
          Meter:
            doc: A ring showing a value, with a caption under it.
            parameters:
              value:   {kind: ring.progress, default: 0, doc: Fraction of the ring drawn.}
              color:   {kind: color, default: systemBlue, doc: The ring's colour.}
              caption: {kind: text, doc: Words under the ring.}
            views:
              - id: ring
                type: ring
                frame: {x: 0, y: 0, width: 100%, height: "100% - 20"}
                progress: $value
                progressColor: $color
              - id: caption
                type: label
                frame: {x: 0, y: "100% - 20", width: 100%, height: 20}
                text: "$caption"

        """

    static let scene = """
        imports: [lib/meters.yaml]
        canvas: {width: 360, height: 140}
        components:
          Dot:
            doc: A small light.
            views:
              - {id: light, type: indicator, frame: {x: 0, y: 0, width: 100%, height: 100%}, on: true}
        views:
          - id: cpu
            type: Meter
            frame: {x: 0, y: 0, width: 100, height: 140}
            value: 0.42
            caption: CPU
            color: systemRed
          - id: meter
            type: Meter
            repeat:
              - {frame: {x: 120, y: 0, width: 100, height: 140}, value: 0.3, caption: GPU}
          - {id: dot, type: Dot, frame: {x: 240, y: 0, width: 10, height: 10}}
        timeline:
          animations:
            - {target: cpu.ring.progress, to: 1, duration: 1s}

        """


    override func setUpWithError() throws {
        try super.setUpWithError()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("lib"), withIntermediateDirectories: true)
        // The library, open in the editor (where this server, without a project root, reads imports).
        let (_, diagnostics) = try open(Self.library, as: "lib/meters.yaml")
        XCTAssertEqual(diagnostics.count, 0, "\(diagnostics)")
    }

    func open(_ text: String, as name: String) throws -> (uri: String, diagnostics: [[String: Any]]) {
        let path = dir.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let uri = "file://" + path
        client.open(uri, text: text)
        return (uri, try XCTUnwrap(client.diagnostics(uri, version: 1)))
    }

    func items(_ uri: String, _ position: [String: Any]) throws -> [[String: Any]] {
        let list = try result("textDocument/completion", uri, ["position": position]) as? [String: Any]
        return list?["items"] as? [[String: Any]] ?? []
    }

    func hover(_ uri: String, _ position: [String: Any]) throws -> String {
        let hover = try result("textDocument/hover", uri, ["position": position]) as? [String: Any]
        return (hover?["contents"] as? [String: Any])?["value"] as? String ?? ""
    }

    func testCompletionOffersAnInstancesParametersAndTheComponentNames() throws {
        let (goodURI, diagnostics) = try open(Self.scene, as: "good.scene.yaml")
        XCTAssertEqual(diagnostics.count, 0, "\(diagnostics)")
        _ = goodURI
        // A key being typed in the instance `cpu` (its color: removed, so it is offered).
        let typing = Self.scene.replacingOccurrences(of: "    color: systemRed\n", with: "    co\n")
        let (uri, _) = try open(typing, as: "typing.scene.yaml")
        let offered = try items(uri, at(typing, 13, "co", 2))
        let labels = offered.compactMap { $0["label"] as? String }
        XCTAssertTrue(labels.contains("color"), "the parameter: \(labels)")
        XCTAssertTrue(labels.contains("opacity") && labels.contains("backgroundColor"), "a group's attributes: \(labels)")
        XCTAssertFalse(labels.contains("value") || labels.contains("caption") || labels.contains("frame"), "written already: \(labels)")
        XCTAssertFalse(labels.contains("children") || labels.contains("progress"), "not an instance's: \(labels)")
        let color = try XCTUnwrap(offered.first { $0["label"] as? String == "color" })
        XCTAssertEqual(color["detail"] as? String, "color")
        let doc = (color["documentation"] as? [String: Any])?["value"] as? String ?? ""
        XCTAssertTrue(doc.contains("The ring's colour.") && doc.contains("default: systemBlue") && doc.contains("parameter of Meter"), doc)

        // In an item of the instance's repeat: the parameters not in the item.
        let repeating = Self.scene.replacingOccurrences(of: "value: 0.3, caption: GPU}", with: "value: 0.3, ca}")
        let (repeatURI, _) = try open(repeating, as: "repeat.scene.yaml")
        let inItem = try items(repeatURI, at(repeating, 17, "ca}", 2)).compactMap { $0["label"] as? String }
        XCTAssertTrue(inItem.contains("caption") && inItem.contains("color"), "\(inItem)")
        XCTAssertFalse(inItem.contains("value"), "\(inItem)")
        let caption = try XCTUnwrap(try items(repeatURI, at(repeating, 17, "ca}", 2)).first { $0["label"] as? String == "caption" })
        XCTAssertEqual(caption["detail"] as? String, "text (required)")

        // `type:` offers the components the file can use (imported and its own) with the view kinds.
        let typed = Self.scene.replacingOccurrences(of: "    type: Meter\n    frame: {x: 0, y: 0", with: "    type: Me\n    frame: {x: 0, y: 0")
        let (typeURI, _) = try open(typed, as: "type.scene.yaml")
        let types = try items(typeURI, at(typed, 9, "Me", 2))
        let names = types.compactMap { $0["label"] as? String }
        XCTAssertTrue(names.contains("Meter") && names.contains("Dot") && names.contains("ring"), "\(names)")
        let meter = try XCTUnwrap(types.first { $0["label"] as? String == "Meter" })
        XCTAssertTrue((meter["detail"] as? String ?? "").contains("meters.yaml"), "\(meter)")

        // An argument's value: the parameter's kind's words.
        let valueTyping = Self.scene.replacingOccurrences(of: "color: systemRed", with: "color: systemRe")
        let (valueURI, _) = try open(valueTyping, as: "value.scene.yaml")
        let colors = try items(valueURI, at(valueTyping, 13, "systemRe", 8)).compactMap { $0["label"] as? String }
        XCTAssertTrue(colors.contains("systemRed") && colors.contains("systemBlue"), "\(colors)")
    }

    func testHoverAndDefinitionKnowComponents() throws {
        let s = Self.scene
        let (uri, _) = try open(s, as: "scene.scene.yaml")
        let value = try hover(uri, at(s, 11, "value"))
        XCTAssertTrue(value.contains("**value**: ring.progress (number 0–1)"), value)
        XCTAssertTrue(value.contains("default: 0") && value.contains("Fraction of the ring drawn."), value)
        let required = try hover(uri, at(s, 12, "caption"))
        XCTAssertTrue(required.contains("required (no default)") && required.contains("Words under the ring."), required)
        XCTAssertTrue(try hover(uri, at(s, 17, "value")).contains("Fraction of the ring drawn."), "an argument in a repeat item")
        XCTAssertTrue(try hover(uri, at(s, 13, "systemRed", 2)).contains("#ff3b30"), "an argument's value read as its kind")

        let type = try hover(uri, at(s, 9, "Meter", 1))
        XCTAssertTrue(type.contains("**Meter** (component from ") && type.contains("lib/meters.yaml"), type)
        XCTAssertTrue(type.contains("A ring showing a value, with a caption under it."), type)
        XCTAssertTrue(type.contains("- `value`: ring.progress (number 0–1), default 0: Fraction of the ring drawn."), type)
        XCTAssertTrue(type.contains("- `caption`: text, required: Words under the ring."), type)
        XCTAssertTrue(type.contains("placed at x 0, y 0, 100 × 140 pt"), "the instance's group as placed: \(type)")
        XCTAssertTrue(try hover(uri, at(s, 18, "Dot", 1)).contains("**Dot** (component)\n\nA small light."))

        // Definition: the imported library's `Meter:` key, and the scene's own `Dot:`.
        let meter = try XCTUnwrap(result("textDocument/definition", uri, ["position": at(s, 9, "Meter", 2)]) as? [String: Any])
        XCTAssertEqual(meter["uri"] as? String, "file://" + dir.appendingPathComponent("lib/meters.yaml").path)
        let range = meter["range"] as? [String: [String: Int]]
        XCTAssertEqual([range?["start"]?["line"], range?["start"]?["character"], range?["end"]?["character"]], [1, 2, 7])
        let dot = try XCTUnwrap(result("textDocument/definition", uri, ["position": at(s, 18, "Dot", 1)]) as? [String: Any])
        XCTAssertEqual(dot["uri"] as? String, uri)
        XCTAssertEqual((dot["range"] as? [String: [String: Int]])?["start"]?["line"], 3)

        // A name no file defines: hover says so, definition finds nothing.
        let unknown = s.replacingOccurrences(of: "type: Dot", with: "type: Gauge")
        let (unknownURI, _) = try open(unknown, as: "unknown.scene.yaml")
        XCTAssertTrue(try hover(unknownURI, at(unknown, 18, "Gauge", 1)).contains("no component 'Gauge'"))
        XCTAssertTrue(try result("textDocument/definition", unknownURI, ["position": at(unknown, 18, "Gauge", 1)]) is NSNull)
    }

    /// Writing a definition: a parameter's keys and its `kind:` words are offered, a default is
    /// read as the parameter's kind, and the definition's name explains the component.
    func testWritingADefinition() throws {
        let lib = Self.library
        let libraryURI = "file://" + dir.appendingPathComponent("lib/meters.yaml").path
        XCTAssertTrue(try hover(libraryURI, at(lib, 1, "Meter", 1)).hasPrefix("**Meter** (component)\n\nA ring showing a value"))
        XCTAssertTrue(try hover(libraryURI, at(lib, 5, "systemBlue", 3)).contains("#007aff"), "a default read as its kind")
        XCTAssertTrue(try hover(libraryURI, at(lib, 4, "kind", 1)).contains("A value kind by name"), "the schema's doc of kind")

        let keyTyping = lib.replacingOccurrences(of: "caption: {kind: text, doc: Words under the ring.}", with: "caption: {kind: text, de}")
        let (keyURI, _) = try open(keyTyping, as: "lib/keys.yaml")
        let keys = try items(keyURI, at(keyTyping, 6, "de}", 2)).compactMap { $0["label"] as? String }
        XCTAssertEqual(keys, ["default", "doc"])

        let kindTyping = lib.replacingOccurrences(of: "caption: {kind: text,", with: "caption: {kind: te,")
        let (kindURI, _) = try open(kindTyping, as: "lib/kinds.yaml")
        let kinds = try items(kindURI, at(kindTyping, 6, "te,", 2)).compactMap { $0["label"] as? String }
        XCTAssertTrue(kinds.contains("text") && kinds.contains("color") && kinds.contains("ring.progress") && kinds.contains("label.text"),
                      "\(kinds.prefix(20))")

        // The library's diagnostics are the components checker's: an unused parameter warns.
        let unused = lib.replacingOccurrences(of: "        progressColor: $color\n", with: "")
        let (_, diagnostics) = try open(unused, as: "lib/unused.yaml")
        XCTAssertEqual(diagnostics.compactMap { $0["message"] as? String }, ["parameter 'color' of Meter is never used"])
        XCTAssertEqual(diagnostics.first?["severity"] as? Int, 2, "a warning")

        let definitionTyping = lib.replacingOccurrences(of: "    doc: A ring showing a value, with a caption under it.\n", with: "    do\n")
        let (definitionURI, _) = try open(definitionTyping, as: "lib/definition.yaml")
        XCTAssertEqual(try items(definitionURI, at(definitionTyping, 2, "do", 2)).compactMap { $0["label"] as? String }, ["doc", "timeline"])
    }

    /// Inside a definition's views, completion after `$` offers the component's parameters,
    /// replacing the name typed so far; in a quoted text still being typed too; `$$` is a dollar.
    func testDollarOffersTheDefinitionsParameters() throws {
        let lib = Self.library
        let typing = lib.replacingOccurrences(of: "progress: $value", with: "progress: $va")
        let (uri, _) = try open(typing, as: "lib/dollar.yaml")
        let offered = try items(uri, at(typing, 11, "$va", 3))
        XCTAssertEqual(offered.compactMap { $0["label"] as? String }, ["value", "color", "caption"])
        let value = try XCTUnwrap(offered.first)
        XCTAssertEqual(value["detail"] as? String, "ring.progress (number 0–1)")
        let edit = try XCTUnwrap(value["textEdit"] as? [String: Any])
        XCTAssertEqual(((edit["range"] as? [String: Any])?["start"] as? [String: Int])?["character"], 19, "after the $")
        XCTAssertEqual(edit["newText"] as? String, "value")

        let quoted = lib.replacingOccurrences(of: "text: \"$caption\"", with: "text: \"Load: $")
        let (quotedURI, _) = try open(quoted, as: "lib/quoted.yaml")
        XCTAssertEqual(try items(quotedURI, at(quoted, 16, "$", 1)).compactMap { $0["label"] as? String }, ["value", "color", "caption"])

        let dollars = lib.replacingOccurrences(of: "text: \"$caption\"", with: "text: \"$$")
        let (dollarsURI, _) = try open(dollars, as: "lib/dollars.yaml")
        XCTAssertFalse(try items(dollarsURI, at(dollars, 16, "$$", 2)).contains { $0["label"] as? String == "caption" }, "$$ is a dollar")
    }

    /// An argument's key goes to its parameter; inside a definition, `$value` is explained and
    /// goes to its parameter too; `target:` knows the views instances hold.
    func testParametersFromTheirUsesAndTheViewsInstancesHold() throws {
        let s = Self.scene
        let (uri, _) = try open(s, as: "scene.scene.yaml")
        let libraryURI = "file://" + dir.appendingPathComponent("lib/meters.yaml").path
        func start(_ location: Any?) -> [Int?] {
            let range = (location as? [String: Any])?["range"] as? [String: [String: Int]]
            return [range?["start"]?["line"], range?["start"]?["character"]]
        }
        let argument = try result("textDocument/definition", uri, ["position": at(s, 11, "value", 2)])
        XCTAssertEqual((argument as? [String: Any])?["uri"] as? String, libraryURI)
        XCTAssertEqual(start(argument), [4, 6], "the parameter's key in the library")

        let lib = Self.library
        for (line, needle, parameterLine) in [(11, "$value", 4), (12, "$color", 5), (16, "$caption", 6)] {
            let position = at(lib, line, needle, 2)
            XCTAssertEqual(start(try result("textDocument/definition", libraryURI, ["position": position])), [parameterLine, 6], needle)
            let text = try hover(libraryURI, position)
            XCTAssertTrue(text.hasPrefix("**\(needle.dropFirst())**: ") && text.contains("parameter of Meter"), text)
        }

        let target = try hover(uri, at(s, 21, "cpu.ring.progress", 10))
        XCTAssertTrue(target.contains("Fraction of the circle"), target)
        let typing = s.replacingOccurrences(of: "target: cpu.ring.progress", with: "target: cpu.ri")
        let (typingURI, _) = try open(typing, as: "target.scene.yaml")
        let targets = try items(typingURI, at(typing, 21, "cpu.ri", 6)).compactMap { $0["label"] as? String }
        XCTAssertTrue(targets.contains("cpu.ring.progress") && targets.contains("meter1.caption.opacity"), "\(targets)")
    }
}
