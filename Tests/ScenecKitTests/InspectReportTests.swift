import Foundation
import SceneCheck
import SceneSyntax
import ScenecKit
import XCTest

/// `InspectReport` built in process from a loaded scene: values, their sources (default,
/// style, file, --set, timeline), derived defaults, frames, and the text table.
final class InspectReportTests: XCTestCase {
    let text = """
        canvas: {width: 200, height: 100, background: systemBackground}
        styles:
          brand: {progressColor: "#ff2d55"}
        views:
          - {id: r, type: ring, style: brand, frame: {x: 0, y: 0, width: 100, height: 100}, progress: 0.3}
          - id: g
            type: group
            frame: {x: 100, y: 0, width: 100, height: 100}
            children:
              - {id: p, type: pie, frame: {x: 10, y: 10, width: 50, height: 50}, borderColor: "#bf0000"}
        timeline:
          animations:
            - {target: r.progress, from: 0, to: 1, duration: 1s}
        """

    func report(overrides: [String] = [], at time: Double = 0) throws -> InspectReport {
        let file = try SceneFile(source: text, name: "i.scene.yaml").with(overrides: overrides)
        return InspectReport(scene: file.animated.scene, placed: file.animated.placed, sampler: file.animated.sampler, time: time)
    }

    func attribute(_ view: InspectReport.ViewInfo, _ name: String) -> InspectReport.AttributeInfo? {
        view.attributes.first { $0.name == name }
    }

    func testValuesAndWhereTheyCameFrom() throws {
        let report = try report(overrides: ["r.lineWidth=6"])
        XCTAssertEqual(report.canvas.width, 200)
        XCTAssertEqual(report.canvas.background, "#ffffff")
        XCTAssertEqual(report.canvas.backgroundAppearance?.from, "systemBackground (light)")
        XCTAssertEqual(report.appearance, "light")
        let ring = report.views[0]
        XCTAssertEqual(ring.id, "r")
        XCTAssertEqual(ring.address, "views[0]")
        XCTAssertEqual(ring.type, "ring")
        let color = try XCTUnwrap(attribute(ring, "progressColor"))
        XCTAssertEqual(color.value.text, "#ff2d55")
        XCTAssertEqual(color.source, "style")
        XCTAssertEqual(color.style, "brand")
        XCTAssertTrue(color.animatable)
        XCTAssertEqual(attribute(ring, "lineWidth")?.source, "--set")
        XCTAssertEqual(attribute(ring, "lineWidth")?.value.text, "6")
        XCTAssertEqual(attribute(ring, "progress")?.source, "timeline", "the timeline animates it")
        XCTAssertEqual(attribute(ring, "trackColor")?.source, "default")
        XCTAssertEqual(attribute(ring, "progress")?.range, "0–1")
        XCTAssertEqual(attribute(ring, "clockwise")?.animatable, false)
    }

    /// An instance of a component lists its arguments (what the checker recorded); a value
    /// its definition's animation drives names the component, not an index of the file's.
    func testAnInstanceListsItsArguments() throws {
        let source = """
            canvas: {width: 100, height: 100}
            components:
              Dot:
                parameters:
                  fill: {kind: ring.progress, default: 0.5}
                  tint: {kind: color, default: red}
                views:
                  - {id: r, type: ring, frame: {x: 0, y: 0, width: 100%, height: 100%}, progress: $fill, progressColor: $tint}
                timeline:
                  animations:
                    - {target: r.progress, from: 0, to: $fill, duration: 1s}
            views:
              - {id: d, type: Dot, frame: {x: 0, y: 0, width: 100, height: 100}, tint: blue}
            """
        let file = try SceneFile(source: source, name: "c.scene.yaml").with(overrides: ["d.fill=0.25"])
        let report = InspectReport(scene: file.animated.scene, placed: file.animated.placed, sampler: file.animated.sampler, time: 0.5)
        let arguments: [InspectReport.ArgumentInfo] = try XCTUnwrap(report.views[0].arguments)
        XCTAssertEqual(arguments.map(\.name), ["fill", "tint"])
        XCTAssertEqual(arguments.map(\.source), ["--set", "file"])
        XCTAssertEqual(arguments[0].option, "--set d.fill=0.25")
        XCTAssertEqual(arguments[1].line, 13)
        XCTAssertNil(report.views[0].children[0].arguments)
        let progress = try XCTUnwrap(attribute(report.views[0].children[0], "progress"))
        XCTAssertEqual(progress.provenance, "timeline: Dot's animation, line 11")
        XCTAssertEqual(progress.animation?.component, "Dot")
        XCTAssertNil(progress.animation?.file, "the scene's own definition")
        XCTAssertTrue(report.text.contains("  tint      blue   file line 13"), report.text)
    }

    func testChildrenHaveTheirAddressesCanvasFramesAndDerivedDefaults() throws {
        let group = try report().views[1]
        let pie = try XCTUnwrap(group.children.first)
        XCTAssertEqual(pie.address, "views[1].children[0]")
        XCTAssertEqual([pie.frame.x, pie.frame.y, pie.frame.width, pie.frame.height], [110, 10, 50, 50], "on the canvas")
        XCTAssertEqual(attribute(pie, "fillColor")?.value.text, "#bf0000", "a pie's fill is its border colour")
        XCTAssertEqual(attribute(pie, "fillColor")?.source, "default")
        XCTAssertEqual(attribute(pie, "fillColor")?.derivedFrom, ["borderColor"])
    }

