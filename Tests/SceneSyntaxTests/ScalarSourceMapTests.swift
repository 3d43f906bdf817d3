import SceneSyntax
import XCTest

/// Where the characters of a scalar's text are written, in each scalar style, read back from the
/// source: what a `{view.attribute}` inside a text is placed by.
final class ScalarSourceMapTests: XCTestCase {
    /// The map of the document's one value (`k: …`).
    func map(_ yaml: String) throws -> (ScalarSourceMap, String) {
        let file = SourceFile(name: "s.yaml", text: yaml)
        let value = try XCTUnwrap(YAMLReader().read(file).root?.mapping?.first?.value)
        let text = try XCTUnwrap(value.scalar?.text)
        return (try XCTUnwrap(ScalarSourceMap(text: text, writtenAt: value.range, in: file)), text)
    }

    func testEachStyleMapsItsCharactersToWhereTheyAreWritten() throws {
        let cases: [(String, SourceRange)] = [
            ("k: ab cd\n", range(1, 7, 1, 9)),
            ("k: \"a\\tb cd\"\n", range(1, 10, 1, 12)),
            ("k: 'a''b cd'\n", range(1, 10, 1, 12)),
            ("k: \"\\u00e9\\x41 cd\"\n", range(1, 16, 1, 18)),
            ("k: |-\n  ab\n  x cd\n", range(3, 5, 3, 7)),
            ("k: >-\n  ab\n  x cd\n", range(3, 5, 3, 7)),
            ("k: ab\n  x cd\n", range(2, 5, 2, 7)),
            ("k: \"ab\\\n  x cd\"\n", range(2, 5, 2, 7)),
        ]
        for (yaml, expected) in cases {
            let (map, text) = try map(yaml)
            let cd = text.count - 2
            XCTAssertEqual(map.range(offset: cd, length: 2), expected, yaml)
        }
    }

    func testAnEscapeIsOneCharacterSpanningItsWrittenForm() throws {
        let (map, text) = try map("k: \"\\u00e9t\\u00e9\"\n")
        XCTAssertEqual(text, "été")
        XCTAssertEqual(map.range(offset: 0, length: 1), range(1, 5, 1, 11))
        XCTAssertEqual(map.range(offset: 0, length: 3), range(1, 5, 1, 18))
        XCTAssertNil(map.range(offset: 2, length: 5), "past the text")
    }

    func testWhatCannotBeFollowedHasNoMap() {
        let file = SourceFile(name: "s", text: "a: *x\n")
        XCTAssertNil(ScalarSourceMap(text: "anchored", writtenAt: range(1, 4, 1, 6), in: file), "an alias")
        XCTAssertNil(ScalarSourceMap(text: "x", writtenAt: .none, in: file))
        XCTAssertNil(ScalarSourceMap(text: "absent", writtenAt: range(1, 1, 1, 3), in: file), "text that is not written there")
        // An escaped text on a line of more than 4,096 bytes is not followed (a file of thousands
        // of texts on one line would cost the square of its length); one without escapes is.
        let padding = String(repeating: "x", count: 5000)
        let long = SourceFile(name: "s", text: "k: \"\\t{a.b}\", pad: \(padding)\n")
        XCTAssertNil(ScalarSourceMap(text: "\t{a.b}", writtenAt: range(1, 4, 1, 13), in: long))
        let plain = SourceFile(name: "s", text: "k: \"{a.b}\", pad: \(padding)\n")
        XCTAssertEqual(ScalarSourceMap(text: "{a.b}", writtenAt: range(1, 4, 1, 11), in: plain)?.range(offset: 1, length: 1),
                       range(1, 6, 1, 7))
    }

    func range(_ l1: Int, _ c1: Int, _ l2: Int, _ c2: Int) -> SourceRange {
        SourceRange(start: SourceLocation(line: l1, column: c1), end: SourceLocation(line: l2, column: c2))
    }
}
