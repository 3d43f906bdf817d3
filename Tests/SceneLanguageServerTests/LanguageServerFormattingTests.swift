import Foundation
@testable import SceneLanguageServer
import TestSupport
import XCTest

/// `textDocument/formatting` and `rangeFormatting`: `scenec fmt`'s formatter, its changes sent as
/// line edits that turn the editor's text into exactly what `fmt` writes.
final class LanguageServerFormattingTests: XCTestCase {
    static let scene = """
        views:
          - progress: 0.5
            type: ring
            frame: {x: 0, y: 0, width: 10, height: 10} # where
        canvas:
          width: 20
          height: 20

        """

    /// The text with LSP text edits applied (UTF-16 positions; the text is ASCII).
    static func apply(_ edits: [[String: Any]], to text: String) throws -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func offset(_ position: [String: Any]) throws -> Int {
            let line = try XCTUnwrap(position["line"] as? Int), character = try XCTUnwrap(position["character"] as? Int)
            return lines.prefix(line).reduce(0) { $0 + $1.count + 1 } + character
        }
        var result = text
        let sorted = try edits.sorted {
            try offset(XCTUnwrap(($0["range"] as? [String: Any])?["start"] as? [String: Any]))
                > offset(XCTUnwrap(($1["range"] as? [String: Any])?["start"] as? [String: Any]))
        }
        for edit in sorted {
            let range = try XCTUnwrap(edit["range"] as? [String: Any])
            let start = try offset(XCTUnwrap(range["start"] as? [String: Any]))
            let end = try offset(XCTUnwrap(range["end"] as? [String: Any]))
            let utf8 = Array(result.utf8)
            result = String(decoding: utf8[..<start] + Array(try XCTUnwrap(edit["newText"] as? String).utf8) + utf8[end...], as: UTF8.self)
        }
        return result
    }

    func session() throws -> (LanguageClient, String) {
        let client = LanguageClient()
        let initialized = try client.initialize()
        let capabilities = (initialized["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        XCTAssertEqual(capabilities?["documentFormattingProvider"] as? Bool, true)
        XCTAssertEqual(capabilities?["documentRangeFormattingProvider"] as? Bool, true)
        let uri = "file://" + (try write(Self.scene, "f.scene.yaml", in: try temporaryDirectory(self)))
        client.open(uri, text: Self.scene)
        return (client, uri)
    }

    func testFormattingGivesWhatFmtWrites() throws {
        let (client, uri) = try session()
        defer { _ = try? client.shutdown() }
        let response = try client.request("textDocument/formatting", ["textDocument": ["uri": uri],
                                                                      "options": ["tabSize": 4, "insertSpaces": true]])
        let edits = try XCTUnwrap(response["result"] as? [[String: Any]], "\(response)")
        XCTAssertEqual(try Self.apply(edits, to: Self.scene), """
            canvas: {width: 20, height: 20}
            views:
              - type: ring
                frame: {x: 0, y: 0, width: 10, height: 10} # where
                progress: 0.5

            """)
    }

    func testRangeFormattingChangesOnlyTheLinesAsked() throws {
        let (client, uri) = try session()
        defer { _ = try? client.shutdown() }
        // Lines 4–6 (0-based): the canvas, which becomes one line where it stands; the view above
        // stays as it is.
        let response = try client.request("textDocument/rangeFormatting", [
            "textDocument": ["uri": uri], "options": ["tabSize": 2, "insertSpaces": true],
            "range": ["start": LanguageClient.position(4, 0), "end": LanguageClient.position(6, 5)]])
        let edits = try XCTUnwrap(response["result"] as? [[String: Any]], "\(response)")
        let formatted = try Self.apply(edits, to: Self.scene)
        XCTAssertEqual(formatted, """
            views:
              - progress: 0.5
                type: ring
                frame: {x: 0, y: 0, width: 10, height: 10} # where
            canvas: {width: 20, height: 20}

            """)
    }

    func testATextThatIsNotYAMLIsNotFormatted() throws {
        let client = LanguageClient()
        _ = try client.initialize()
        defer { _ = try? client.shutdown() }
        let uri = "file:///tmp/broken.scene.yaml"
        client.open(uri, text: "canvas: {width: 10\n")
        let response = try client.request("textDocument/formatting", ["textDocument": ["uri": uri], "options": [:]])
        XCTAssertNil(response["result"] as? [[String: Any]])
        XCTAssertNotNil(response["error"], "\(response)")
    }
}
