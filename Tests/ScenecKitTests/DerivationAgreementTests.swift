import Foundation
import SceneCodecs
import SceneLottie
import SceneModel
import ScenecKit
import XCTest

/// One derivation per rule (issue 23, acceptance 5): at seeded random settings, the derived
/// colour `inspect` reports, the pixel the drawer paints where the geometry puts that colour
/// alone, and the Lottie export's static colour agree within 1/255 — for the indicator's edge
/// (strokeColor from on, onColor, offColor), the pie's wedge (fillColor from borderColor) and the
/// ring's label (labelColor from progressColor; Lottie leaves labels out, so two of three there).
final class DerivationAgreementTests: XCTestCase {
    static let seeds: [UInt64] = Array(1...12)

    func hex(_ random: inout SeededRandom) -> String {
        (0..<3).map { _ in String(format: "%02x", Int.random(in: 0...255, using: &random)) }.joined()
    }

    func components(_ text: String) throws -> [Int] {
        let digits = Array(text.dropFirst())
        XCTAssertTrue(text.hasPrefix("#") && digits.count == 6, "an opaque colour: \(text)")
        return try stride(from: 0, to: 6, by: 2).map { try XCTUnwrap(Int(String(digits[$0...$0 + 1]), radix: 16)) }
    }

    /// The scene read, with what `inspect --json` says of `id.attribute`, the rendered picture and the Lottie document.
    struct Outputs {
        var inspected: [String: Any]
        var image: RasterImage
        var lottie: [String: Any]
    }

