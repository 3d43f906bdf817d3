import XCTest
import SceneCheck
import SceneModel
import SceneSyntax

/// `--set` on each kind of address: applied as if the file said it, errors against the option.
final class OverrideTests: XCTestCase {
    let scene = """
        canvas: {width: 200, height: 100}
        styles:
          brand: {progressColor: "#ff2d55", lineWidth: 12}
          mono: {progressColor: black, trackColor: gray, borderColor: red}
        views:
          - {id: download, type: ring, style: brand, frame: {x: 0, y: 0, width: 100, height: 100}, progress: 0.25}
          - type: stack
            frame: {x: 100, y: 0, width: 100, height: 100}
            children:
              - {type: pie, progress: 0.5}
              - {type: ring, style: brand, lineWidth: 3}
        """

    func compile(_ sets: [String], wherePresent: Bool = false, text: String? = nil) throws -> (Scene?, [Diagnostic]) {
        var options = CheckOptions()
        options.overrides = try sets.map { try Override($0) }
        options.overridesMustMatch = !wherePresent
        let r = SceneChecker(options: options).check(SourceFile(name: "t", text: text ?? scene))
        return (r.scene, r.diagnostics)
    }

    /// The one error of a compile, as `origin: message`.
    func error(_ sets: [String], text: String? = nil) throws -> String {
        let (scene, diags) = try compile(sets, text: text)
        XCTAssertNil(scene)
        XCTAssertEqual(diags.count, 1, "\(diags.map(\.message))")
        return diags.first.map { "\($0.origin ?? "file"): \($0.message)" } ?? ""
    }

    func testCanvasAttributesReplaceTheFilesOrFillIn() throws {
        let (scene, diags) = try compile(["canvas.background=#00ff00", "canvas.scale=3", "canvas.width=50"])
        XCTAssertEqual(diags, [])
        XCTAssertEqual(scene?.canvas.background, Color(red: 0, green: 1, blue: 0))
        XCTAssertEqual(scene?.canvas.scale, 3)
        XCTAssertEqual(scene?.canvas.width, 50)
        XCTAssertEqual(scene?.canvas.height, 100)
    }

    func testCanvasErrorsNameTheOption() throws {
        XCTAssertEqual(try error(["canvas.backgrund=red"]),
                       "--set canvas.backgrund=red: unknown key 'backgrund' in canvas; did you mean 'background'?")
        XCTAssertEqual(try error(["canvas.width=-1"]), "--set canvas.width=-1: canvas width must be greater than 0, not -1")
        XCTAssertTrue(try error(["canvas.scale=1000"]).hasPrefix("--set canvas.scale=1000: the picture would be"))
        // A view attribute on the canvas: probably a view whose id is 'canvas'.
        let (_, diags) = try compile(["canvas.progress=1"])
        XCTAssertTrue(diags.first?.notes.last?.contains("views[N].progress") ?? false, "\(diags)")
    }

    func testStyleAttributesApplyToEveryViewUsingTheStyle() throws {
        let (scene, diags) = try compile(["styles.brand.lineWidth=4", "styles.brand.trackColor=blue"])
        XCTAssertEqual(diags, [])
        let ring = try XCTUnwrap(scene?.views.first)
        XCTAssertEqual(ring.values[Ring.lineWidth], 4)
        XCTAssertEqual(ring.values.resolved("lineWidth")?.source, .style("brand"))
        XCTAssertEqual(ring.values[Ring.trackColor], Color(red: 0, green: 0, blue: 1))
        XCTAssertEqual(ring.values[Ring.progressColor], .rgb255(255, 45, 85), "the style's other values stay")
        // The nested ring says lineWidth: 3 itself, and a view's own keys win over its styles.
        let nested = try XCTUnwrap(scene?.views[1].children[1])
        XCTAssertEqual(nested.values[Ring.lineWidth], 3)
        XCTAssertEqual(nested.values[Ring.trackColor], Color(red: 0, green: 0, blue: 1))
    }

