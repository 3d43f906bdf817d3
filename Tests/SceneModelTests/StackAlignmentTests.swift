import SceneModel
import SceneSyntax
import XCTest

/// A stack's `alignment` words by `axis` (StackAlignment) and the conflicts the checker reports
/// (`Stack.conflicts`, a `ValueConflict` each): a word not of the axis, with the word to use.
final class StackAlignmentTests: XCTestCase {
    func conflicts(axis: String, alignment: String) -> [ValueConflict] {
        var values = AttributeValues(defaultsOf: Stack.kind)
        values.set(Stack.axis.name, ResolvedValue(value: .choice(axis), source: .file))
        values.set(Stack.alignment.name, ResolvedValue(value: .choice(alignment), source: .file))
        return Stack.conflicts(values)
    }

    func testEachAxisTakesItsWordsAndRefusesTheOthersWithTheWordToUse() {
        for axis in ["horizontal", "vertical", "z"] {
            for word in StackAlignment.allWords {
                XCTAssertEqual(conflicts(axis: axis, alignment: word).isEmpty, StackAlignment.words(for: axis).contains(word),
                               "\(axis) \(word)")
            }
        }
        XCTAssertEqual(conflicts(axis: "z", alignment: "start").first?.replacement, "topLeading")
        XCTAssertEqual(conflicts(axis: "z", alignment: "end").first?.replacement, "bottomTrailing")
        XCTAssertNil(conflicts(axis: "z", alignment: "stretch").first?.replacement)
        XCTAssertEqual(conflicts(axis: "horizontal", alignment: "bottomLeading").first?.replacement, "bottom")
        XCTAssertEqual(conflicts(axis: "vertical", alignment: "topTrailing").first?.replacement, "trailing")
        XCTAssertNil(conflicts(axis: "vertical", alignment: "top").first?.replacement, "top in a column is along it")
        XCTAssertEqual(conflicts(axis: "z", alignment: "start").first?.attribute, "alignment")
        XCTAssertEqual(Stack.conflicts(AttributeValues(defaultsOf: Stack.kind)), [], "the defaults agree")
        XCTAssertEqual(Ring.conflicts(AttributeValues(defaultsOf: Ring.kind)), [], "a kind without conflicts has none")
    }

    /// The same words as data, for the schema: one set of words for each axis.
    func testTheDependentChoicesAreEachAxissWords() {
        let dependent: [DependentChoice] = Stack.dependentChoices
        XCTAssertEqual(dependent.map(\.attribute), ["alignment"])
        XCTAssertEqual(dependent.first?.on, "axis")
        XCTAssertEqual(dependent.first?.words["z"], StackAlignment.zWords)
        XCTAssertEqual(dependent.first?.words["horizontal"], ["start", "center", "end", "stretch", "top", "bottom"])
        XCTAssertEqual(Ring.dependentChoices, [])
    }

    func testZWordsAreFractionsOfTheFreeSpace() {
        XCTAssertTrue(StackAlignment.zFractions("center") == (0.5, 0.5))
        XCTAssertTrue(StackAlignment.zFractions("topTrailing") == (1, 0))
        XCTAssertTrue(StackAlignment.zFractions("bottomLeading") == (0, 1))
        XCTAssertEqual(StackAlignment.crossPlacement("top"), "start")
        XCTAssertEqual(StackAlignment.crossPlacement("trailing"), "end")
        XCTAssertEqual(StackAlignment.crossPlacement("stretch"), "stretch")
    }

    func testSpacingOnAZStackIsWarnedAbout() {
        var values = AttributeValues(defaultsOf: Stack.kind)
        values.set(Stack.axis.name, ResolvedValue(value: .choice("z"), source: .file))
        values.set(Stack.spacing.name, ResolvedValue(value: .number(4), source: .file))
        let view = LintedView(values: values, size: Size(width: 10, height: 10), type: .stack, id: "s", path: "views[0]",
                              start: SourceLocation(line: 1, column: 1))
        XCTAssertEqual(Stack.lint(view).map(\.code), [.lintIgnoredInZStack])
        XCTAssertEqual(Stack.lintCodes.map(\.code), [.lintIgnoredInZStack])
    }
}
