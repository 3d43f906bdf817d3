import Foundation
import SceneCodecs
import ScenecKit
import XCTest

/// The inspect report gives every attribute's value and source; `--set` overrides any of them:
/// in process, through `SceneFile` and `InspectReport` as `scenec inspect` and `render` use
/// them. (Exit codes, what is written, and the console's escaping of values stay in
/// ScenecCLITests/InspectAndSetTests.)
final class InspectAndOverrideTests: XCTestCase {
    let scene = """
        canvas: {width: 200, height: 200}
        styles:
          brand: {progressColor: "#ff2d55", lineWidth: 12}
        views:
          - id: r
            type: ring
            style: brand
            frame: {x: 0, y: 0, width: 200, height: 200}
            progress: 0.3
          - type: stack
            frame: {x: 10, y: 20, width: 100, height: 50}
            padding: 5
            children:
              - {id: p, type: pie}
        """

    /// The report `scenec inspect --set …` prints, of `text` (the scene above by default).
    func report(_ text: String? = nil, overrides: [String] = []) throws -> InspectReport {
        let file = try SceneFile(source: text ?? scene, name: "s.scene.yaml").with(overrides: overrides)
        return InspectReport(scene: file.animated.scene, placed: file.animated.views(at: 0), sampler: file.animated.sampler, time: 0)
    }

    /// The report as `--json` gives it.
    func json(_ text: String? = nil, overrides: [String] = []) throws -> Data {
        try JSONEncoder().encode(try report(text, overrides: overrides))
    }

    /// The SceneError `scenec render --set …` would print.
    func refusal(_ sets: [String], file: StaticString = #filePath, line: UInt = #line) -> SceneError? {
        sceneError({ _ = try SceneFile(source: scene, name: "s.scene.yaml").render(.png, overrides: sets) }, file: file, line: line)
    }

    func attribute(_ view: [String: Any], _ name: String) -> [String: Any]? {
        (view["attributes"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }

    func testInspectJSONReportsValuesSourcesAndFrames() throws {
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: json(overrides: ["r.lineWidth=6"])) as? [String: Any])
        let views = try XCTUnwrap(root["views"] as? [[String: Any]])
        let ring = views[0]
        XCTAssertEqual(ring["id"] as? String, "r")
        XCTAssertEqual(ring["frame"] as? [String: Double], ["x": 0, "y": 0, "width": 200, "height": 200])
        let color = try XCTUnwrap(attribute(ring, "progressColor"))
        XCTAssertEqual(color["value"] as? String, "#ff2d55")
        XCTAssertEqual(color["source"] as? String, "style")
        XCTAssertEqual(color["style"] as? String, "brand")
        XCTAssertEqual(color["animatable"] as? Bool, true)
        let progress = try XCTUnwrap(attribute(ring, "progress"))
        XCTAssertEqual(progress["value"] as? Double, 0.3)
        XCTAssertEqual(progress["source"] as? String, "file")
        let width = try XCTUnwrap(attribute(ring, "lineWidth"))
        XCTAssertEqual(width["value"] as? Double, 6)
        XCTAssertEqual(width["source"] as? String, "--set")
        let track = try XCTUnwrap(attribute(ring, "trackColor"))
        XCTAssertEqual(track["source"] as? String, "default")
        XCTAssertEqual(track["value"] as? String, "#ebedec")
        let clockwise = try XCTUnwrap(attribute(ring, "clockwise"))
        XCTAssertEqual(clockwise["animatable"] as? Bool, false)
        XCTAssertEqual(clockwise["value"] as? Bool, true)
        // The pie is placed by the (vertical) stack: content box 90 × 40 from (15, 25); a 37 × 37
        // pie at the top, centred across: x = 15 + (90 − 37) / 2.
        let stack = views[1]
        let pie = try XCTUnwrap((stack["children"] as? [[String: Any]])?.first)
        XCTAssertEqual(pie["frame"] as? [String: Double], ["x": 41.5, "y": 25, "width": 37, "height": 37])
        let fill = try XCTUnwrap(attribute(pie, "fillColor"))
        XCTAssertEqual(fill["value"] as? String, "#ffffff", "a derived default is computed for the view")
        XCTAssertEqual(fill["default"] as? String, "the view's borderColor")
        XCTAssertEqual(progress["range"] as? String, "0–1")
        XCTAssertEqual(attribute(pie, "borderWidth")?["value"] as? Double, 2)
    }

    func testInspectTextIsATablePerView() throws {
        let text = try report().text(wide: false)
        XCTAssertTrue(text.contains("ring 'r' at views[0]  frame x 0, y 0, width 200, height 200"), text)
        // Columns are as wide as their widest cell (a derived default such as "(the progressColor)";
        // in the source column the ring's labelSize's).
        let widest = "derived from label, labelFont, lineWidth, size"
        let gap = String(repeating: " ", count: widest.count - "style brand".count + 2)
        XCTAssertNotNil(text.range(of: "\n  progressColor +#ff2d55 +style brand\(gap)yes\n", options: .regularExpression),
                        text)
        XCTAssertTrue(text.contains("  " + widest + "  yes\n"), text)
        XCTAssertTrue(text.contains("\n  pie 'p' at views[1].children[0]  frame x 41.5, y 25, width 37, height 37"), text)
    }

