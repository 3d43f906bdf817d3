import Foundation
import ScenecKit
import TestSupport
import XCTest

/// A library file (styles and components, no canvas or views) in the editor: the server checks
/// it as `scenec check` does (no "the scene needs a 'canvas'"), and hover, completion and
/// symbols work in its styles. The server in process (LanguageClient).
final class LanguageServerLibraryTests: LanguageServerTestCase {
    static let library = """
        version: 1
        styles:
          brand: {progressColor: systemBlue, lineWidth: 12}
          muted:
            opacity: 0.5
            lin
        components:
          Meter: {views: []}

        """


    func open(_ text: String, as name: String) throws -> (uri: String, diagnostics: [[String: Any]]) {
        let path = dir.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let uri = "file://" + path
        client.open(uri, text: text)
        return (uri, try XCTUnwrap(client.diagnostics(uri, version: 1)))
    }

    func labels(_ uri: String, _ line: Int, _ character: Int) throws -> [String] {
        let list = try result("textDocument/completion", uri, ["position": LanguageClient.position(line, character)]) as? [String: Any]
        return (list?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
    }

    func testALibraryHasNoSceneDiagnosticsOnlyItsOwnProblems() throws {
        let good = Self.library.replacingOccurrences(of: "    lin\n", with: "")
        XCTAssertEqual(try open(good, as: "theme.yaml").diagnostics.count, 0)

        let bad = good.replacingOccurrences(of: "lineWidth: 12", with: "lineWidht: 12")
        let messages = try open(bad, as: "bad.yaml").diagnostics.compactMap { $0["message"] as? String }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertTrue(messages[0].contains("lineWidht") && messages[0].contains("lineWidth"), "\(messages)")
        XCTAssertFalse(messages.contains { $0.contains("canvas") })

        // A file with views and no canvas is a scene, and says so.
        let scene = try open("styles: {}\nviews: []\n", as: "scene.yaml").diagnostics.compactMap { $0["message"] as? String }
        XCTAssertEqual(scene, ["the scene needs a 'canvas' with width and height"])
    }

    func testHoverCompletionAndSymbolsWorkInALibrary() throws {
        let (uri, _) = try open(Self.library, as: "typing.yaml")
        // Attribute names in a style being typed (line 5, `lin`).
        let keys = try labels(uri, 5, 7)
        XCTAssertTrue(keys.contains("lineWidth") && keys.contains("lineCap"), "\(keys)")
        // A library's top level offers the library's keys, not a scene's.
        let typedTop = Self.library.replacingOccurrences(of: "    lin\n", with: "") + "im\n"
        let (topURI, _) = try open(typedTop, as: "top.yaml")
        let top = try labels(topURI, 7, 2)
        XCTAssertTrue(top.contains("imports"), "\(top)")
        XCTAssertFalse(top.contains("canvas") || top.contains("views") || top.contains("timeline"), "\(top)")

        let good = Self.library.replacingOccurrences(of: "    lin\n", with: "")
        let (goodURI, _) = try open(good, as: "good.yaml")
        let hover = try result("textDocument/hover", goodURI, ["position": LanguageClient.position(2, 42)]) as? [String: Any]
        let text = (hover?["contents"] as? [String: Any])?["value"] as? String ?? ""
        XCTAssertTrue(text.contains("Stroke width"), text)
        let colour = try result("textDocument/hover", goodURI, ["position": LanguageClient.position(2, 30)]) as? [String: Any]
        XCTAssertTrue(((colour?["contents"] as? [String: Any])?["value"] as? String ?? "").contains("#007aff"), "\(String(describing: colour))")

        // Inside a component's views, a view's keys are offered and explained as in a scene.
        let component = """
            components:
              Meter:
                parameters: {value: {kind: ring.progress}}
                views:
                  - id: ring
                    type: ring
                    frame: {x: 0, y: 0, width: 100%, height: 100%}
                    progress: $value
                    lin
                timeline:
                  animations:
                    - {target: ring.progress, to: $value, easing: ea}

            """
        let (componentURI, _) = try open(component, as: "component.yaml")
        let viewKeys = try labels(componentURI, 8, 11)
        XCTAssertTrue(viewKeys.contains("lineWidth") && viewKeys.contains("trackColor"), "\(viewKeys)")
        XCTAssertFalse(viewKeys.contains("fillColor") || viewKeys.contains("progress"), "\(viewKeys)")
        let fixed = component.replacingOccurrences(of: "        lin\n", with: "")
        let (fixedURI, _) = try open(fixed, as: "component-fixed.yaml")
        let progress = try result("textDocument/hover", fixedURI, ["position": LanguageClient.position(7, 10)]) as? [String: Any]
        XCTAssertTrue(((progress?["contents"] as? [String: Any])?["value"] as? String ?? "").contains("Fraction of the circle"),
                      "\(String(describing: progress))")
        XCTAssertTrue(try labels(fixedURI, 10, 56).contains("easeInEaseOut"))

        let components = try result("textDocument/hover", goodURI, ["position": LanguageClient.position(5, 3)]) as? [String: Any]
        XCTAssertTrue(((components?["contents"] as? [String: Any])?["value"] as? String ?? "").contains("parameterised view subtrees"),
                      "\(String(describing: components))")

        let symbols = try XCTUnwrap(result("textDocument/documentSymbol", goodURI) as? [[String: Any]])
        XCTAssertEqual(symbols.compactMap { $0["name"] as? String }, ["brand", "muted", "Meter"])
        XCTAssertEqual(symbols.compactMap { $0["detail"] as? String }, ["style", "style", "component"])
    }
}
