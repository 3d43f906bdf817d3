import Foundation
import SceneAnimation
import SceneCheck
import SceneLayout
import SceneLottie
import SceneModel
import SceneSyntax
import XCTest

/// `LottieExporter` on small scenes compiled in memory: the document's frame and size, one
/// layer per view, and a ring's trim keyframes carrying the easing's Bézier handles.
final class LottieExporterTests: XCTestCase {
    func export(_ text: String, name: String = "t", file: StaticString = #filePath, line: UInt = #line) throws
        -> (document: [String: Any], warnings: [Diagnostic]) {
        let compiled = SceneChecker().check(SourceFile(name: "t.scene.yaml", text: text))
        XCTAssertEqual(compiled.diagnostics.map(\.message), [], file: file, line: line)
        let scene = try XCTUnwrap(compiled.scene, file: file, line: line)
        let result: LottieExporter.Result = try LottieExporter(scene: scene, placed: Layout.place(scene), sampler: Sampler(scene: scene), now: 0)
            .export(name: name)
        XCTAssertTrue(result.json.hasSuffix("}\n"), file: file, line: line)
        XCTAssertFalse(result.json.dropLast().contains("\n"), "one line", file: file, line: line)
        let document = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.json.utf8)) as? [String: Any],
                                     file: file, line: line)
        return (document, result.warnings)
    }

    func layers(_ document: [String: Any]) -> [[String: Any]] { document["layers"] as? [[String: Any]] ?? [] }

    let ring = """
        canvas: {width: 240, height: 120, background: "#1e6fd9"}
        views:
          - {id: a, type: ring, frame: {x: 10, y: 10, width: 100, height: 100}, lineWidth: 5, progress: 0.75}
          - {id: b, type: ring, frame: {x: 130, y: 10, width: 100, height: 100}}
        timeline:
          fps: 30
          animations:
            - {target: a.progress, from: 0, to: 0.75, duration: 2s, easing: easeInEaseOut}
        """

    func testTheDocumentHasTheScenesFramesSizeAndOneLayerPerViewAndTheBackground() throws {
        let (document, warnings) = try export(ring, name: "rings")
        XCTAssertEqual(warnings.map(\.message), [])
        XCTAssertEqual(document["nm"] as? String, "rings")
        XCTAssertEqual(document["fr"] as? Double, 30)
        XCTAssertEqual(document["ip"] as? Double, 0)
        XCTAssertEqual(document["op"] as? Double, 61, "frames 0 to 60 of a 2 s timeline")
        XCTAssertEqual(document["w"] as? Double, 240)
        XCTAssertEqual(document["h"] as? Double, 120)
        // The last drawn first: b, a, then the canvas background at the bottom.
        XCTAssertEqual(layers(document).map { $0["nm"] as? String }, ["b", "a", "canvas background"])
        XCTAssertEqual(layers(document).map { $0["ind"] as? Double }, [1, 2, 3])
    }

    func testTheEasingsHandlesAreTheTrimsKeyframes() throws {
        let (document, _) = try export(ring)
        let a = try XCTUnwrap(layers(document).first { $0["nm"] as? String == "a" })
        let progress = (a["shapes"] as? [[String: Any]])?.first { $0["nm"] as? String == "progress" }
        let trim = try XCTUnwrap((progress?["it"] as? [[String: Any]])?.first { $0["ty"] as? String == "tm" })
        let end = try XCTUnwrap(trim["e"] as? [String: Any])
        XCTAssertEqual(end["a"] as? Double, 1, "animated")
        let keys = try XCTUnwrap(end["k"] as? [[String: Any]])
        XCTAssertEqual(keys.count, 2)
        XCTAssertEqual(keys[0]["t"] as? Double, 0)
        XCTAssertEqual(keys[0]["s"] as? [Double], [0])
        XCTAssertEqual(keys[0]["o"] as? [String: Double], ["x": 0.42, "y": 0], "easeInEaseOut's first control point")
        XCTAssertEqual(keys[0]["i"] as? [String: Double], ["x": 0.58, "y": 1], "and its second")
        XCTAssertEqual(keys[1]["t"] as? Double, 60)
        XCTAssertEqual(keys[1]["s"] as? [Double], [75], "percent of the trim")

        // The static ring's trim is one fixed value, not keyframes.
        let b = try XCTUnwrap(layers(document).first { $0["nm"] as? String == "b" })
        let bProgress = (b["shapes"] as? [[String: Any]])?.first { $0["nm"] as? String == "progress" }
        let bTrim = (bProgress?["it"] as? [[String: Any]])?.first { $0["ty"] as? String == "tm" }
        if let bEnd = bTrim?["e"] as? [String: Any] {
            XCTAssertEqual(bEnd["a"] as? Double, 0)
        }
    }

    func testAContainerIsAPrecompositionOfItsChildren() throws {
        let (document, _) = try export("""
            canvas: {width: 100, height: 100}
            views:
              - id: g
                type: group
                frame: {x: 0, y: 0, width: 100, height: 100}
                opacity: 0.5
                children:
                  - {id: inner, type: ring, frame: {x: 0, y: 0, width: 50, height: 50}, progress: 1}
            """)
        let g = try XCTUnwrap(layers(document).first)
        XCTAssertEqual(g["nm"] as? String, "g")
        XCTAssertEqual(g["ty"] as? Double, 0, "a precomposition layer")
        let assets = try XCTUnwrap(document["assets"] as? [[String: Any]])
        let asset = try XCTUnwrap(assets.first { $0["id"] as? String == g["refId"] as? String })
        // The group's border over its children over its own content (background), last drawn first.
        XCTAssertEqual((asset["layers"] as? [[String: Any]])?.map { $0["nm"] as? String }, ["g border", "inner", "g content"])
        XCTAssertEqual(layers(document).count, 1, "no canvas background layer for a clear canvas")
    }

    /// A label's text is its glyphs' outlines in its layer, within its frame, filled in its
    /// colour, with no warning.
    func testTextIsExportedAsOutlinesInItsLayer() throws {
        let (document, warnings) = try export("""
            canvas: {width: 100, height: 40}
            views:
              - {id: t, type: label, frame: {x: 0, y: 0, width: 100, height: 40}, text: "Hello", textColor: red}
            """)
        XCTAssertEqual(warnings.map(\.message), [])
        let layer = try XCTUnwrap(layers(document).first)
        XCTAssertEqual(layer["nm"] as? String, "t", "the view's layer")
        let text = try XCTUnwrap((layer["shapes"] as? [[String: Any]])?.first { $0["nm"] as? String == "text" })
        let glyphs = try XCTUnwrap((text["it"] as? [[String: Any]])?.first { $0["nm"] as? String == "glyphs" })
        let items = try XCTUnwrap(glyphs["it"] as? [[String: Any]])
        let paths = items.filter { $0["ty"] as? String == "sh" }
        XCTAssertGreaterThanOrEqual(paths.count, 6, "H, e, two l and o (with its hole): a contour each at least")
        let fill = try XCTUnwrap(items.first { $0["ty"] as? String == "fl" })
        XCTAssertEqual((fill["c"] as? [String: Any])?["k"] as? [Double], [1, 0, 0])
        for path in paths {
            let vertices = try XCTUnwrap(((path["ks"] as? [String: Any])?["k"] as? [String: Any])?["v"] as? [[Double]])
            for v in vertices {
                XCTAssertTrue((0...100).contains(v[0]) && (0...40).contains(v[1]), "\(v) lies in the label's frame")
            }
        }
    }

    func testExportIsDeterministic() throws {
        let scene = try XCTUnwrap(SceneChecker().check(SourceFile(name: "t", text: ring)).scene)
        let exporter = LottieExporter(scene: scene, placed: Layout.place(scene), sampler: Sampler(scene: scene), now: 0)
        XCTAssertEqual(try exporter.export(name: "x").json, try exporter.export(name: "x").json)
    }
}
