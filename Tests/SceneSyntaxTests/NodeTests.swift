import SceneSyntax
import XCTest

/// The node tree's types as the checker reads them: content cases, pairs, the comment kept after
/// an empty value, and diagnostics' severities.
final class NodeTests: XCTestCase {
    func read(_ text: String) throws -> Node {
        let read = YAMLReader().read(SourceFile(name: "t.yaml", text: text))
        XCTAssertEqual(read.diagnostics, [])
        return try XCTUnwrap(read.root)
    }

    func testContentIsAScalarASequenceOrAMappingOfPairs() throws {
        let root = try read("a: [1, 2]\nb: x\n")
        guard case .mapping(let pairs) = root.content else { return XCTFail("a mapping: \(root.kindDescription)") }
        let first: Node.Pair = pairs[0]
        XCTAssertEqual(first.key, "a")
        guard case .sequence(let items) = first.value.content else { return XCTFail("a sequence") }
        XCTAssertEqual(items.compactMap(\.scalar?.text), ["1", "2"])
        guard case .scalar(let b) = pairs[1].value.content else { return XCTFail("a scalar") }
        XCTAssertEqual(b.text, "x")
        XCTAssertNil(b.comment)
        let built = Node(Node.Content.mapping([Node.Pair(key: "k", keyRange: .none, value: Node(.scalar(.init(text: "v", isPlain: true)), range: .none))]),
                         range: .none)
        XCTAssertEqual(built.mapping?.first?.value.scalar?.text, "v")
        XCTAssertNil(built.sequence)
    }

    func testAHashAfterAnEmptyValueIsKeptAsItsComment() throws {
        let root = try read("progressColor: #ff2d55\n")
        let value = try XCTUnwrap(root.mapping?.first?.value.scalar)
        XCTAssertTrue(value.isNull, "YAML reads the value as nothing")
        let comment: Node.Comment = try XCTUnwrap(value.comment)
        XCTAssertEqual(comment.text, "#ff2d55")
        XCTAssertEqual(comment.range.start, SourceLocation(line: 1, column: 16))
        XCTAssertEqual(comment, Node.Comment(text: "#ff2d55", range: comment.range), "compared by value, though a class")
        XCTAssertNotEqual(comment, Node.Comment(text: "#000", range: comment.range))
    }

    func testSeveritiesAreNamedAsPrinted() {
        XCTAssertEqual([Diagnostic.Severity.error, .warning, .note].map(\.rawValue), ["error", "warning", "note"])
        XCTAssertEqual(Diagnostic.Severity(rawValue: "note"), .note)
        XCTAssertEqual(Diagnostic.error("x", at: .none).severity, Diagnostic.Severity.error)
        XCTAssertEqual(Diagnostic.warning("x", at: .none).severity, .warning)
        XCTAssertTrue([Diagnostic.warning("w", at: .none)].hasErrors == false)
    }
}
