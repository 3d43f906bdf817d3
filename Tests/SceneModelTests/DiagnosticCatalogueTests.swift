import SceneModel
import SceneSyntax
import XCTest

/// The whole catalogue of diagnostic codes: the core's (SceneSyntax) and each kind's own lint
/// codes, declared in the kind's model file (`KindDeclaration.lintCodes`). The CLI tests
/// (DiagnosticCodesTests) check that every example reports its code.
final class DiagnosticCatalogueTests: XCTestCase {
    func testEveryCodeIsNamedOnceWithASummaryAnExampleAndASectionOfThePage() {
        var seen: Set<DiagnosticCode> = []
        let page = DiagnosticCode.markdownPage
        for entry in DiagnosticCode.catalogue {
            let code = entry.code
            XCTAssertTrue(seen.insert(code).inserted, "\(code.rawValue) is declared twice")
            XCTAssertNotNil(code.rawValue.wholeMatch(of: /[a-z]+(-[a-z]+)*/), code.rawValue)
            XCTAssertTrue(entry.summary.hasSuffix("."), code.rawValue)
            if code != .unclassified { XCTAssertNotNil(entry.example, "\(code.rawValue) has no example") }
            XCTAssertTrue(page.contains("\n## \(code.rawValue)\n\n\(entry.summary)\n"), code.rawValue)
            XCTAssertTrue(page.contains("| [`\(code.rawValue)`](#\(code.rawValue)) | \(entry.severity.rawValue) |"), code.rawValue)
            XCTAssertEqual(code.entry?.summary, entry.summary)
        }
        XCTAssertEqual(DiagnosticCode.overrideReplacesAnimation.entry?.severity, .warning)
        XCTAssertNil(DiagnosticCode("lint-nobody-declared").entry)
    }

    /// The core first, then each kind's own codes in the registry's order; a kind's code is
    /// declared in its model file, a shared one (lint-no-radius, the ring's and the gauge's) once.
    func testTheKindsCodesFollowTheCore() {
        let codes = DiagnosticCode.catalogue.map(\.code)
        XCTAssertEqual(Array(codes.prefix(DiagnosticCode.core.count)), DiagnosticCode.core.map(\.code))
        let kinds = Array(codes.dropFirst(DiagnosticCode.core.count))
        XCTAssertEqual(kinds, Registry.declarations.flatMap { $0.lintCodes.map(\.code) })
        XCTAssertTrue(Set(kinds).isSuperset(of: [.lintNoRadius, .lintHandLength, .lintHandWidth, .lintNoSweep]), "\(kinds)")
        XCTAssertEqual(Ring.lintCodes.map(\.code), [.lintNoRadius])
        XCTAssertEqual(Clock.lintCodes.map(\.code), [.lintHandLength, .lintHandWidth])
        XCTAssertEqual(Gauge.lintCodes.map(\.code), [.lintNoSweep], "lint-no-radius is declared once, by the ring")
        XCTAssertEqual(DiagnosticCode.lintNoSweep.rawValue, "lint-no-sweep")
    }

    /// Every kind's lint, given each of its numbers, lengths and angles far out of the usual
    /// (one at a time) on frames of no, little and usual size, emits only codes of the catalogue;
    /// and the probe is real: it provokes every code the kinds declare.
    func testEveryCodeAKindsLintEmitsIsInTheCatalogue() {
        let catalogued = Set(DiagnosticCode.catalogue.map(\.code))
        var emitted: Set<DiagnosticCode> = []
        var strays: Set<String> = []
        for declaration in Registry.declarations {
            let kind = declaration.kind
            // The defaults, and each word of each choice (a z stack's lint needs `axis: z`).
            var bases = [AttributeValues(defaultsOf: kind)]
            for attribute in kind.attributes {
                guard case .choice(let words) = attribute.kind else { continue }
                for word in words {
                    var base = AttributeValues(defaultsOf: kind)
                    base.set(attribute.name, ResolvedValue(value: .choice(word), source: .file))
                    bases.append(base)
                }
            }
            for attribute in kind.attributes {
                for base in bases {
                    for extreme in [-1000.0, -1, 0, 1, 1000] {
                        let value: Value
                        switch attribute.kind {
                        case .number: value = .number(extreme)
                        case .length: value = .length(Length(points: extreme))
                        case .angle: value = .angle(Angle(degrees: extreme))
                        default: continue
                        }
                        var values = base
                        values.set(attribute.name, ResolvedValue(value: value, source: .file))
                        for side in [0.0, 1, 100] {
                            let view = LintedView(values: values, size: Size(width: side, height: side), type: kind.type, id: "v",
                                                  path: "views[0]", start: SourceLocation(line: 1, column: 1))
                            for diagnostic in declaration.lint(view) {
                                if !catalogued.contains(diagnostic.code) { strays.insert("\(kind.type.rawValue): \(diagnostic.code.rawValue)") }
                                emitted.insert(diagnostic.code)
                            }
                        }
                    }
                }
            }
        }
        XCTAssertEqual(strays, [], "codes kinds' lints emit that are not in the catalogue: declare each in its kind's lintCodes")
        let declared = Set(Registry.declarations.flatMap { $0.lintCodes.map(\.code) })
        XCTAssertEqual(declared.subtracting(emitted), [], "kinds' codes the probe never provoked")
    }
}
