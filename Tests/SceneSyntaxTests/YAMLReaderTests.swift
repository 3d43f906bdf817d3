import XCTest
@testable import SceneSyntax

final class YAMLReaderTests: XCTestCase {
    func read(_ text: String, limits: YAMLReader.Limits = .init()) -> (Node?, [Diagnostic]) {
        let r = YAMLReader(limits: limits).read(SourceFile(name: "t.yaml", text: text))
        return (r.root, r.diagnostics)
    }

    func testNodesCarryOneBasedLineAndColumn() throws {
        let (root, diags) = read("a: 1\nlist:\n  - x\n  - {b: \"q\"}\n")
        XCTAssertEqual(diags, [])
        let pairs = try XCTUnwrap(root?.mapping)
        XCTAssertEqual(pairs.map(\.key), ["a", "list"])
        XCTAssertEqual(pairs[0].keyRange.start, SourceLocation(line: 1, column: 1))
        XCTAssertEqual(pairs[0].value.range.start, SourceLocation(line: 1, column: 4))
        let items = try XCTUnwrap(pairs[1].value.sequence)
        XCTAssertEqual(items[0].range.start, SourceLocation(line: 3, column: 5))
        let inner = try XCTUnwrap(items[1].mapping)
        XCTAssertEqual(inner[0].value.scalar, Node.Scalar(text: "q", isPlain: false))
        XCTAssertEqual(inner[0].value.range.start, SourceLocation(line: 4, column: 9))
    }

    func testEmptyInputIsNoDocumentAndNoCrash() {
        let (root, diags) = read("")
        XCTAssertNil(root)
        XCTAssertEqual(diags, [])
    }

    func testDuplicateKeysAreReportedAtTheSecondKey() {
        let (_, diags) = read("a: 1\nb: 2\na: 3\n")
        XCTAssertEqual(diags.count, 1)
        XCTAssertEqual(diags.first?.range.start, SourceLocation(line: 3, column: 1))
        XCTAssertTrue(diags.first?.message.contains("duplicate key 'a'") ?? false)
    }

    func testAliasesExpandToTheAnchoredNode() throws {
        let (root, diags) = read("a: &c {x: 1}\nb: *c\n")
        XCTAssertEqual(diags, [])
        let b = try XCTUnwrap(root?.mapping?[1].value.mapping)
        XCTAssertEqual(b.first?.key, "x")
    }

    func testRecursiveAliasIsRefused() {
        let (_, diags) = read("&x [1, {b: *x}]\n")
        XCTAssertEqual(diags.count, 1)
        XCTAssertTrue(diags[0].message.contains("recursive alias"), diags[0].message)
        XCTAssertEqual(diags[0].range.start, SourceLocation(line: 1, column: 12))
    }