    func outputs(_ source: String, id: String, attribute: String) throws -> Outputs {
        let file = try SceneFile(source: source, name: "agree.scene.yaml")
        XCTAssertEqual(file.diagnostics.map(\.message), [])
        let report = InspectReport(scene: file.animated.scene, placed: file.animated.placed)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        let views = try XCTUnwrap(json["views"] as? [[String: Any]])
        let view = try XCTUnwrap(views.first { $0["id"] as? String == id })
        let row = try XCTUnwrap((view["attributes"] as? [[String: Any]])?.first { $0["name"] as? String == attribute })
        let export = try LottieExporter(scene: file.animated.scene, placed: file.animated.placed,
                                        sampler: file.animated.sampler, now: 0).export(name: "agree")
        let lottie = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(export.json.utf8)) as? [String: Any])
        return Outputs(inspected: row, image: try RasterImage(png: try file.render(.png)), lottie: lottie)
    }

    /// The fixed value of the shape `type` in the group `group` of the layer `layer`.
    func lottieValue(_ document: [String: Any], layer: String, group: String, type: String, key: String) throws -> [Double] {
        let layers = try XCTUnwrap(document["layers"] as? [[String: Any]])
        let shapes = try XCTUnwrap(layers.first { $0["nm"] as? String == layer }?["shapes"] as? [[String: Any]])
        let items = try XCTUnwrap(shapes.first { $0["nm"] as? String == group }?["it"] as? [[String: Any]])
        let property = try XCTUnwrap(items.first { $0["ty"] as? String == type }?[key] as? [String: Any])
        XCTAssertEqual(property["a"] as? Double, 0, "static")
        if let number = property["k"] as? Double { return [number] }
        return try XCTUnwrap(property["k"] as? [Double])
    }

    func assertAgree(_ inspected: [Int], _ pixel: [Int], _ lottie: [Double]?, _ what: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        assertClose(pixel, inspected, tolerance: 1, "\(what): the drawn pixel against inspect", file: file, line: line)
        if let lottie {
            XCTAssertEqual(lottie.count, 3, what, file: file, line: line)
            for (l, i) in zip(lottie, inspected) {
                XCTAssertEqual(l * 255, Double(i), accuracy: 1, "\(what): Lottie \(lottie) against inspect \(inspected)",
                               file: file, line: line)
            }
        }
    }

    /// The edge's stroke is 5% of the width, half inside the circle: at the top of the circle,
    /// a pixel row 1 below the bounds' top lies wholly in it (the width is at least 100).
    func testTheIndicatorsEdgeAgrees() throws {
        for seed in Self.seeds {
            var random = SeededRandom(state: seed)
            let width = 2 * Int.random(in: 50...100, using: &random)
            let on = random.chance(0.5)
            let (onColor, offColor) = (hex(&random), hex(&random))
            let scene = """
                canvas: {width: \(width + 40), height: \(width + 40), background: "#ffffff"}
                views:
                  - {id: dot, type: indicator, frame: {x: 20, y: 20, width: \(width), height: \(width)}, on: \(on),
                     onColor: "#\(onColor)", offColor: "#\(offColor)"}
                """
            let out = try outputs(scene, id: "dot", attribute: "strokeColor")
            XCTAssertEqual(out.inspected["derivedFrom"] as? [String], ["on", "onColor", "offColor"])
            let inspected = try components(try XCTUnwrap(out.inspected["value"] as? String))
            let shown = try components("#" + (on ? onColor : offColor))
            assertClose(inspected, shown.map { Int((Double($0) * 0.75).rounded()) }, tolerance: 1, "seed \(seed): the rule")
            assertAgree(inspected, rgb(out.image, 20 + width / 2, 21),
                        try lottieValue(out.lottie, layer: "dot", group: "circle", type: "st", key: "c"), "seed \(seed)")

            let lineWidth = try outputs(scene, id: "dot", attribute: "lineWidth")
            let given = try XCTUnwrap(lineWidth.inspected["value"] as? Double)
            XCTAssertEqual(given, Double(width) * 0.05, accuracy: 1e-9)
            let exported = try lottieValue(lineWidth.lottie, layer: "dot", group: "circle", type: "st", key: "w")
            XCTAssertEqual(exported.count, 1)
            XCTAssertEqual(exported.first ?? -1, given, accuracy: 0.001, "the Lottie file's rounding")
        }
    }

    /// Progress 0.5 from 12 o'clock clockwise: the wedge is the right half; halfway out along
    /// 3 o'clock is wedge only (the border is at the rim).
    func testThePiesWedgeAgrees() throws {
        for seed in Self.seeds {
            var random = SeededRandom(state: seed)
            let size = 4 * Int.random(in: 20...40, using: &random)
            let border = hex(&random)
            let scene = """
                canvas: {width: \(size + 40), height: \(size + 40), background: "#ffffff"}
                views:
                  - {id: p, type: pie, frame: {x: 20, y: 20, width: \(size), height: \(size)}, progress: 0.5,
                     borderColor: "#\(border)"}
                """
            let out = try outputs(scene, id: "p", attribute: "fillColor")
            XCTAssertEqual(out.inspected["derivedFrom"] as? [String], ["borderColor"])
            let inspected = try components(try XCTUnwrap(out.inspected["value"] as? String))
            XCTAssertEqual(inspected, try components("#" + border), "seed \(seed): the rule")
            assertAgree(inspected, rgb(out.image, 20 + size * 3 / 4, 20 + size / 2),
                        try lottieValue(out.lottie, layer: "p", group: "wedge", type: "st", key: "c"), "seed \(seed)")
        }
    }

    /// A big "●" fills the middle of the ring: the ring's centre is wholly inside the glyph.
    /// Lottie leaves a ring's label out (with a warning), so the export has no colour to compare.
    func testTheRingsLabelAgrees() throws {
        for seed in Self.seeds {
            var random = SeededRandom(state: seed)
            let progressColor = hex(&random)
            let progress = Double(Int.random(in: 0...10, using: &random)) / 10
            let scene = """
                canvas: {width: 240, height: 240, background: "#ffffff"}
                views:
                  - {id: r, type: ring, frame: {x: 20, y: 20, width: 200, height: 200}, lineWidth: 10, label: "●",
                     progress: \(progress), progressColor: "#\(progressColor)"}
                """
            let out = try outputs(scene, id: "r", attribute: "labelColor")
            XCTAssertEqual(out.inspected["derivedFrom"] as? [String], ["progressColor"])
            let inspected = try components(try XCTUnwrap(out.inspected["value"] as? String))
            XCTAssertEqual(inspected, try components("#" + progressColor), "seed \(seed): the rule")
            assertAgree(inspected, rgb(out.image, 120, 120), nil, "seed \(seed)")
        }
    }

    /// The label size inspect reports (measured, as the drawer measures it) is the size drawn:
    /// giving it as labelSize draws the same bytes.
    func testTheRingsMeasuredLabelSizeIsTheOneDrawn() throws {
        for (seed, label) in ["percent", "●", "Ready"].enumerated() {
            var random = SeededRandom(state: UInt64(seed + 1))
            let (side, lineWidth) = (Int.random(in: 60...200, using: &random), Int.random(in: 2...20, using: &random))
            let scene = """
                canvas: {width: 220, height: 220}
                views:
                  - {id: r, type: ring, frame: {x: 10, y: 10, width: \(side), height: \(side)}, lineWidth: \(lineWidth),
                     label: "\(label)", progress: 0.4}
                """
            let out = try outputs(scene, id: "r", attribute: "labelSize")
            XCTAssertEqual(out.inspected["derivedFrom"] as? [String], ["label", "labelFont", "lineWidth", "size"])
            let size = try XCTUnwrap(out.inspected["value"] as? Double, "\(label): measured")
            XCTAssertGreaterThan(size, 0)
            let drawn = try SceneFile(source: scene, name: "agree.scene.yaml")
            XCTAssertEqual(try drawn.render(.png), try drawn.render(.png, overrides: ["r.labelSize=\(size)"]),
                           "\(label): inspect's \(size) is the size drawn")
            XCTAssertNotEqual(try drawn.render(.png), try drawn.render(.png, overrides: ["r.labelSize=\(size * 0.9)"]),
                              "\(label): and another size draws otherwise")
        }
        let none = try outputs("""
            canvas: {width: 100, height: 100}
            views: [{id: r, type: ring, frame: {x: 0, y: 0, width: 100, height: 100}}]
            """, id: "r", attribute: "labelSize")
        XCTAssertTrue(none.inspected["value"] is NSNull, "no label, no size")
    }
}
