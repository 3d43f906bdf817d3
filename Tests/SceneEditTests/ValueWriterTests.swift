import XCTest
import SceneModel
import SceneSyntax
@testable import SceneEdit

/// Values are written as a person writes them, and read back as the same value.
final class ValueWriterTests: XCTestCase {
    func text(_ value: Value) -> String { ValueWriter.write(value).flow }

    func testNumbersInTheirShortestExactForm() {
        XCTAssertEqual(text(.number(3)), "3")
        XCTAssertEqual(text(.number(0.5)), "0.5")
        XCTAssertEqual(text(.number(-0.1)), "-0.1")
        XCTAssertEqual(text(.number(0.1 + 0.2)), "0.30000000000000004", "exact, not rounded")
        XCTAssertEqual(text(.angle(Angle(degrees: 90))), "90")
    }

    func testColoursAsQuotedHexUnlessThatWouldRoundThem() {
        XCTAssertEqual(text(.color(.rgb255(255, 45, 85))), "\"#ff2d55\"")
        XCTAssertEqual(text(.color(.rgb255(0, 0, 0, alpha: 128.0 / 255))), "\"#00000080\"")
        XCTAssertEqual(text(.color(.rgb255(255, 255, 255, alpha: 0.15))), "\"rgba(255, 255, 255, 0.15)\"")
        XCTAssertEqual(text(.color(.white(0.5, alpha: 1))), "{white: 0.5, alpha: 1}")
    }

    /// A system colour keeps its name; `{light, dark}` is written with both sides.
    func testColoursByAppearanceKeepTheirForm() {
        let blue = ColorForm.system(named: "systemBlue") ?? .clear
        let red = ColorForm.system(named: "systemRed") ?? .clear
        XCTAssertEqual(text(.colorForm(blue)), "systemBlue")
        XCTAssertEqual(text(.colorForm(.pair(light: .hex(.rgb255(255, 0, 0)), dark: .hex(.rgb255(0, 0, 255))))),
                       "{light: \"#ff0000\", dark: \"#0000ff\"}")
        XCTAssertEqual(text(.colorForm(.pair(light: red, dark: .hex(.rgb255(10, 132, 255))))),
                       "{light: systemRed, dark: \"#0a84ff\"}", "a side's name is kept, not flattened")
        XCTAssertEqual(text(.colorForm(.withAlpha(blue, 0.8))), "{color: systemBlue, alpha: 0.8}")
        XCTAssertEqual(text(.colorForm(.pair(light: blue, dark: .withAlpha(blue, 0.5)))),
                       "{light: systemBlue, dark: {color: systemBlue, alpha: 0.5}}")
        XCTAssertEqual(text(.colorForm(.rgb(.rgb255(1, 111, 37)))), "\"rgb(1, 111, 37)\"", "rgb() stays rgb()")
        XCTAssertEqual(text(.colorForm(.css("tomato", .rgb255(255, 99, 71)))), "tomato", "a CSS name stays a name")
    }

    func testLengthsTimesAndWords() {
        XCTAssertEqual(text(.length(.pt(12))), "12")
        XCTAssertEqual(text(.length(Length(percent: 100, points: -10))), "\"100% - 10\"")
        XCTAssertEqual(text(.timeOfDay(.hms(22, 15, 0))), "\"22:15\"")
        XCTAssertEqual(text(.timeOfDay(.hms(10, 9, 30))), "\"10:09:30\"")
        XCTAssertEqual(text(.timeOfDay(.now)), "now")
        XCTAssertEqual(text(.choice("round")), "round")
        XCTAssertEqual(text(.bool(false)), "false")
        XCTAssertEqual(text(.points([Point(x: .pt(0), y: Length(percent: 50))])), "[[0, \"50%\"]]")
        XCTAssertEqual(text(.insets(Insets(all: 4))), "4")
        XCTAssertEqual(text(.gridSpacing(GridSpacing(row: 1, column: 2))), "{row: 1, column: 2}")
    }

    func testQuotesOnlyWhereAReaderCouldTakeTheTextForSomethingElse() {
        for plain in ["brand", "my style", "größe", "a-b_c"] {
            XCTAssertFalse(YAMLText.needsQuotes(plain), plain)
        }
        for special in ["", "yes", "Off", "null", "~", "#fff", "12", "-1", "a: b", "a #b", "x,y", "[a]", "*a", "&a", " a", "a:"] {
            XCTAssertTrue(YAMLText.needsQuotes(special), special)
        }
        // YAML's own escapes (NEL as \N, the separators as \L and \P), which fmt writes too; read
        // back by the YAML reader as the same text.
        let text = "a\"b\\c\u{1}\u{85}\u{2028}\t"
        XCTAssertEqual(YAMLText.quoted(text), "\"a\\\"b\\\\c\\u0001\\N\\L\\t\"")
        let read = YAMLReader().read(SourceFile(name: "t.yaml", text: "k: \(YAMLText.quoted(text))\n"))
        XCTAssertEqual(read.root?.mapping?.first?.value.scalar?.text, text)
    }
}

final class UnifiedDiffTests: XCTestCase {
    func diff(_ a: String, _ b: String) -> String {
        String(decoding: UnifiedDiff.diff(old: Array(a.utf8), new: Array(b.utf8), oldName: "a/f", newName: "b/f"), as: UTF8.self)
    }

    func testOneChangedLineWithThreeLinesOfContext() {
        let a = (1...9).map { "l\($0)\n" }.joined()
        let b = a.replacingOccurrences(of: "l5", with: "L5")
        XCTAssertEqual(diff(a, b), "--- a/f\n+++ b/f\n@@ -2,7 +2,7 @@\n l2\n l3\n l4\n-l5\n+L5\n l6\n l7\n l8\n")
    }

    func testDistantChangesMakeTwoHunksAndNearOnesOne() {
        let a = (1...20).map { "l\($0)\n" }.joined()
        let far = a.replacingOccurrences(of: "l2\n", with: "x\n").replacingOccurrences(of: "l18\n", with: "y\n")
        XCTAssertEqual(diff(a, far).components(separatedBy: "@@ -").count - 1, 2)
        let near = a.replacingOccurrences(of: "l2\n", with: "x\n").replacingOccurrences(of: "l8\n", with: "y\n")
        XCTAssertEqual(diff(a, near).components(separatedBy: "@@ -").count - 1, 1)
    }

    func testALastLineWithoutABreakIsMarked() {
        XCTAssertEqual(diff("a\nb", "a\nb\nc"),
                       "--- a/f\n+++ b/f\n@@ -1,2 +1,3 @@\n a\n-b\n\\ No newline at end of file\n+b\n+c\n\\ No newline at end of file\n")
    }

    func testInsertionIntoAnEmptyFileAndNoChange() {
        XCTAssertEqual(diff("", "a\n"), "--- a/f\n+++ b/f\n@@ -0,0 +1 @@\n+a\n")
        XCTAssertEqual(diff("same\n", "same\n"), "")
    }

    func testTheScriptIsShortest() {
        let a = ["a", "b", "c", "a", "b", "b", "a"].map { ArraySlice(Array($0.utf8)) }
        let b = ["c", "b", "a", "b", "a", "c"].map { ArraySlice(Array($0.utf8)) }
        let ops = LineDiff.script(a, b)
        XCTAssertEqual(ops.filter { $0 != .same }.count, 5, "Myers' example: D = 5")
        XCTAssertEqual(ops.filter { $0 != .insert }.count, a.count)
        XCTAssertEqual(ops.filter { $0 != .delete }.count, b.count)
    }
}
