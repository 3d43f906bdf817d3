import SceneCheck
import SceneModel
import SceneSyntax
import XCTest

/// The gauge's attributes are checked as the registry declares them: ranges, names with
/// did-you-mean, the derived defaults resolved from the rules the kind states.
final class GaugeCheckTests: XCTestCase {
    func compile(_ text: String) -> (Scene?, [Diagnostic]) {
        let r = SceneChecker().check(SourceFile(name: "t", text: text))
        return (r.scene, r.diagnostics)
    }

    func testDefaultsAndDerivedDefaults() throws {
        let (scene, diags) = compile("""
            canvas: {width: 100, height: 100}
            views:
              - {id: g, type: gauge, frame: {x: 0, y: 0, width: 90, height: 90}, valueColor: blue, lineWidth: 12}
            """)
        XCTAssertEqual(diags, [])
        let view = try XCTUnwrap(scene?.views.first)
        let resolved = ResolvedView(values: view.values, size: Size(width: 90, height: 90), type: .gauge)
        XCTAssertEqual(resolved[Gauge.startAngle], Angle(degrees: -225))
        XCTAssertEqual(resolved[Gauge.endAngle], Angle(degrees: 45))
        XCTAssertEqual(resolved[Gauge.value], 0)
        XCTAssertEqual(resolved[Gauge.needleColor], Color(red: 0, green: 0, blue: 1), "needleColor is valueColor")
        XCTAssertEqual(resolved[Gauge.needleWidth], 4, "needleWidth is lineWidth / 3")
        XCTAssertEqual(resolved.source(of: "needleWidth"), .derived(from: ["lineWidth"]))
        XCTAssertEqual(Gauge.sweep(view.values), 270)
    }

    func testValueOutOfRangeAndAMisspeltAttributeAreErrors() {
        let (scene, diags) = compile("""
            canvas: {width: 100, height: 100}
            views:
              - {type: gauge, frame: {x: 0, y: 0, width: 90, height: 90}, value: 1.5}
              - {type: gauge, frame: {x: 0, y: 0, width: 90, height: 90}, needelColor: red}
              - {type: gauge, frame: {x: 0, y: 0, width: 90, height: 90}, lineCap: rounded}
            """)
        XCTAssertNil(scene)
        XCTAssertEqual(diags.map(\.range.start.line), [3, 4, 5], "\(diags)")
        XCTAssertTrue(diags[0].message.contains("between 0 and 1"), diags[0].message)
        XCTAssertEqual(diags[0].code, .outOfRange)
        XCTAssertTrue(diags[1].message.contains("did you mean 'needleColor'"), diags[1].message)
        XCTAssertEqual(diags[1].code, .unknownAttribute)
        XCTAssertTrue(diags[2].message.contains("round"), diags[2].message)
    }

    func testAnotherKindsAttributeIsRefusedWithItsKinds() {
        let (_, diags) = compile("""
            canvas: {width: 100, height: 100}
            views:
              - {type: gauge, frame: {x: 0, y: 0, width: 90, height: 90}, progress: 0.5}
            """)
        XCTAssertEqual(diags.count, 1, "\(diags)")
        XCTAssertEqual(diags.first?.notes, ["'progress' is an attribute of ring, pie"])
    }
}
