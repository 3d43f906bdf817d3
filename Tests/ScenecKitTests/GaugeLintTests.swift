import ScenecKit
import XCTest

/// The gauge's own geometry lints (Gauge.lint), as `scenec check` reports them after layout:
/// each with a scene that triggers it and a near-identical one that does not.
final class GaugeLintTests: XCTestCase {
    static let head = "canvas: {width: 300, height: 300}\nviews:\n"
    static let gauge = "  - {id: g, type: gauge, frame: {x: 0, y: 0, width: 136, height: 136}"

    func testADialWithoutSweepAndALineWidthWithoutRadiusAreWarned() throws {
        let cases: [(triggers: String, passes: String, printed: String)] = [
            (Self.head + Self.gauge + ", startAngle: 90, endAngle: 90}\n", Self.head + Self.gauge + ", startAngle: 90, endAngle: 91}\n",
             "bad.scene.yaml:3:98: warning: endAngle 90 of gauge 'g' is not past its startAngle 90, so its dial has no sweep"),
            (Self.head + Self.gauge + ", startAngle: 100}\n", Self.head + Self.gauge + ", startAngle: 0}\n",
             "bad.scene.yaml:3:84: warning: endAngle 45 of gauge 'g' is not past its startAngle 100"),
            (Self.head + Self.gauge + ", lineWidth: 200}\n", Self.head + Self.gauge + ", lineWidth: 100}\n",
             "bad.scene.yaml:3:83: warning: lineWidth 200 leaves gauge 'g' no radius"),
        ]
        for c in cases {
            let triggered = try SceneLintTests.check(c.triggers, name: "bad.scene.yaml")
            XCTAssertTrue(triggered.passes, triggered.printed)
            XCTAssertTrue(triggered.printed.contains(c.printed), triggered.printed)
            let passed = try SceneLintTests.check(c.passes, name: "good.scene.yaml")
            XCTAssertTrue(passed.passes, passed.printed)
            XCTAssertFalse(passed.printed.contains("warning:"), passed.printed)
        }
    }

    func testTransparentColoursOfADrawnDialAreWarned() throws {
        let clear = try SceneLintTests.check(Self.head + Self.gauge + ", value: 0.5, trackColor: clear, valueColor: clear}\n",
                                             name: "bad.scene.yaml")
        XCTAssertTrue(clear.printed.contains("fully transparent"), clear.printed)
        let needle = try SceneLintTests.check(Self.head + Self.gauge + ", value: 0.5, trackColor: clear, valueColor: clear, needleColor: red}\n",
                                              name: "good.scene.yaml")
        XCTAssertFalse(needle.printed.contains("warning:"), needle.printed)
    }
}
