import Foundation
import TestSupport
import XCTest

/// The gauge in the preview's inspector: /api/scene lists a row for each of its attributes
/// with the value at the scrubber's time and where it came from, and the registry the page
/// builds its controls from holds the kind (the page reads nothing else to draw the rows).
final class GaugeInspectorTests: XCTestCase {
    func testTheInspectorListsTheGaugesRowsAndControls() throws {
        let preview = try ServedPreview(self, scene: repositoryRoot.appendingPathComponent("scenes/gauge.scene.yaml").path)
        let json = try preview.get("/api/scene?time=1.2s").json()
        let gauge = try XCTUnwrap((json["views"] as? [[String: Any]])?.first)
        XCTAssertEqual(gauge["type"] as? String, "gauge")
        let rows = try XCTUnwrap(gauge["attributes"] as? [[String: Any]])
        func row(_ name: String) -> [String: Any]? { rows.first { $0["name"] as? String == name } }
        for name in ["value", "startAngle", "endAngle", "trackColor", "valueColor", "needleColor", "lineWidth",
                     "needleWidth", "lineCap", "opacity"] {
            XCTAssertNotNil(row(name), "no inspector row for \(name): \(rows.compactMap { $0["name"] })")
        }
        // The keyframe at 1.2 s gives 0.8.
        XCTAssertEqual(row("value")?["source"] as? String, "timeline")
        XCTAssertEqual(try XCTUnwrap(row("value")?["value"] as? Double), 0.8, accuracy: 0.001)
        XCTAssertEqual(row("lineWidth")?["value"] as? Double, 14)
        XCTAssertEqual(row("needleWidth")?["derivedFrom"] as? [String], ["lineWidth"])
        XCTAssertEqual(try XCTUnwrap(row("needleWidth")?["value"] as? Double), 14.0 / 3, accuracy: 0.001)
        XCTAssertEqual(row("needleColor")?["derivedFrom"] as? [String], ["valueColor"])

        let kind = try XCTUnwrap(((json["registry"] as? [String: Any])?["kinds"] as? [String: Any])?["gauge"] as? [String: Any])
        let specs = try XCTUnwrap(kind["attributes"] as? [[String: Any]])
        func spec(_ name: String) -> [String: Any]? { specs.first { $0["name"] as? String == name } }
        XCTAssertEqual(spec("value")?["control"] as? String, "number")
        XCTAssertEqual(spec("value")?["max"] as? Double, 1)
        XCTAssertEqual(spec("needleColor")?["control"] as? String, "color")
        XCTAssertEqual(spec("lineCap")?["control"] as? String, "choice")
    }
}