    func testAliasBombStopsAtTheNodeLimit() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for i in 1...9 {
            text += "a\(i): &a\(i) [" + Array(repeating: "*a\(i - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        let (_, diags) = read(text)
        XCTAssertEqual(diags.count, 1)
        XCTAssertTrue(diags[0].message.contains("more than 1000000 nodes"), diags[0].message)
        XCTAssertGreaterThan(diags[0].range.start.line, 1)
    }

    func testDeepNestingIsALocatedErrorNotAStackOverflow() {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let (_, diags) = read(text)
        XCTAssertEqual(diags.count, 1)
        XCTAssertTrue(diags[0].message.contains("nest deeper"), diags[0].message)
    }

    func testSyntaxErrorIsLocatedAndTabsGetAHint() {
        let (_, diags) = read("canvas:\n\twidth: 1\n")
        XCTAssertEqual(diags.count, 1)
        XCTAssertEqual(diags[0].range.start.line, 2)
        XCTAssertTrue(diags[0].message.contains("tab") && diags[0].message.contains("spaces only"), "\(diags[0])")
    }

    func testACommentAfterAnEmptyValueIsKeptForTheChecker() throws {
        let (root, diags) = read("color: #ff2d55\nother: x # fine\n")
        XCTAssertEqual(diags, [])
        let value = try XCTUnwrap(root?.mapping?.first?.value.scalar)
        XCTAssertTrue(value.isNull)
        XCTAssertEqual(value.comment?.text, "#ff2d55")
        XCTAssertEqual(value.comment?.range.start, SourceLocation(line: 1, column: 8))
        XCTAssertNil(root?.mapping?.last?.value.scalar?.comment)
    }

    func testAnUnquotedCallSplitAtCommasInBracesIsPutBackWithOneError() throws {
        let (root, diags) = read("a: {x: 1, easing: cubicBezier(0, 0, 0, 1), y: 2}\n")
        XCTAssertEqual(diags.count, 1, "\(diags)")
        XCTAssertTrue(diags[0].message.contains("quote it: easing: \"cubicBezier(0, 0, 0, 1)\""), diags[0].message)
        let pairs = try XCTUnwrap(root?.mapping?.first?.value.mapping)
        XCTAssertEqual(pairs.map(\.key), ["x", "easing", "y"])
        XCTAssertEqual(pairs[1].value.scalar?.text, "cubicBezier(0, 0, 0, 1)")
    }

    func testBareKeysInBracesAfterACompleteValueStayKeys() throws {
        let (root, diags) = read("a: {type: ring, hidden}\n")
        XCTAssertEqual(diags, [])
        XCTAssertEqual(root?.mapping?.first?.value.mapping?.map(\.key), ["type", "hidden"])
    }

    func testAMisindentedKeyNamesTheKeysToLineUpWith() {
        let (_, diags) = read("views:\n  - type: ring\n    frame: 1\n     progress: 0.5\n")
        XCTAssertEqual(diags.count, 1)
        XCTAssertEqual(diags.first?.message,
                       "'progress' is indented to column 6, but its siblings 'type' and 'frame' are at column 5; line it up with them")
    }

    /// libyaml finds a missing colon or space one line late, in its grammar's words; the
    /// diagnostic is at the key as written, with the colon or the space as its fix.
    func testAKeyWithoutItsColonOrSpaceIsNamedWhereItIsWritten() {
        let cases: [(String, String, SourceLocation, DiagnosticCode, String)] = [
            ("views:\n  - type: ring\n    progress 0.5\n    lineWidth: 2\n", "'progress 0.5' needs a colon: progress: 0.5",
             SourceLocation(line: 3, column: 5), .missingColon, ": "),
            ("canvas\n  width: 1\n", "'canvas' needs a colon: canvas:", SourceLocation(line: 1, column: 1), .missingColon, ":"),
            ("views:\n  - type:ring\n    frame: 1\n", "'type:ring' needs a space after the colon: type: ring",
             SourceLocation(line: 2, column: 5), .missingSpaceAfterColon, " "),
            ("views:\n  - type: ring\n    progress:0.5\n", "'progress:0.5' needs a space after the colon: progress: 0.5",
             SourceLocation(line: 3, column: 5), .missingSpaceAfterColon, " "),
        ]
        for (text, message, start, code, inserted) in cases {
            let (_, diags) = read(text)
            XCTAssertEqual(diags.map(\.message), [message], text)
            XCTAssertEqual(diags.first?.range.start, start, text)
            XCTAssertEqual(diags.first?.code, code, text)
            XCTAssertEqual(diags.first?.fixes.first?.edits.map(\.newText), [inserted], text)
        }
        let misindented = read("views:\n  - type: ring\n    frame: 1\n     progress: 0.5\n").1
        XCTAssertEqual(misindented.first?.code, .yamlIndentation, "a key indented wrong is not a missing colon")
    }

    func testInvalidUTF8AndNULAreLocatedErrors() {
        var bytes = Array("a: 1\nb: ".utf8)
        bytes.append(0xFF)
        let r = YAMLReader().read(SourceFile(name: "t", bytes: bytes))
        XCTAssertEqual(r.diagnostics.first?.range.start.line, 2)
        let nul = YAMLReader().read(SourceFile(name: "t", bytes: Array("a: 1\nb: x\u{0}\n".utf8)))
        XCTAssertEqual(nul.diagnostics.first?.range.start.line, 2)
    }

    func testASecondDocumentIsAnError() {
        let (_, diags) = read("a: 1\n---\nb: 2\n")
        XCTAssertEqual(diags.first?.range.start.line, 2)
    }

    func testDiagnosticRendersSourceLineAndCaret() {
        let file = SourceFile(name: "s.yaml", text: "views:\n  - progresColor: 1\n")
        let d = Diagnostic.error("unknown attribute", at: SourceRange(start: .init(line: 2, column: 5),
                                                                       end: .init(line: 2, column: 17)))
        XCTAssertEqual(d.rendered(in: file),
                       "s.yaml:2:5: error: unknown attribute\n  - progresColor: 1\n    ^~~~~~~~~~~~\n")
    }
}

final class LongLineDiagnosticTests: XCTestCase {
    func testALongLineIsShownAsAWindowAroundTheColumn() {
        // 1,000 characters, the error at 601: shown from 80 before it, 500 in all.
        let line = String(repeating: "a", count: 600) + "BAD" + String(repeating: "b", count: 397)
        let file = SourceFile(name: "s.yaml", text: line + "\n")
        let d = Diagnostic.error("bad", at: SourceRange(start: .init(line: 1, column: 601), end: .init(line: 1, column: 604)))
        let lines = d.rendered(in: file).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "s.yaml:1:601: error: bad")
        XCTAssertEqual(lines[1], "…" + String(repeating: "a", count: 80) + "BAD" + String(repeating: "b", count: 397))
        XCTAssertEqual(lines[2], String(repeating: " ", count: 81) + "^~~")
        // Short lines are shown whole, the caret at the column.
        let short = Diagnostic.error("x", at: SourceRange(start: .init(line: 1, column: 3), end: .init(line: 1, column: 4)))
        XCTAssertEqual(short.rendered(in: SourceFile(name: "s", text: "abcdef\n")), "s:1:3: error: x\nabcdef\n  ^\n")
    }
}
