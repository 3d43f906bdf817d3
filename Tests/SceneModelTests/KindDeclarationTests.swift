import SceneModel
import SceneSyntax
import XCTest

/// What kinds say about themselves: their geometry lints (with their codes) and children rule,
/// read by every consumer through `ViewType.declaration` (KindDeclaration).
final class KindDeclarationTests: XCTestCase {
    func linted(_ type: ViewType, _ values: AttributeValues, side: Double, id: String? = "r") -> LintedView {
        LintedView(values: values, size: Size(width: side, height: side), type: type, id: id, path: "views[0]",
                   start: SourceLocation(line: 3, column: 5))
    }

    func testARingWhoseLineWidthLeavesNoRadiusIsWarnedAbout() {
        var values = AttributeValues(defaultsOf: Ring.kind)
        values.set("lineWidth", ResolvedValue(value: .number(40), source: .file))
        let found = Ring.lint(linted(.ring, values, side: 40))
        XCTAssertEqual(found.map(\.code), [.lintNoRadius])
        XCTAssertTrue(found.first?.message.contains("ring 'r'") ?? false, "\(found)")
        XCTAssertEqual(Ring.lint(linted(.ring, values, side: 41)), [], "a radius of 0.5 draws")
        XCTAssertEqual(linted(.ring, values, side: 40, id: nil).name, "ring at views[0]")
        XCTAssertEqual(linted(.ring, values, side: 40).range(of: "progress").start, SourceLocation(line: 3, column: 5),
                       "an attribute the file does not give points at the view")
    }

    func testAClockHandPointingBackwardsIsAnErrorAndOnlyKindsWithChecksHaveAny() {
        var values = AttributeValues(defaultsOf: Clock.kind)
        values.set("hourHandLength", ResolvedValue(value: .length(Length(points: -5)), source: .file))
        XCTAssertEqual(Clock.lint(linted(.clock, values, side: 100)).map(\.code), [.lintHandLength])
        XCTAssertEqual(Pie.lint(linted(.pie, AttributeValues(defaultsOf: Pie.kind), side: 1)), [])
    }

    func testChildrenRules() {
        let rules: [ViewType: ChildrenRule] = Dictionary(uniqueKeysWithValues: Registry.kinds.map { ($0.type, $0.children) })
        XCTAssertEqual(rules.filter { $0.value == .placedByContainer }.keys.sorted { $0.rawValue < $1.rawValue }, [.grid, .stack])
        XCTAssertEqual(rules.filter { $0.value == .placedByFrame }.keys.map(\.self), [.group])
        for type in ViewType.allCases { XCTAssertEqual(type.isContainer, rules[type] != ChildrenRule.none) }
        XCTAssertTrue(Registry.declarations.allSatisfy { ($0 as Any.Type) is any KindDeclaration.Type })
    }
}
