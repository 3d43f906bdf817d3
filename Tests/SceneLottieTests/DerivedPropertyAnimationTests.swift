import Foundation
import SceneAnimation
import SceneCheck
import SceneLayout
import SceneLottie
import SceneModel
import SceneSyntax
import XCTest

/// The frozen-animation guard: for every derived attribute the export draws, animating each
/// input of its registry rule animates the exported property (the exporter finds the inputs
/// from the rule, so none can be left off a hand-written list). Every other derived attribute
/// is accounted for: drawn with something Lottie leaves out, or fixed (layout, sizes).
final class DerivedPropertyAnimationTests: XCTestCase {
    /// Where the export draws a derived attribute: the shape `type` in the layer's group `group`.
    struct Place {
        var group: String
        var type: String
        var key: String
    }

    static let exported: [String: Place] = [
        "indicator.strokeColor": Place(group: "circle", type: "st", key: "c"),
        "pie.fillColor": Place(group: "wedge", type: "st", key: "c"),
        "clock.secondHandColor": Place(group: "second hand", type: "fl", key: "c"),
        "gauge.needleColor": Place(group: "needle", type: "fl", key: "c"),
        "gauge.needleWidth": Place(group: "needle", type: "rc", key: "s"),
    ]

    /// What else the view sets so the input shows: the pie's wedge drawn, the on colour shown.
    static let setting: [String: String] = [
        "pie.fillColor": ", progress: 0.5",
        "indicator.strokeColor.onColor": ", on: true",
    ]

    /// Two values of an input the rule tells apart (with the kind's other defaults: the
    /// indicator's on and off colours differ).
    func values(of spec: AttributeSpec) -> (String, String)? {
        switch spec.kind {
        case .bool: return ("false", "true")
        case .color: return ("\"#102030\"", "\"#c0a080\"")
        case .number(let range): return (String(range.min ?? 0), String((range.min ?? 0) + 1))
        default: return nil
        }
    }

    func export(_ text: String) throws -> [String: Any] {
        let compiled = SceneChecker().check(SourceFile(name: "t.scene.yaml", text: text))
        XCTAssertEqual(compiled.diagnostics.map(\.message), [])
        let scene = try XCTUnwrap(compiled.scene)
        let result = try LottieExporter(scene: scene, placed: Layout.place(scene), sampler: Sampler(scene: scene), now: 0)
            .export(name: "t")
        return try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.json.utf8)) as? [String: Any])
    }

    func property(_ document: [String: Any], _ place: Place) throws -> [String: Any] {
        let layer = try XCTUnwrap((document["layers"] as? [[String: Any]])?.first { $0["nm"] as? String == "v" })
        let group = try XCTUnwrap((layer["shapes"] as? [[String: Any]])?.first { $0["nm"] as? String == place.group })
        let shape = try XCTUnwrap((group["it"] as? [[String: Any]])?.first { $0["ty"] as? String == place.type })
        return try XCTUnwrap(shape[place.key] as? [String: Any])
    }

    func testAnimatingEachInputOfADerivedAttributeAnimatesItsProperty() throws {
        var checked = 0
        for kind in Registry.kinds {
            for spec in kind.attributes {
                guard let derivation = spec.derivation else { continue }
                let label = "\(kind.type.rawValue).\(spec.name)"
                let animatedInputs = derivation.inputs.compactMap(kind.attribute(named:)).filter { $0.animatable != .no }
                guard let place = Self.exported[label] else {
                    // Not drawn in the export, or nothing it reads can animate.
                    let mapping = LottieCoverage.mapping(kind.type, spec.name)
                    if case .exported = mapping {
                        XCTAssertTrue(animatedInputs.isEmpty, "\(label) is exported and its inputs animate: add it above")
                    }
                    continue
                }
                for input in animatedInputs {
                    let (from, to) = try XCTUnwrap(values(of: input), "\(label): no test values for \(input.name)")
                    let extra = Self.setting["\(label).\(input.name)"] ?? Self.setting[label] ?? ""
                    let document = try export("""
                        canvas: {width: 120, height: 120}
                        views:
                          - {id: v, type: \(kind.type.rawValue), frame: {x: 10, y: 10, width: 100, height: 100}\(extra)}
                        timeline:
                          animations:
                            - {target: v.\(input.name), from: \(from), to: \(to), duration: 1s}
                        """)
                    let drawn = try property(document, place)
                    XCTAssertEqual(drawn["a"] as? Double, 1, "animating \(input.name) animates \(label)")
                    checked += 1
                }
            }
        }
        XCTAssertEqual(checked, 7, "indicator on, onColor, offColor; pie borderColor; clock handColor; gauge valueColor, lineWidth")
    }
}
