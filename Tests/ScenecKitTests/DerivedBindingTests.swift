import ScenecKit
import XCTest

/// A `{id.attribute}` binding to a derived attribute the file leaves out reads its rule's value,
/// as the drawers do: a label bound to a pie's `fillColor` shows the pie's border colour.
final class DerivedBindingTests: XCTestCase {
    func scene(text: String, ring: String = "") -> String {
        """
        canvas: {width: 240, height: 120, background: white}
        views:
          - {id: p, type: pie, frame: {x: 0, y: 0, width: 60, height: 60}, progress: 0.5, borderColor: "#bf0000"}
          - {id: r, type: ring, frame: {x: 60, y: 0, width: 60, height: 60}, progressColor: "#0a84ff"\(ring)}
          - {type: label, frame: {x: 0, y: 60, width: 240, height: 60}, fontSize: 20, text: "\(text)"}
        """
    }

    func png(_ text: String) throws -> [UInt8] {
        try SceneFile(source: text, name: "bound.scene.yaml").render(.png)
    }

    /// Whether the two scenes render the same PNG bytes (compared here: a failure prints names, not bytes).
    func same(_ a: String, _ b: String) throws -> Bool { try png(a) == png(b) }

    func testABindingToADerivedColourShowsTheRulesValue() throws {
        // The same picture as the text written out; not the picture of an empty binding.
        XCTAssertTrue(try same(scene(text: "{p.fillColor}"), scene(text: "#bf0000")), "the pie's border colour")
        XCTAssertFalse(try same(scene(text: "{p.fillColor}"), scene(text: "")))
        XCTAssertTrue(try same(scene(text: "{r.labelColor}"), scene(text: "#0a84ff")), "the ring's progress colour")
        // A value the file gives wins over the rule.
        XCTAssertTrue(try same(scene(text: "{r.labelColor}", ring: ", labelColor: \"#30d158\""),
                               scene(text: "#30d158", ring: ", labelColor: \"#30d158\"")))
    }
}
