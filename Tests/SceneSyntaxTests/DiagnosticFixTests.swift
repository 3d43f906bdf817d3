import Foundation
import SceneSyntax
import XCTest

/// Codes and fixes as the printed diagnostic shows them, and the catalogue's shape.
final class DiagnosticFixTests: XCTestCase {
    static func range(_ line: Int, _ from: Int, _ to: Int) -> SourceRange {
        SourceRange(start: SourceLocation(line: line, column: from), end: SourceLocation(line: line, column: to))
    }

    func testHelpLinesFollowTheNotesWithTheLineAsTheFixLeavesIt() {
        let file = SourceFile(name: "s.yaml", text: "a: 1\nlineCap: rund\n")
        let at = Self.range(2, 10, 14)
        let d = Diagnostic.error(.badValue, "lineCap cannot be 'rund'", at: at, notes: ["allowed: butt, round, square"],
                                 fixes: [.replace(with: "round", at: at)])
        XCTAssertEqual(d.code, .badValue)
        XCTAssertEqual(d.rendered(in: file), """
            s.yaml:2:10: error: lineCap cannot be 'rund'
            lineCap: rund
                     ^~~~
            note: allowed: butt, round, square
            help: change to 'round'
            lineCap: round

            """)
    }

    /// Two insertions on one line (quotes around a value) are shown applied together; a fix
    /// spanning lines, or one for an option, is shown by its title alone.
    func testSeveralEditsOnALineAndFixesWithoutALine() {
        let file = SourceFile(name: "s.yaml", text: "c: {x: rgb(0, 0, 0)}\n")
        let quote = Fix("quote it", edits: [TextEdit(range: Self.range(1, 8, 8), newText: "\""),
                                            TextEdit(range: Self.range(1, 20, 20), newText: "\"")])
        let d = Diagnostic.error(.commaInFlowValue, "cut short", at: Self.range(1, 8, 20), fixes: [quote])
        XCTAssertTrue(d.rendered(in: file).hasSuffix("help: quote it\nc: {x: \"rgb(0, 0, 0)\"}\n"), d.rendered(in: file))
        let spanning = Fix("join", edits: [TextEdit(range: SourceRange(start: SourceLocation(line: 1, column: 1),
                                                                       end: SourceLocation(line: 2, column: 1)), newText: "")])
        XCTAssertTrue(Diagnostic.error(.yamlSyntax, "x", at: Self.range(1, 1, 2), fixes: [spanning]).rendered(in: file)
            .hasSuffix("help: join\n"))
        var option = Diagnostic(.error, "no", at: .none, origin: "--set a=b", code: .badOption,
                                fixes: [Fix("do", replacing: Self.range(1, 1, 2), with: "y")])
        XCTAssertEqual(option.rendered(in: file), "--set a=b: error: no\nhelp: do\n")
        option.fixes = []
        XCTAssertEqual(option.rendered(in: file), "--set a=b: error: no\n")
    }

    /// A diagnostic made without a code is `unclassified`, which the corpus test refuses.
    func testTheCodelessFormsAreUnclassified() {
        XCTAssertEqual(Diagnostic.error("x", at: .none).code, .unclassified)
        XCTAssertEqual(Diagnostic.warning("x", at: .none).code, .unclassified)
        XCTAssertNotEqual(Diagnostic.error(.yamlSyntax, "x", at: .none), Diagnostic.error("x", at: .none))
    }

    /// The core catalogue (SceneSyntax's codes; the kinds' own are checked in SceneModelTests'
    /// DiagnosticCatalogueTests, with the page).
    func testTheCatalogueNamesEachCodeInKebabCaseWithASummaryAndAPage() {
        var seen: Set<String> = []
        for entry in DiagnosticCode.core {
            let code = entry.code
            XCTAssertTrue(seen.insert(code.rawValue).inserted)
            XCTAssertNotNil(code.rawValue.wholeMatch(of: /[a-z]+(-[a-z]+)*/), code.rawValue)
            XCTAssertTrue(entry.summary.hasSuffix("."), code.rawValue)
            if code != .unclassified {
                XCTAssertNotNil(entry.example, "\(code.rawValue) has no example")
            }
            if case .command(let line)? = entry.example as DiagnosticExample? {
                XCTAssertTrue(line.hasPrefix("scenec "), line)
            }
        }
        XCTAssertEqual(DiagnosticCode.core.first { $0.code == .overrideReplacesAnimation }?.severity, .warning)
        XCTAssertEqual(DiagnosticCode(rawValue: "unknown-attribute"), .unknownAttribute)
    }

    /// A code is open (a kind declares its own) and is written as its name.
    func testACodeIsItsNameInJSON() throws {
        let data = try JSONEncoder().encode([DiagnosticCode.badValue, DiagnosticCode("lint-of-a-kind")])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"["bad-value","lint-of-a-kind"]"#)
        XCTAssertEqual(try JSONDecoder().decode([DiagnosticCode].self, from: data), [.badValue, DiagnosticCode("lint-of-a-kind")])
        XCTAssertLessThan(DiagnosticCode.badAlias, DiagnosticCode.badValue)
        let entry = DiagnosticCodeEntry(.badValue, summary: "S.", severity: .error, example: nil)
        XCTAssertNil(entry.fix)
    }
}