    func testStyleErrorsAreTheFilesAgainstTheOption() throws {
        XCTAssertEqual(try error(["styles.brnd.lineWidth=4"]),
                       "--set styles.brnd.lineWidth=4: unknown style 'brnd'; did you mean 'brand'?")
        XCTAssertEqual(try error(["styles.brand.lineWidht=4"]),
                       "--set styles.brand.lineWidht=4: unknown attribute 'lineWidht' in style 'brand'; did you mean 'lineWidth'?")
        XCTAssertEqual(try error(["styles.brand.lineWidth=-4"]),
                       "--set styles.brand.lineWidth=-4: lineWidth must be at least 0, not -4")
        let noStyles = "canvas: {width: 10, height: 10}\nviews: []\n"
        let (_, diags) = try compile(["styles.brand.lineWidth=4"], text: noStyles)
        XCTAssertEqual(diags.first?.notes, ["the scene defines no styles"])
    }

    func testAViewsStyleIsReplaced() throws {
        let (scene, diags) = try compile(["download.style=mono"])
        XCTAssertEqual(diags, [])
        let ring = try XCTUnwrap(scene?.views.first)
        XCTAssertEqual(ring.values[Ring.progressColor], .black)
        XCTAssertEqual(ring.values.resolved("progressColor")?.source, .style("mono"))
        XCTAssertEqual(ring.values[Ring.lineWidth], 10, "brand no longer applies")
        let (listed, _) = try compile(["download.style=[mono, brand]"])
        XCTAssertEqual(listed?.views.first?.values[Ring.progressColor], .rgb255(255, 45, 85), "later ones win")
        XCTAssertEqual(listed?.views.first?.values[Ring.trackColor], .rgb255(128, 128, 128))
        XCTAssertEqual(try error(["download.style=mno"]), "--set download.style=mno: unknown style 'mno'; did you mean 'mono'?")
        XCTAssertEqual(try error(["download.styl=mono"]),
                       "--set download.styl=mono: ring 'download' has no attribute 'styl'; did you mean 'style'?")
    }

    func testIndexPathsReachViewsWithoutIds() throws {
        let (scene, diags) = try compile(["views[1].children[1].progress=0.75", "views[1].children[0].style=mono",
                                          "views[0].progress=0.5"])
        XCTAssertEqual(diags, [])
        let nested = try XCTUnwrap(scene?.views[1].children[1])
        XCTAssertEqual(nested.values[Ring.progress], 0.75)
        XCTAssertEqual(nested.values.resolved("progress")?.source, .commandLine)
        let pie = try XCTUnwrap(scene?.views[1].children[0])
        XCTAssertEqual(pie.values[Layer.borderColor], Color(red: 1, green: 0, blue: 0))
        XCTAssertEqual(pie.values.resolved("borderColor")?.source, .style("mono"))
        XCTAssertEqual(scene?.views[0].values[Ring.progress], 0.5, "a view with an id has an index path too")
    }

    func testIndexPathErrorsNameTheValidRange() throws {
        XCTAssertEqual(try error(["views[2].progress=1"]),
                       "--set views[2].progress=1: no view at views[2]: views holds 2 views: views[0] to views[1]")
        XCTAssertEqual(try error(["views[1].children[5].progress=1"]),
                       "--set views[1].children[5].progress=1: no view at views[1].children[5]: views[1] (a stack) holds 2 children: children[0] to children[1]")
        XCTAssertEqual(try error(["views[1].children[1].progres=1"]),
                       "--set views[1].children[1].progres=1: ring at views[1].children[1] has no attribute 'progres'; did you mean 'progress'?")
        XCTAssertEqual(try error(["views[0].frame=1"]),
                       "--set views[0].frame=1: 'frame' of ring 'download' cannot be set with --set, which sets attributes and style")
    }

    func testWherePresentSkipsWhatTheSceneLacksButNotBadValues() throws {
        let lacking = ["views[9].progress=1", "nosuch.progress=1", "styles.nosuch.lineWidth=1"]
        let (scene, diags) = try compile(lacking, wherePresent: true)
        XCTAssertNotNil(scene)
        XCTAssertEqual(diags, [])
        let (_, bad) = try compile(["views[0].progress=2", "canvas.nosuch=1"], wherePresent: true)
        XCTAssertEqual(bad.count, 2)
    }

    func testTheSameMistakeInTwoOptionsIsTwoErrors() throws {
        let (_, diags) = try compile(["download.progress=2", "views[0].progress=2"])
        XCTAssertEqual(diags.compactMap(\.origin), ["--set download.progress=2", "--set views[0].progress=2"])
    }

    func testALaterOverrideOfTheSameValueWins() throws {
        let (scene, _) = try compile(["download.progress=0.1", "views[0].progress=0.9"])
        XCTAssertEqual(scene?.views.first?.values[Ring.progress], 0.9)
    }
}