    func testRenderDrawsOverriddenValues() throws {
        let image = try RasterImage(png: try SceneFile(source: scene, name: "s.scene.yaml")
            .render(.png, overrides: ["r.progress=0.6", "r.progressColor=#0000ff"]))
        // Radius 100 − 6 = 94: 0.6 of the circle from 12 o'clock covers 6 o'clock but not 9.
        let six = image.pixel(100, 194), nine = image.pixel(6, 100)
        XCTAssertEqual([six.r, six.g, six.b, six.a], [0, 0, 255, 255])
        XCTAssertEqual([nine.r, nine.g, nine.b], [235, 237, 236])
    }

    func testBadSetsFailNamingTheOption() throws {
        let range = try XCTUnwrap(refusal(["r.progress=2"]))
        XCTAssertEqual(range.kind, .invalidScene)
        XCTAssertTrue(range.description.contains("--set r.progress=2: error: progress must be between 0 and 1, not 2"), range.description)
        let unknown = try XCTUnwrap(refusal(["r.nosuch=1"]))
        XCTAssertEqual(unknown.kind, .invalidScene)
        XCTAssertTrue(unknown.description.contains("--set r.nosuch=1: error: ring 'r' has no attribute 'nosuch'"), unknown.description)
        let typo = try XCTUnwrap(refusal(["r.progresColor=red"]))
        XCTAssertTrue(typo.description.contains("did you mean 'progressColor'?"), typo.description)
        let id = try XCTUnwrap(refusal(["rr.progress=0.5"]))
        XCTAssertEqual(id.kind, .invalidScene)
        XCTAssertTrue(id.description.contains("--set rr.progress=0.5: error: no view has the id 'rr'; did you mean 'r'?"), id.description)
        let shape = try XCTUnwrap(refusal(["progress=0.5"]))
        XCTAssertEqual(shape.kind, .invalidArgument)
        XCTAssertTrue(shape.description.contains("'progress' is not an address"), shape.description)
        let noValue = try XCTUnwrap(refusal(["r.progress"]))
        XCTAssertEqual(noValue.kind, .invalidArgument)
        XCTAssertTrue(noValue.description.contains("--set needs ADDRESS=VALUE"), noValue.description)
        let yes = try XCTUnwrap(refusal(["r.clockwise=yes"]))
        XCTAssertTrue(yes.description.contains("write true"), yes.description)
    }

    func testSetTakesListsAndAppliesToFrames() throws {
        let lines = """
            canvas: {width: 100, height: 100}
            views:
              - {id: l, type: lines, frame: {x: 0, y: 0, width: 100, height: 100}, points: [[0, 0], [1, 1]]}
            timeline:
              animations:
                - {target: l.strokeEnd, from: 0, to: 1, duration: 1s}
            """
        let json = String(decoding: try json(lines, overrides: ["l.points=[[0, 50], [\"100%\", 50]]"]), as: UTF8.self)
        XCTAssertTrue(json.contains("[[0, 50], [100%, 50]]"), json)
        let frames = try SceneFile(source: lines, name: "s.scene.yaml").frames(overrides: ["l.strokeColor=blue"])
        XCTAssertEqual(try frames[0].render().prefix(4), [0x89, 0x50, 0x4E, 0x47])
    }

    /// What `inspect --wide --time 0.5` adds for authors: defaults and ranges, derived defaults
    /// computed, animated values marked `timeline` with the animation that drives them.
    func testInspectComputesDerivedDefaultsShowsRangesAndMarksTheTimeline() throws {
        let file = try SceneFile(source: """
            canvas: {width: 200, height: 200}
            views:
              - {id: dot, type: indicator, frame: {x: 0, y: 0, width: 40, height: 40}}
              - {id: r, type: ring, frame: {x: 50, y: 0, width: 100, height: 100}}
            timeline:
              animations:
                - {target: r.progress, from: 0, to: 1, duration: 1s}
            """, name: "s.scene.yaml")
        let text = InspectReport(scene: file.animated.scene, placed: file.animated.views(at: 0.5), sampler: file.animated.sampler,
                                 time: 0.5).text(wide: true)
        for row in [#"attribute +value +source +animatable +default +range\n"#,
                    #"strokeColor +#bf0000 +derived from on, onColor, offColor +yes +the current fill with r, g, b × 0.75\n"#,
                    #"lineWidth +2 +derived from size +yes +5% of the view's width +≥ 0\n"#,
                    #"progress +0.5 +timeline: timeline\.animations\[0\], line 7 +yes +0 +0–1\n"#] {
            XCTAssertNotNil(text.range(of: row, options: .regularExpression), "no row \(row) in\n\(text)")
        }
    }
}
