import Foundation
import SceneCodecs
import ScenecKit
import XCTest

/// `--set` on every kind of address renders what it says (issue 10, acceptance 4), and the
/// inspect report shows each view's address: the overrides given to `SceneFile` in process, as
/// the command line gives them. (Their exit codes, and a build's `--set-where-present`, stay in
/// ScenecCLITests/AddressedSetTests.)
final class AddressedOverrideTests: XCTestCase {
    /// Two rings of radius 50 and lineWidth 10 (their strokes' middle at radius 45): a nested one
    /// without an id, centred at (150, 50), and `download`, centred at (50, 50), at 0.25.
    let scene = """
        canvas: {width: 200, height: 100, background: white}
        styles:
          brand: {progressColor: "#ff0000", trackColor: "#00ff00", lineWidth: 10}
          mono: {progressColor: "#000000", trackColor: "#808080"}
        views:
          - type: group
            frame: {x: 100, y: 0, width: 100, height: 100}
            children:
              - {type: pie, frame: {x: 0, y: 0}}
              - {type: ring, style: brand, frame: {x: 0, y: 0, width: 100, height: 100}}
          - {id: download, type: ring, style: brand, frame: {x: 0, y: 0, width: 100, height: 100}, progress: 0.25}
        """
    let white = [255, 255, 255], red = [255, 0, 0], green = [0, 255, 0], black = [0, 0, 0], gray = [128, 128, 128]

    /// The picture `render` (or the first of `frames`) draws with these `--set`s.
    func render(_ sets: [String], frames: Bool = false) throws -> RasterImage {
        let file = try SceneFile(source: scene, name: "s.scene.yaml")
        let bytes = frames ? try XCTUnwrap(try file.frames(overrides: sets).first).render() : try file.render(.png, overrides: sets)
        return try RasterImage(png: bytes)
    }

    /// The SceneError `scenec check --set …` would print.
    func refusal(_ sets: [String], file: StaticString = #filePath, line: UInt = #line) -> SceneError? {
        sceneError({ _ = try SceneFile(source: scene, name: "s.scene.yaml").render(.png, overrides: sets) }, file: file, line: line)
    }

    /// Points on the middle of download's stroke: just before 3 o'clock (inside a 0.25 arc from
    /// 12) and at 9 o'clock (outside it).
    func download(_ image: RasterImage) -> (three: [Int], nine: [Int]) {
        (rgb(image, 94, 47), rgb(image, 5, 52))
    }

    func testTheSceneAsWrittenIsWhatTheProbesExpect() throws {
        let image = try render([])
        XCTAssertEqual(rgb(image, 1, 1), white)
        XCTAssertEqual(download(image).three, red)
        XCTAssertEqual(download(image).nine, green)
        XCTAssertEqual(rgb(image, 105, 52), green, "the nested ring is at 0")
        XCTAssertEqual(rgb(image, 25, 50), white, "inside the stroke")
    }

    func testCanvasBackgroundAndSize() throws {
        let image = try render(["canvas.background=#0000ff", "canvas.width=150"])
        XCTAssertEqual(rgb(image, 1, 1), [0, 0, 255])
        XCTAssertEqual(image.width, 150)
        XCTAssertEqual(download(image).three, red, "the views stay as they were")
    }

    func testStyleAttributeReachesEveryViewUsingTheStyle() throws {
        // lineWidth 30: radius 50 − 15, the stroke from 20 to 50 out, so 25 out is track.
        let image = try render(["styles.brand.lineWidth=30"])
        XCTAssertEqual(rgb(image, 25, 50), green)
        XCTAssertEqual(rgb(image, 125, 50), green, "the nested ring uses brand too")
    }

    func testAViewsStyleIsReplaced() throws {
        let image = try render(["download.style=mono"])
        XCTAssertEqual(download(image).three, black)
        XCTAssertEqual(download(image).nine, gray)
        XCTAssertEqual(rgb(image, 105, 52), green, "other views keep brand")
    }

    func testIndexPathReachesAViewWithoutAnId() throws {
        // 0.9 of the nested ring from 12 o'clock covers 9 o'clock.
        let image = try render(["views[0].children[1].progress=0.9"])
        XCTAssertEqual(rgb(image, 105, 52), red)
        XCTAssertEqual(download(image).nine, green, "only that view")
        let frame = try render(["views[0].children[1].progress=0.9"], frames: true)
        XCTAssertEqual(rgb(frame, 105, 52), red, "frames takes addresses too")
    }

    func testBadAddressesAreOverrideErrors() throws {
        let range = try XCTUnwrap(refusal(["views[0].children[2].progress=1"]))
        XCTAssertEqual(range.kind, .invalidScene)
        XCTAssertTrue(range.description.contains("--set views[0].children[2].progress=1: error: no view at views[0].children[2]: views[0] (a group) holds 2 children: children[0] to children[1]"),
                      range.description)
        let canvas = try XCTUnwrap(refusal(["canvas.backgound=red"]))
        XCTAssertEqual(canvas.kind, .invalidScene)
        XCTAssertTrue(canvas.description.contains("--set canvas.backgound=red: error: unknown key 'backgound' in canvas; did you mean 'background'?"),
                      canvas.description)
        let style = try XCTUnwrap(refusal(["styles.brnd.lineWidth=2"]))
        XCTAssertTrue(style.description.contains("did you mean 'brand'?"), style.description)
        let json = try XCTUnwrap(refusal(["download.style=mno"]))
        XCTAssertEqual(json.diagnostics.compactMap(\.origin), ["--set download.style=mno"], "the JSON diagnostic's origin")
        for malformed in ["views[x].progress=1", "views[0]=1", "canvas=red", "styles.brand=1"] {
            let error = try XCTUnwrap(refusal([malformed]))
            XCTAssertEqual(error.kind, .invalidArgument, malformed)
            XCTAssertTrue(error.description.contains("is not an address"), error.description)
        }
    }

    func testInspectShowsEachViewsAddress() throws {
        let file = try SceneFile(source: scene, name: "s.scene.yaml")
        let report = InspectReport(scene: file.animated.scene, placed: file.animated.views(at: 0), sampler: file.animated.sampler, time: 0)
        let text = report.text(wide: false)
        for heading in ["group at views[0]  frame", "  pie at views[0].children[0]  frame",
                        "  ring at views[0].children[1]  frame", "ring 'download' at views[1]  frame"] {
            XCTAssertTrue(text.contains("\n" + heading), "\(heading) in \(text)")
        }
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        let views = try XCTUnwrap(root["views"] as? [[String: Any]])
        XCTAssertEqual(views.map { $0["address"] as? String }, ["views[0]", "views[1]"])
        XCTAssertEqual(views[1]["id"] as? String, "download")
        let children = try XCTUnwrap(views[0]["children"] as? [[String: Any]])
        XCTAssertEqual(children.map { $0["address"] as? String }, ["views[0].children[0]", "views[0].children[1]"])
    }
}
