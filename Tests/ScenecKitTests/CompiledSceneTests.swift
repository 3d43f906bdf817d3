import Foundation
import SceneCheck
import SceneSyntax
import ScenecKit
import XCTest

/// The façade's compile step and the checks after layout, in process.
final class CompiledSceneTests: XCTestCase {
    /// What an asset catalog asks: does a dark variant differ at all?
    func testUsesAppearanceSaysWhetherAnyColourDependsOnIt() {
        func uses(_ text: String) -> Bool {
            CompiledScene(SourceFile(name: "s.scene.yaml", text: text), frontend: Frontend()).usesAppearance
        }
        let plain = "canvas: {width: 10, height: 10, background: white}\nviews:\n  - {id: r, type: ring, frame: {x: 0, y: 0, width: 10, height: 10}"
        XCTAssertFalse(uses(plain + "}\n"))
        XCTAssertTrue(uses(plain + ", trackColor: label}\n"))
        XCTAssertTrue(uses(plain + ", trackColor: {light: red, dark: red}}\n"))
        XCTAssertTrue(uses("canvas: {width: 10, height: 10, background: systemGray6}\nviews: []\n"))
        XCTAssertTrue(uses(plain + "}\ntimeline:\n  animations:\n    - {target: r.progressColor, from: red, to: systemRed, duration: 1}\n"))
        XCTAssertFalse(uses(plain + "}\nstyles:\n  unused: {trackColor: systemRed}\n"), "a style no view uses")
    }

    func testErrorsLeaveNoSceneAndAreRenderedAsTheCheckerWritesThem() {
        let bad = CompiledScene(SourceFile(name: "b.scene.yaml", text: "canvas: {width: 10, height: 10}\nviews:\n  - {type: rign}\n"),
                                frontend: Frontend())
        XCTAssertNil(bad.animated)
        XCTAssertEqual(bad.diagnostics.map(\.severity), [.error])
        XCTAssertTrue(bad.renderedDiagnostics.hasPrefix("b.scene.yaml:3:"), bad.renderedDiagnostics)
        XCTAssertTrue(bad.renderedDiagnostics.contains("ring"), "a suggestion: \(bad.renderedDiagnostics)")
    }

    /// Lint after layout: a ring whose line width leaves no radius and a view wholly off the
    /// canvas are warnings at the view's line, and the scene is kept.
    func testLintWarningsFollowTheChecksAndKeepTheScene() throws {
        let text = "canvas: {width: 10, height: 10}\nviews:\n  - {id: r, type: ring, frame: {x: 50, y: 0, width: 10, height: 10}}\n"
        let compiled = CompiledScene(SourceFile(name: "l.scene.yaml", text: text), frontend: Frontend())
        let animated = try XCTUnwrap(compiled.animated)
        XCTAssertEqual(compiled.diagnostics.map(\.message), [
            "lineWidth 10 leaves ring 'r' no radius (min(width, height)/2 − lineWidth/2 = 5 − 5), so nothing is drawn",
            "ring 'r' lies entirely outside the canvas: its frame is x 50, y 0, 10 × 10; the canvas is 10 × 10",
        ])
        XCTAssertEqual(compiled.diagnostics.map(\.severity), [.warning, .warning])
        XCTAssertEqual(compiled.diagnostics.map(\.range.start.line), [3, 3])
        XCTAssertEqual(SceneLint.diagnostics(animated).map(\.message), compiled.diagnostics.map(\.message))
        let inside = CompiledScene(SourceFile(name: "l.scene.yaml", text: text.replacingOccurrences(of: "x: 50", with: "x: 0")
            .replacingOccurrences(of: "}}", with: "}, lineWidth: 2}")), frontend: Frontend())
        XCTAssertEqual(inside.diagnostics.map(\.message), [])
    }

    func testJSONDiagnosticsLocateFileProblemsAndOptionProblemsApart() throws {
        let compiled = CompiledScene(SourceFile(name: "b.scene.yaml", text: "canvas: {width: 10, height: 10}\nviews:\n  - {type: rign}\n"),
                                     frontend: Frontend())
        let located = compiled.diagnostics.map { JSONDiagnostic($0, file: "b.scene.yaml") }
        XCTAssertEqual(located.first?.line, 3)
        XCTAssertEqual(located.first?.severity, "error")
        let unreadable = JSONDiagnostic(path: "gone.yaml", message: "cannot read 'gone.yaml'")
        XCTAssertNil(unreadable.line)
        let text = JSONDiagnostic.array(located + [unreadable])
        let parsed = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        XCTAssertEqual(parsed.map { $0["file"] as? String }, ["b.scene.yaml", "gone.yaml"])
        XCTAssertEqual(parsed[0]["line"] as? Int, 3)
        XCTAssertTrue(parsed[1]["line"] is NSNull)
    }
}
