import Foundation
import SceneCodecs
import SceneModel
import SceneRender
import XCTest

/// `--appearance light|dark` with iOS system colours and `{light, dark}` (issue 15, item 1):
/// each appearance draws Apple's published values, probed in the PNG `scenec render` writes.
final class AppearanceTests: XCTestCase {
    /// Ring `r` (centre 70, 70; stroke middle at radius 45) at 0.5: its progress covers
    /// 3 o'clock (115, 70), its track 9 o'clock (25, 70). Ring `k` (centre 165, 45; stroke
    /// middle at radius 20) full, its colour from a keyframe: 3 o'clock is (185, 45). The group
    /// `veil` (140–190 square) is translucent secondaryLabel over the canvas.
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

    func render(_ arguments: [String], scene text: String? = nil) throws -> RasterImage {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("s.scene.yaml")
        try (text ?? scene).write(to: path, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("s.png")
        let result = try scenec(["render", path.path, "-o", out.path] + arguments)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try RasterImage(png: [UInt8](Data(contentsOf: out)))
    }

    func rgb(_ image: RasterImage, _ x: Int, _ y: Int) -> [Int] {
        let p = image.pixel(x, y)
        return [p.r, p.g, p.b]
    }

    func assertClose(_ got: [Int], _ want: [Int], tolerance: Int = 1, _ what: String,
                     file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(zip(got, want).allSatisfy { abs($0 - $1) <= tolerance }, "\(what): \(got), expected \(want)",
                      file: file, line: line)
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
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("bad.scene.yaml")
        try """
            canvas: {width: 100, height: 100, background: {light: white, dark: {light: red, dark: blue}}}
            views:
              - {id: a, type: ring, frame: {x: 0, y: 0, width: 50, height: 50}, progressColor: sytemBlue}
              - {id: b, type: ring, frame: {x: 0, y: 0, width: 50, height: 50}, progressColor: {light: red}}
              - {id: c, type: ring, frame: {x: 0, y: 0, width: 50, height: 50}, trackColor: {light: red, drak: blue}}
              - {id: d, type: ring, frame: {x: 0, y: 0, width: 50, height: 50}, trackColor: SystemBlue}
            """.write(to: path, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("bad.png")
        let result = try scenec(["render", path.path, "-o", out.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing is written")
        let e = result.stderr
        XCTAssertTrue(e.contains("bad.scene.yaml:1:68: error: canvas background.dark cannot itself be {light, dark}"), e)
        XCTAssertTrue(e.contains("bad.scene.yaml:3:84: error: progressColor: 'sytemBlue' is not a color; did you mean 'systemBlue'?"), e)
        XCTAssertFalse(e.contains("slateblue"), e)
        XCTAssertTrue(e.contains("bad.scene.yaml:4:84: error: progressColor is missing 'dark'"), e)
        XCTAssertTrue(e.contains("bad.scene.yaml:5:94: error: unknown key 'drak' in trackColor; did you mean 'dark'?"), e)
        XCTAssertTrue(e.contains("bad.scene.yaml:6:81: error: trackColor: 'SystemBlue' is not a color; did you mean 'systemBlue'?"), e)
        XCTAssertTrue(e.contains("5 errors in"), e)

        let usage = try scenec(["render", path.path, "-o", out.path, "--appearance", "drak"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.contains("--appearance must be light or dark, not 'drak'; did you mean 'dark'?"), usage.stderr)
    }

    func testInspectShowsTheResolvedColourAndWhereItCameFrom() throws {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("s.scene.yaml")
        try scene.write(to: path, atomically: true, encoding: .utf8)
        let text = try scenec(["inspect", path.path, "--appearance", "dark"])
        XCTAssertEqual(text.status, 0, text.stderr)
        XCTAssertTrue(text.stdoutText.contains("background #000000 from systemBackground (dark), appearance dark"), text.stdoutText)
        XCTAssertTrue(text.stdoutText.contains("#0a84ff from systemBlue (dark)"), text.stdoutText)
        XCTAssertTrue(text.stdoutText.contains("#30d158 from {light, dark} → dark"), text.stdoutText)
        XCTAssertTrue(text.stdoutText.contains("#ebebf599 from secondaryLabel (dark)"), text.stdoutText)

        let json = try scenec(["inspect", path.path, "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.stdoutText.utf8)) as? [String: Any])
        XCTAssertEqual(report["appearance"] as? String, "light")
        let ring = try XCTUnwrap((report["views"] as? [[String: Any]])?.first)
        let progressColor = try XCTUnwrap((ring["attributes"] as? [[String: Any]])?.first { $0["name"] as? String == "progressColor" })
        XCTAssertEqual(progressColor["value"] as? String, "#007aff")
        let appearance = try XCTUnwrap(progressColor["appearance"] as? [String: String])
        XCTAssertEqual(appearance, ["from": "systemBlue (light)", "light": "#007aff", "dark": "#0a84ff"])
        let canvas = try XCTUnwrap(report["canvas"] as? [String: Any])
        XCTAssertEqual((canvas["backgroundAppearance"] as? [String: String])?["from"], "systemBackground (light)")
    }

    func testADarkBuildIsNotUpToDateFromALightOne() throws {
        let root = try temporaryDirectory(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try scene.write(to: root.appendingPathComponent("scenes/s.scene.yaml"), atomically: true, encoding: .utf8)
        func build(_ more: [String]) throws -> (stderr: String, image: RasterImage) {
            let result = try scenec(["build", "scenes", "-o", "out", "--formats", "png"] + more, directory: root)
            XCTAssertEqual(result.status, 0, result.stderr)
            return (result.stderr, try RasterImage(png: [UInt8](Data(contentsOf: root.appendingPathComponent("out/s.png")))))
        }
        XCTAssertTrue(try build([]).stderr.contains("1 built, 0 up to date"))
        let dark = try build(["--appearance", "dark"])
        XCTAssertTrue(dark.stderr.contains("1 built, 0 up to date"), dark.stderr)
        XCTAssertEqual(rgb(dark.image, 115, 70), [10, 132, 255])
        XCTAssertTrue(try build(["--appearance", "dark"]).stderr.contains("0 built, 1 up to date"))
        let light = try build(["--appearance", "light"])
        XCTAssertTrue(light.stderr.contains("1 built, 0 up to date"), light.stderr)
        XCTAssertEqual(rgb(light.image, 115, 70), [0, 122, 255])
    }
}
