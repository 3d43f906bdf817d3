import Foundation
import XCTest

/// The gauge through the built binary: its help page, its schema in the committed file the
/// editors read, and `check` reporting its lint with the code the catalogue documents.
final class GaugeCommandTests: XCTestCase {
    func testHelpGaugeShowsTheKindItsAttributesAndAnExample() throws {
        let help = try scenec(["help", "gauge"])
        XCTAssertEqual(help.status, 0, help.stderr)
        let text = help.stdoutText
        XCTAssertTrue(text.hasPrefix("gauge: Dial gauge"), text)
        for name in ["value", "startAngle", "endAngle", "trackColor", "valueColor", "needleColor", "lineWidth",
                     "needleWidth", "lineCap"] {
            XCTAssertTrue(text.contains("  \(name) "), "no row for \(name):\n\(text)")
        }
        XCTAssertTrue(text.contains("a third of lineWidth"), text)
        XCTAssertTrue(text.contains("example (a scene that checks)"), text)
        let misspelt = try scenec(["help", "gaug"])
        XCTAssertEqual(misspelt.status, 2)
        XCTAssertTrue(misspelt.stderr.contains("did you mean 'gauge'?"), misspelt.stderr)
    }

    func testTheCommittedSchemaHoldsTheGauge() throws {
        let url = repositoryRoot.appendingPathComponent("schema/scene.schema.json")
        let schema = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let gauge = try XCTUnwrap((schema["definitions"] as? [String: Any])?["gauge"] as? [String: Any])
        let properties = try XCTUnwrap(gauge["properties"] as? [String: Any])
        for name in ["value", "startAngle", "endAngle", "needleColor", "needleWidth", "lineCap"] {
            XCTAssertNotNil(properties[name], "schema's gauge has no \(name)")
        }
        XCTAssertEqual(gauge["additionalProperties"] as? Bool, false)
        let printed = try scenec(["schema", "gauge"])
        XCTAssertEqual(printed.status, 0, printed.stderr)
        XCTAssertNotNil(try JSONSerialization.jsonObject(with: printed.stdout) as? [String: Any])
    }

    func testCheckWarnsOfADialWithoutSweep() throws {
        let dir = try temporaryDirectory(self)
        let path = try write("canvas: {width: 100, height: 100}\nviews:\n  - {id: g, type: gauge, frame: {x: 0, y: 0, width: 90, height: 90}, endAngle: -300}\n",
                             "g.scene.yaml", in: dir)
        let result = try scenec(["check", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("warning: endAngle -300 of gauge 'g' is not past its startAngle -225"), result.stderr)
    }
}
