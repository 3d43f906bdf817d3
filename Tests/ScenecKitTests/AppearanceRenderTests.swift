import Foundation
import SceneCheck
import SceneCodecs
import SceneModel
import SceneSyntax
import ScenecKit
import XCTest

/// `--appearance light|dark` with iOS system colours and `{light, dark}` (issue 15, item 1):
/// each appearance draws Apple's published values, probed in the PNG the scene renders to in
/// process, as `scenec render` renders it. (The option's parsing and a build's keys stay in
/// ScenecCLITests/AppearanceTests.)
final class AppearanceRenderTests: XCTestCase {
    let scene = """
        canvas: {width: 200, height: 200, background: systemBackground}
        styles:
          brand: {trackColor: {light: "#ff0000", dark: systemGreen}, lineWidth: 10}
        views:
          - {id: r, type: ring, style: brand, frame: {x: 20, y: 20, width: 100, height: 100}, progress: 0.5, progressColor: systemBlue}
          - {id: k, type: ring, frame: {x: 140, y: 20, width: 50, height: 50}, lineWidth: 10, progress: 1}
          - {id: veil, type: group, frame: {x: 140, y: 140, width: 50, height: 50}, backgroundColor: secondaryLabel}
        timeline:
          animations:
            - {target: k.progressColor, from: systemOrange, to: {light: "#000000", dark: "#ffffff"}, duration: 1s}
        """

    /// The scene checked as `scenec` checks it with `--appearance`, or the error it would print.
    func load(_ text: String, name: String = "s.scene.yaml", appearance: Appearance? = nil) throws -> SceneFile {
        var frontend = Frontend()
        if let appearance { frontend.options.appearance = appearance }
        return try SceneFile(SourceFile(name: name, text: text), frontend: frontend)
    }

    /// The PNG `scenec render` writes with `--appearance`, `--time` and `--set`s (the arguments'
    /// forms of the command line: `["--appearance", "dark", "--time", "1", "--set", "…"]`).
    func render(_ arguments: [String], scene text: String? = nil) throws -> RasterImage {
        var appearance: Appearance?, time = 0.0, sets: [String] = []
        var rest = arguments[...]
        while let option = rest.popFirst(), let value = rest.popFirst() {
            switch option {
            case "--appearance": appearance = try XCTUnwrap(Appearance(rawValue: value))
            case "--time": time = try XCTUnwrap(Double(value))
            case "--set": sets.append(value)
            default: XCTFail("no such option here: \(option)")
            }
        }
        return try RasterImage(png: try load(text ?? scene, appearance: appearance).render(.png, at: time, overrides: sets))
    }

    func testLightIsTheDefaultAndDrawsApplesLightValues() throws {
        for image in [try render([]), try render(["--appearance", "light"])] {
            XCTAssertEqual(rgb(image, 2, 2), [255, 255, 255], "systemBackground")
            XCTAssertEqual(rgb(image, 115, 70), [0, 122, 255], "systemBlue")
            XCTAssertEqual(rgb(image, 25, 70), [255, 0, 0], "the style's {light, dark}, light side")
            XCTAssertEqual(rgb(image, 185, 45), [255, 149, 0], "systemOrange, the keyframe at 0 s")
            // rgba(60, 60, 67, 0.6) over white: 0.6 × 60 + 0.4 × 255 = 138, 0.6 × 67 + 102 = 142.2.
            assertClose(rgb(image, 165, 165), [138, 138, 142], "secondaryLabel over white")
        }
    }

    func testDarkDrawsApplesDarkValues() throws {
        let image = try render(["--appearance", "dark"])
        XCTAssertEqual(rgb(image, 2, 2), [0, 0, 0], "systemBackground")
        XCTAssertEqual(rgb(image, 115, 70), [10, 132, 255], "systemBlue")
        XCTAssertEqual(rgb(image, 25, 70), [48, 209, 88], "the style's {light, dark}, dark side (systemGreen's dark)")
        XCTAssertEqual(rgb(image, 185, 45), [255, 159, 10], "systemOrange, the keyframe at 0 s")
        // rgba(235, 235, 245, 0.6) over black: 141, 141, 147.
        assertClose(rgb(image, 165, 165), [141, 141, 147], "secondaryLabel over black")
    }

