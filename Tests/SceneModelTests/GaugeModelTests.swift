import SceneModel
import XCTest

/// What the gauge's declaration states once for the drawer, the exporter and the lint: the
/// dial's sweep, the needle's angle, and which of its colours are drawn.
final class GaugeModelTests: XCTestCase {
    func values(_ given: [String: Value]) -> AttributeValues {
        var values = AttributeValues(defaultsOf: Gauge.kind)
        for (name, value) in given { values.set(name, ResolvedValue(value: value, source: .file)) }
        return values
    }

    func testTheDefaultDialIsThreeQuartersOfATurnOpenAtTheBottom() {
        let defaults = values([:])
        XCTAssertEqual(Gauge.sweep(defaults), 270)
        XCTAssertEqual(Gauge.needleAngle(defaults), -225)
        XCTAssertEqual(Gauge.needleAngle(values(["value": .number(0.5)])), -90, "half way is 12 o'clock")
        XCTAssertEqual(Gauge.needleAngle(values(["value": .number(1)])), 45)
    }

    func testTheSweepIsClampedToNothingAndAFullTurn() {
        XCTAssertEqual(Gauge.sweep(values(["startAngle": .angle(Angle(degrees: 90)), "endAngle": .angle(Angle(degrees: 90))])), 0)
        XCTAssertEqual(Gauge.sweep(values(["endAngle": .angle(Angle(degrees: -300))])), 0)
        XCTAssertEqual(Gauge.sweep(values(["startAngle": .angle(Angle(degrees: 0)), "endAngle": .angle(Angle(degrees: 720))])), 360)
        XCTAssertEqual(Gauge.needleAngle(values(["startAngle": .angle(Angle(degrees: 30)), "endAngle": .angle(Angle(degrees: 0)),
                                                 "value": .number(1)])), 30, "no sweep: the needle stays at startAngle")
    }

    func testPaintsSayWhatIsDrawn() {
        XCTAssertEqual(Gauge.paints(values([:])),
                       [PaintedPart("trackColor"), PaintedPart("valueColor", drawn: false), PaintedPart("needleColor")])
        XCTAssertEqual(Gauge.paints(values(["value": .number(0.3), "needleWidth": .number(0)])),
                       [PaintedPart("trackColor"), PaintedPart("valueColor"), PaintedPart("needleColor", drawn: false)])
        XCTAssertEqual(Gauge.paints(values(["endAngle": .angle(Angle(degrees: -225)), "value": .number(0.3)])),
                       [PaintedPart("trackColor", drawn: false), PaintedPart("valueColor", drawn: false), PaintedPart("needleColor")])
    }
}