    func testTheTextIsATablePerView() throws {
        let text = try report().text
        XCTAssertTrue(text.hasPrefix("canvas 200 × 100 pt, scale 1, background #ffffff from systemBackground (light), appearance light\n"), text)
        XCTAssertTrue(text.contains("\nring 'r' at views[0]  frame x 0, y 0, width 100, height 100\n"), text)
        XCTAssertTrue(text.contains("\n  pie 'p' at views[1].children[0]  frame x 110, y 10, width 50, height 50\n"), text)
        XCTAssertTrue(text.contains("  attribute"), text)
        let wide = try report().text(wide: true)
        XCTAssertTrue(wide.contains("default"), wide)
        XCTAssertTrue(wide.contains("0–1"), wide)
    }

    func testTheJSONEncodingCarriesTheSameFacts() throws {
        let data = try JSONEncoder().encode(try report())
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let views = try XCTUnwrap(root["views"] as? [[String: Any]])
        XCTAssertEqual(views.map { $0["id"] as? String }, ["r", "g"])
        let attributes = try XCTUnwrap(views[0]["attributes"] as? [[String: Any]])
        let width = try XCTUnwrap(attributes.first { $0["name"] as? String == "lineWidth" })
        XCTAssertNotNil(width["value"] as? Double, "numbers as numbers")
        let clockwise = try XCTUnwrap(attributes.first { $0["name"] as? String == "clockwise" })
        XCTAssertEqual(clockwise["value"] as? Bool, true, "booleans as booleans")
    }

    /// Every written colour has its form as written; the table shows it where it is not the
    /// value itself; the timeline lists a keyframe's colour in its form, not one side's hex.
    func testEveryWrittenColourKeepsItsForm() throws {
        let scene = """
            canvas: {width: 200, height: 100}
            styles:
              brand: {trackColor: {color: systemBlue, alpha: 0.5}}
            views:
              - id: r
                type: ring
                style: brand
                frame: {x: 0, y: 0, width: 100, height: 100}
                progressColor: "#ff0000"
                labelColor: {color: red, alpha: 0.5}
              - {id: p, type: pie, frame: {x: 100, y: 0, width: 100, height: 100}, borderColor: {light: systemRed, dark: "#00ff00"}}
            timeline:
              animations:
                - target: p.borderColor
                  keyframes:
                    - {at: 1s, value: systemGreen}
                    - {at: 2s, value: {light: black, dark: "#ffffff"}}
                    - {at: 3s, value: "#ff8000"}
            """
        let file = try SceneFile(source: scene, name: "forms.scene.yaml").with(overrides: ["r.backgroundColor=rgb(0, 128, 255)"])
        let report = InspectReport(scene: file.animated.scene, placed: file.animated.placed, sampler: file.animated.sampler, time: 0)
        let ring = report.views[0], pie = report.views[1]
        XCTAssertEqual(attribute(ring, "progressColor")?.form, "\"#ff0000\"")
        XCTAssertEqual(attribute(ring, "labelColor")?.form, "{color: red, alpha: 0.5}")
        XCTAssertEqual(attribute(ring, "trackColor")?.form, "{color: systemBlue, alpha: 0.5}", "a style's colour as the style wrote it")
        XCTAssertEqual(attribute(ring, "backgroundColor")?.form, "\"rgb(0, 128, 255)\"", "a --set colour as the option wrote it")
        XCTAssertNil(attribute(pie, "fillColor")?.form, "a derived colour was not written")
        XCTAssertNil(attribute(pie, "borderColor")?.form, "the timeline gives it at 0 s")
        let pieAfter = InspectReport(scene: file.animated.scene, placed: file.animated.placed, sampler: nil).views[1]
        XCTAssertEqual(attribute(pieAfter, "borderColor")?.form, "{light: systemRed, dark: \"#00ff00\"}")

        let text = report.text
        XCTAssertTrue(text.contains("#ff000080 from {color: red, alpha: 0.5}"), text)
        XCTAssertTrue(text.contains("#007fff from \"rgb(0, 128, 255)\"") || text.contains("#0080ff from \"rgb(0, 128, 255)\""), text)
        XCTAssertFalse(text.contains("from \"#ff0000\""), "a hex is its own value: \(text)")
        let keyframes = report.timeline.filter { $0.address.hasSuffix(".value") }.map(\.value.text)
        XCTAssertEqual(keyframes, ["systemGreen", "{light: black, dark: \"#ffffff\"}", "#ff8000"])
        XCTAssertTrue(text.contains("timeline.animations[0].keyframes[0].value  systemGreen"), text)

        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: try JSONEncoder().encode(report)) as? [String: Any])
        let attributes = try XCTUnwrap((root["views"] as? [[String: Any]])?.first?["attributes"] as? [[String: Any]])
        XCTAssertEqual(attributes.first { $0["name"] as? String == "labelColor" }?["form"] as? String, "{color: red, alpha: 0.5}")
        XCTAssertNil(attributes.first { $0["name"] as? String == "lineCap" }?["form"], "only colours have a form")
    }
}
