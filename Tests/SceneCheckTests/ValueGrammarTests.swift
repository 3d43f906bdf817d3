import XCTest
@testable import SceneCheck
import SceneModel
import SceneSyntax

/// docs/language.md §2: every value form, read through the same path a scene file takes.
final class ValueGrammarTests: XCTestCase {
    /// Parses `text` as the YAML value of one attribute.
    func parse(_ text: String, as kind: ValueKind) -> Result<Value, ValueError> {
        let read = YAMLReader().read(SourceFile(name: "v", text: "v: \(text)\n"))
        guard let node = read.root?.mapping?.first?.value else {
            return .failure(ValueError(message: "unreadable: \(read.diagnostics)", range: .none))
        }
        return ValueParser.parse(node, as: kind, what: "v")
    }

    func value(_ text: String, _ kind: ValueKind, file: StaticString = #filePath, line: UInt = #line) -> Value? {
        switch parse(text, as: kind) {
        case .success(let v): return v
        case .failure(let e):
            XCTFail("'\(text)' was refused: \(e.message)", file: file, line: line)
            return nil
        }
    }

    func refused(_ text: String, _ kind: ValueKind, containing word: String,
                 file: StaticString = #filePath, line: UInt = #line) {
        switch parse(text, as: kind) {
        case .success(let v): XCTFail("'\(text)' was accepted as \(v)", file: file, line: line)
        case .failure(let e):
            let all = ([e.message] + e.notes).joined(separator: " ")
            XCTAssertTrue(all.contains(word), "'\(all)' lacks '\(word)'", file: file, line: line)
            XCTAssertEqual(e.range.start.line, 1, file: file, line: line)
            // At the value, or at the key or item inside it that is wrong.
            XCTAssertGreaterThanOrEqual(e.range.start.column, 4, file: file, line: line)
        }
    }

    func testNumbers() {
        XCTAssertEqual(value("12", .number(.any)), .number(12))
        XCTAssertEqual(value("0.5", .number(.any)), .number(0.5))
        XCTAssertEqual(value("-3e2", .number(.any)), .number(-300))
        refused(".nan", .number(.any), containing: "finite")
        refused(".inf", .number(.any), containing: "finite")
        refused("-.inf", .number(.any), containing: "finite")
        refused("1e999", .number(.any), containing: "too large")
        refused("2e9", .number(.any), containing: "within ±1e9")
        refused("\"1e12%\"", .length(reference: ""), containing: "too large")
        refused("twelve", .number(.any), containing: "number")
        refused("2", .number(.unit), containing: "between 0 and 1")
        refused("0", .number(.positive), containing: "greater than 0")
        refused("[1]", .number(.any), containing: "a list")
    }

    func testLengths() {
        XCTAssertEqual(value("150", .length(reference: "")), .length(.pt(150)))
        XCTAssertEqual(value("\"50%\"", .length(reference: "")), .length(Length(percent: 50)))
        XCTAssertEqual(value("50%", .length(reference: "")), .length(Length(percent: 50)))
        XCTAssertEqual(value("\"100% - 10\"", .length(reference: "")), .length(Length(percent: 100, points: -10)))
        // A sum of terms: a component's "100% - $inset" reads with inset 5 or 5%.
        XCTAssertEqual(value("\"100% - 5%\"", .length(reference: "")), .length(Length(percent: 95)))
        XCTAssertEqual(value("\"50% + 10 - 4\"", .length(reference: "")), .length(Length(percent: 50, points: 6)))
        XCTAssertEqual(value("\"10 + 50%\"", .length(reference: "")), .length(Length(percent: 50, points: 10)))
        XCTAssertEqual(value("\"100%-5%-2\"", .length(reference: "")), .length(Length(percent: 95, points: -2)))
        for bad in ["\"50% - -4\"", "\"50% +\"", "\"5% 5%\"", "\"50% * 2\""] {
            guard case .failure(let e) = parse(bad, as: .length(reference: "")) else { XCTFail("\(bad) was read"); continue }
            XCTAssertEqual(e.notes, ["a length is points, percentages or a sum of them: \"100% - 10\", \"100% - 5%\", \"50% + 10 - 4\""])
        }
        XCTAssertEqual(value("\"50% + 4\"", .length(reference: "")), .length(Length(percent: 50, points: 4)))
        XCTAssertEqual(value("\"100%-10\"", .length(reference: "")), .length(Length(percent: 100, points: -10)))
        refused("\"50% * 2\"", .length(reference: ""), containing: "length")
        refused("\"abc\"", .length(reference: ""), containing: "length")
        refused("\"50% - -3\"", .length(reference: ""), containing: "length")
        XCTAssertEqual(Length(percent: 100, points: -10).resolved(against: 200), 190)
    }

