@testable import SceneLanguageServer
import SceneSyntax
import XCTest

/// Positions in UTF-16 units and UTF-8 bytes against scenec's line:column (Unicode scalars).
final class TextDocumentTests: XCTestCase {
    // "é" is 1 UTF-16 unit and 2 bytes, "👋" 2 units and 4 bytes; each one scalar (one column).
    let doc = TextDocument(uri: "file:///t", version: 1, text: "a: é👋x\r\nb: 1\rc\n")

    func testScenecColumnsBecomeLSPPositions() {
        let x = SourceLocation(line: 1, column: 6)  // the x
        XCTAssertEqual(doc.position(of: x, encoding: .utf16), Position(line: 0, character: 6))
        XCTAssertEqual(doc.position(of: x, encoding: .utf8), Position(line: 0, character: 9))
        XCTAssertEqual(doc.location(of: Position(line: 0, character: 6), encoding: .utf16), x)
        XCTAssertEqual(doc.location(of: Position(line: 0, character: 9), encoding: .utf8), x)
        // A lone \r ends a line too, as LSP counts lines.
        XCTAssertEqual(doc.lineText(2), "c")
    }

    func testEditsInsideAndPastTheText() {
        var d = doc
        // Replace the emoji (UTF-16 4..<6) with "!".
        d.apply(range: LSPRange(start: Position(line: 0, character: 4), end: Position(line: 0, character: 6)), text: "!",
                encoding: .utf16)
        XCTAssertEqual(d.lineText(0), "a: é!x")
        // A position inside the emoji's two units, or past the line, is clamped, not a crash.
        var e = doc
        e.apply(range: LSPRange(start: Position(line: 0, character: 5), end: Position(line: 99, character: 99)), text: "",
                encoding: .utf16)
        XCTAssertEqual(e.text, "a: é")
    }
}