    func testTheLastKeyframeAndSetTakeBothForms() throws {
        let light = try render(["--time", "1", "--set", "r.progressColor=systemIndigo"])
        XCTAssertEqual(rgb(light, 185, 45), [0, 0, 0], "the keyframe {light, dark} at its end, light")
        XCTAssertEqual(rgb(light, 115, 70), [88, 86, 214], "--set systemIndigo, light")
        let dark = try render(["--time", "1", "--appearance", "dark",
                               "--set", "r.progressColor={light: '#000000', dark: '#00ffff'}"])
        XCTAssertEqual(rgb(dark, 185, 45), [255, 255, 255], "the keyframe {light, dark} at its end, dark")
        XCTAssertEqual(rgb(dark, 115, 70), [0, 255, 255], "--set {light, dark}, dark")
    }

    func testBadFormsAreLocatedErrors() throws {
        let text = """
            canvas: {width: 100, height: 100, background: {light: white, dark: {light: red, dark: blue}}}
            views:
              - {id: a, type: ring, frame: {x: 0, y: 0, width: 50, height: 50}, progressColor: sytemBlue}
              - {id: b, type: ring, frame: {x: 0, y: 0, width: 50, height: 50}, progressColor: {light: red}}
              - {id: c, type: ring, frame: {x: 0, y: 0, width: 50, height: 50}, trackColor: {light: red, drak: blue}}
              - {id: d, type: ring, frame: {x: 0, y: 0, width: 50, height: 50}, trackColor: SystemBlue}
            """
        var thrown: SceneError?
        XCTAssertThrowsError(try load(text, name: "bad.scene.yaml")) { thrown = $0 as? SceneError }
        let error = try XCTUnwrap(thrown)
        XCTAssertEqual(error.kind, .invalidScene)
        let e = error.description
        XCTAssertTrue(e.contains("bad.scene.yaml:1:68: error: canvas background.dark cannot itself be {light, dark}"), e)
        XCTAssertTrue(e.contains("bad.scene.yaml:3:84: error: progressColor: 'sytemBlue' is not a color; did you mean 'systemBlue'?"), e)
        XCTAssertFalse(e.contains("slateblue"), e)
        XCTAssertTrue(e.contains("bad.scene.yaml:4:84: error: progressColor is missing 'dark'"), e)
        XCTAssertTrue(e.contains("bad.scene.yaml:5:94: error: unknown key 'drak' in trackColor; did you mean 'dark'?"), e)
        XCTAssertTrue(e.contains("bad.scene.yaml:6:81: error: trackColor: 'SystemBlue' is not a color; did you mean 'systemBlue'?"), e)
        XCTAssertTrue(e.contains("5 errors in"), e)
    }

    /// The report `scenec inspect` prints (as text, and as JSON with `--json`).
    func inspect(_ appearance: Appearance? = nil) throws -> InspectReport {
        let file = try load(scene, appearance: appearance)
        return InspectReport(scene: file.animated.scene, placed: file.animated.views(at: 0), sampler: file.animated.sampler, time: 0)
    }

    func testInspectShowsTheResolvedColourAndWhereItCameFrom() throws {
        let text = try inspect(.dark).text(wide: false)
        XCTAssertTrue(text.contains("background #000000 from systemBackground (dark), appearance dark"), text)
        XCTAssertTrue(text.contains("#0a84ff from systemBlue (dark)"), text)
        XCTAssertTrue(text.contains("#30d158 from {light, dark} → dark"), text)
        XCTAssertTrue(text.contains("#ebebf599 from secondaryLabel (dark)"), text)

        let json = try JSONEncoder().encode(try inspect())
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: json) as? [String: Any])
        XCTAssertEqual(report["appearance"] as? String, "light")
        let ring = try XCTUnwrap((report["views"] as? [[String: Any]])?.first)
        let progressColor = try XCTUnwrap((ring["attributes"] as? [[String: Any]])?.first { $0["name"] as? String == "progressColor" })
        XCTAssertEqual(progressColor["value"] as? String, "#007aff")
        let appearance = try XCTUnwrap(progressColor["appearance"] as? [String: String])
        XCTAssertEqual(appearance, ["from": "systemBlue (light)", "light": "#007aff", "dark": "#0a84ff"])
        let canvas = try XCTUnwrap(report["canvas"] as? [String: Any])
        XCTAssertEqual((canvas["backgroundAppearance"] as? [String: String])?["from"], "systemBackground (light)")
    }
}