    func testAngles() {
        XCTAssertEqual(value("90", .angle), .angle(Angle(degrees: 90)))
        XCTAssertEqual(value("\"90deg\"", .angle), .angle(Angle(degrees: 90)))
        XCTAssertEqual(value("\"0.25turn\"", .angle), .angle(Angle(degrees: 90)))
        guard case .angle(let a)? = value("\"1.5708rad\"", .angle) else { return XCTFail() }
        XCTAssertEqual(a.degrees, 90, accuracy: 0.001)
        refused("\"90degs\"", .angle, containing: "angle")
    }

    /// A colour's form as read, and its concrete colour in `appearance`.
    func form(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ColorForm? {
        guard case .colorForm(let f)? = value(text, .color, file: file, line: line) else { return nil }
        return f
    }

    func testColors() {
        let red = Color(red: 1, green: 0, blue: 0)
        XCTAssertEqual(form("\"#f00\""), .hex(red))
        XCTAssertEqual(form("\"#ff0000\""), .hex(red))
        XCTAssertEqual(form("\"#FF0000FF\""), .hex(red))
        XCTAssertEqual(form("\"#f00f\""), .hex(red))
        XCTAssertEqual(form("\"#ff00\""), .hex(Color(red: 1, green: 1, blue: 0, alpha: 0)))
        XCTAssertEqual(form("red"), .css("red", red))
        XCTAssertEqual(form("\"rgb(255, 0, 0)\""), .rgb(red))
        XCTAssertEqual(form("{red: 255, green: 0, blue: 0}"), .components(red))
        XCTAssertEqual(form("\"rgba(255, 255, 255, 0.15)\""), .rgb(Color(red: 1, green: 1, blue: 1, alpha: 0.15)))
        XCTAssertEqual(form("{white: 1, alpha: 0.15}"), .white(Color(red: 1, green: 1, blue: 1, alpha: 0.15)))
        XCTAssertEqual(form("\"#ff000080\""), .hex(Color(red: 1, green: 0, blue: 0, alpha: 128.0 / 255)))
        XCTAssertEqual(form("clear"), .clear)
        XCTAssertEqual(form("transparent")?.color(for: .dark), .clear)
        XCTAssertEqual(form("rebeccapurple")?.color(for: .light), .rgb255(0x66, 0x33, 0x99))
        XCTAssertEqual(form("LightGoldenrodYellow"), .css("LightGoldenrodYellow", .rgb255(0xFA, 0xFA, 0xD2)), "as written")
        refused("\"#ff00f\"", .color, containing: "#ff00f")
        refused("\"#ggg\"", .color, containing: "hex")
        refused("gren", .color, containing: "did you mean 'green'")
        refused("\"rgb(256, 0, 0)\"", .color, containing: "0 and 255")
        refused("\"rgba(1, 2, 3)\"", .color, containing: "rgba")
        refused("{red: 1, green: 2}", .color, containing: "blue")
        refused("{red: 1, green: 2, blu: 3}", .color, containing: "did you mean 'blue'")
        refused("{white: 2}", .color, containing: "between 0 and 1")
    }

    /// System colours, `{color, alpha}` and `{light, dark}` keep their form, and give each
    /// appearance its own colour.
    func testColorFormsByAppearance() throws {
        let blue = try XCTUnwrap(ColorForm.system(named: "systemBlue"))
        let red = try XCTUnwrap(ColorForm.system(named: "systemRed"))
        XCTAssertEqual(form("systemBlue"), blue)
        XCTAssertEqual(form("systemBlue")?.color(for: .light), .rgb255(0, 122, 255))
        XCTAssertEqual(form("systemBlue")?.color(for: .dark), .rgb255(10, 132, 255))

        let translucent = form("{color: systemBlue, alpha: 0.5}")
        XCTAssertEqual(translucent, .withAlpha(blue, 0.5))
        XCTAssertEqual(translucent?.color(for: .light), .rgb255(0, 122, 255, alpha: 0.5))
        XCTAssertEqual(translucent?.color(for: .dark), .rgb255(10, 132, 255, alpha: 0.5))
        XCTAssertEqual(form("{color: \"#ff000080\", alpha: 1}")?.color(for: .dark), .rgb255(255, 0, 0), "alpha replaced, not multiplied")
        XCTAssertEqual(form("{color: {white: 1}, alpha: 0.2}"), .withAlpha(.white(.white(1)), 0.2))

        let pair = form("{light: systemRed, dark: \"#0a84ff\"}")
        XCTAssertEqual(pair, .pair(light: red, dark: .hex(.rgb255(10, 132, 255))), "the light side stays systemRed")
        XCTAssertEqual(pair?.color(for: .light), .rgb255(255, 59, 48))
        XCTAssertEqual(pair?.color(for: .dark), .rgb255(10, 132, 255))
        let mixed = form("{light: systemBlue, dark: {color: systemBlue, alpha: 0.5}}")
        XCTAssertEqual(mixed, .pair(light: blue, dark: .withAlpha(blue, 0.5)))
        XCTAssertEqual(mixed?.color(for: .light), .rgb255(0, 122, 255))
        XCTAssertEqual(mixed?.color(for: .dark), .rgb255(10, 132, 255, alpha: 0.5))
        XCTAssertEqual(form("{light: systemBlue, dark: systemRed}")?.color(for: .dark), .rgb255(255, 69, 58), "a system side, own appearance")

        let mistakes = [
            ("{color: systemBlue}", "missing 'alpha'"), ("{alpha: 0.5}", "missing"),
            ("{color: systemBlue, alpha: 1.5}", "between 0 and 1"), ("{color: systemBlue, alpha: 0.5, beta: 1}", "unknown key 'beta'"),
            ("{color: systemBlu, alpha: 0.5}", "did you mean 'systemBlue'"),
            ("{color: {color: red, alpha: 1}, alpha: 0.5}", "must be one color"),
            ("{color: {light: red, dark: blue}, alpha: 0.5}", "must be one color"),
            ("{light: {light: red, dark: blue}, dark: red}", "cannot itself be"), ("{light: red}", "missing 'dark'"),
            ("{light: red, dark: {color: red}}", "missing 'alpha'"),
        ]
        for (text, word) in mistakes { refused(text, .color, containing: word) }
    }

    /// Where an error in `{color, alpha}` points: the wrong part, not the whole value.
    func testColorFormErrorsPointAtTheirPart() {
        guard case .failure(let e) = parse("{color: systemBlue, alpha: 2}", as: .color) else { return XCTFail("accepted") }
        XCTAssertEqual(e.range.start.column, 31, "at the alpha's value")
        guard case .failure(let k) = parse("{light: red, dark: {color: red, alhpa: 1}}", as: .color) else { return XCTFail("accepted") }
        XCTAssertEqual(k.range.start.column, 36, "at the misspelt key")
        XCTAssertTrue(k.message.contains("did you mean 'alpha'"), k.message)
    }

    func testBoolsAreStrict() {
        XCTAssertEqual(value("true", .bool), .bool(true))
        XCTAssertEqual(value("false", .bool), .bool(false))
        refused("yes", .bool, containing: "write true")
        refused("off", .bool, containing: "write false")
        refused("\"true\"", .bool, containing: "true or false")
        refused("1", .bool, containing: "true or false")
    }

    func testChoicesListTheAllowedWords() {
        XCTAssertEqual(value("round", .choice(["butt", "round"])), .choice("round"))
        refused("rund", .choice(["butt", "round"]), containing: "did you mean 'round'")
        refused("x", .choice(["butt", "round"]), containing: "allowed: butt, round")
    }

    func testTimesOfDay() {
        XCTAssertEqual(value("\"10:09:30\"", .timeOfDay), .timeOfDay(.seconds(36570)))
        XCTAssertEqual(value("\"22:15\"", .timeOfDay), .timeOfDay(.seconds(80100)))
        XCTAssertEqual(value("\"24:00:30\"", .timeOfDay), .timeOfDay(.seconds(86430)))
        XCTAssertEqual(value("now", .timeOfDay), .timeOfDay(.now))
        refused("\"48:00\"", .timeOfDay, containing: "0 to 47")
        refused("\"10:61\"", .timeOfDay, containing: "59")
        refused("\"10\"", .timeOfDay, containing: "time of day")
    }

    func testPointsDashInsetsAndSpacing() {
        XCTAssertEqual(value("[[0, 0], [\"100%\", 10]]", .points),
                       .points([Point(x: .pt(0), y: .pt(0)), Point(x: Length(percent: 100), y: .pt(10))]))
        refused("[[0, 0]]", .points, containing: "at least 2")
        refused("[[0, 0], [1]]", .points, containing: "pair")
        XCTAssertEqual(value("[4, 2]", .dash), .dash([4, 2]))
        refused("[0, 0]", .dash, containing: "zeros")
        refused("[]", .dash, containing: "at least one")
        XCTAssertEqual(value("8", .insets), .insets(Insets(all: 8)))
        XCTAssertEqual(value("{top: 1, trailing: 2}", .insets), .insets(Insets(top: 1, trailing: 2)))
        XCTAssertEqual(value("{row: 1, column: 2}", .gridSpacing), .gridSpacing(GridSpacing(row: 1, column: 2)))
        refused("{rows: 1}", .gridSpacing, containing: "did you mean 'row'")
    }

    /// "Did you mean" as the message's words and as the fix replacing the word where it stands;
    /// a word from an option (no place) gets the words only.
    func testASuggestionCarriesItsFix() {
        let at = SourceRange(start: SourceLocation(line: 3, column: 5), end: SourceLocation(line: 3, column: 9))
        let s: Suggestions.Suggestion = Suggestions.suggest("rund", in: ["butt", "round", "square"], at: at)
        XCTAssertEqual(s.word, "round")
        XCTAssertEqual(s.hint, "; did you mean 'round'?")
        XCTAssertEqual(s.fixes, [Fix("change to 'round'", replacing: at, with: "round")])
        XCTAssertEqual(Suggestions.suggest("rund", in: ["butt", "round"], at: .none).fixes, [])
        XCTAssertEqual(Suggestions.suggest("zzzzzz", in: ["butt", "round"], at: at).hint, "")
        XCTAssertEqual(Suggestions.suggest("zzzzzz", in: ["butt", "round"], at: at).fixes, [])
    }

    func testSuggestions() {
        XCTAssertEqual(Suggestions.nearest(to: "progresColor", in: ["progressColor", "trackColor"]), "progressColor")
        XCTAssertEqual(Suggestions.nearest(to: "lineWdith", in: ["lineWidth", "lineCap"]), "lineWidth")
        XCTAssertEqual(Suggestions.nearest(to: "ProgressColor", in: ["progressColor"]), "progressColor")
        XCTAssertNil(Suggestions.nearest(to: "banana", in: ["progressColor", "lineWidth"]))
    }
}
