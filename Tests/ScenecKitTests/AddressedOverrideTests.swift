import SceneCodecs
import XCTest
import SceneRender

/// `--set` on every kind of address renders what it says (issue 10, acceptance 4), and
/// `inspect` shows each view's address.
final class AddressedSetTests: XCTestCase {
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
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("s.scene.yaml")
        try scene.write(to: path, atomically: true, encoding: .utf8)
        let command = frames ? ["frames", path.path, "-o", dir.appendingPathComponent("f-%d.png").path]
            : ["render", path.path, "-o", dir.appendingPathComponent("f-0.png").path]
        let result = try scenec(command + sets.flatMap { ["--set", $0] })
        XCTAssertEqual(result.status, 0, result.stderr)
        return try RasterImage(png: [UInt8](Data(contentsOf: dir.appendingPathComponent("f-0.png"))))
    }

    func rgb(_ image: RasterImage, _ x: Int, _ y: Int) -> [Int] {
        let p = image.pixel(x, y)
        return [p.r, p.g, p.b]
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

    /// With --set-where-present (one --set list for builds of different trees), what a scene
    /// lacks is skipped; without it, a --set no scene has is an error (BuildTrustTests).
    func testBuildSkipsAddressesASceneLacksAndAppliesTheRest() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try scene.write(to: scenes.appendingPathComponent("s.scene.yaml"), atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("out")
        let result = try scenec(["build", scenes.path, "-o", out.path, "--set", "canvas.background=#0000ff",
                                 "--set", "views[7].progress=1", "--set", "styles.nosuch.lineWidth=1",
                                 "--set-where-present"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try RasterImage(png: [UInt8](Data(contentsOf: out.appendingPathComponent("s.png"))))
        XCTAssertEqual(rgb(image, 1, 1), [0, 0, 255])
    }

    func testBadAddressesAreOptionErrors() throws {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("s.scene.yaml").path
        try scene.write(toFile: path, atomically: true, encoding: .utf8)
        let range = try scenec(["check", path, "--set", "views[0].children[2].progress=1"])
        XCTAssertEqual(range.status, 1)
        XCTAssertTrue(range.stderr.contains("--set views[0].children[2].progress=1: error: no view at views[0].children[2]: views[0] (a group) holds 2 children: children[0] to children[1]"),
                      range.stderr)
        let canvas = try scenec(["check", path, "--set", "canvas.backgound=red"])
        XCTAssertEqual(canvas.status, 1)
        XCTAssertTrue(canvas.stderr.contains("--set canvas.backgound=red: error: unknown key 'backgound' in canvas; did you mean 'background'?"),
                      canvas.stderr)
        let style = try scenec(["check", path, "--set", "styles.brnd.lineWidth=2"])
        XCTAssertEqual(style.status, 1)
        XCTAssertTrue(style.stderr.contains("did you mean 'brand'?"), style.stderr)
        let json = try scenec(["check", path, "--diagnostics", "json", "--set", "download.style=mno"])
        XCTAssertTrue(json.stdoutText.contains("\"origin\" : \"--set download.style=mno\"")
                      || json.stdoutText.contains("\"origin\": \"--set download.style=mno\""), json.stdoutText)
        for malformed in ["views[x].progress=1", "views[0]=1", "canvas=red", "styles.brand=1"] {
            let result = try scenec(["check", path, "--set", malformed])
            XCTAssertEqual(result.status, 2, malformed)
            XCTAssertTrue(result.stderr.contains("is not an address"), result.stderr)
        }
    }

    func testInspectShowsEachViewsAddress() throws {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("s.scene.yaml").path
        try scene.write(toFile: path, atomically: true, encoding: .utf8)
        let text = try scenec(["inspect", path])
        XCTAssertEqual(text.status, 0, text.stderr)
        for heading in ["group at views[0]  frame", "  pie at views[0].children[0]  frame",
                        "  ring at views[0].children[1]  frame", "ring 'download' at views[1]  frame"] {
            XCTAssertTrue(text.stdoutText.contains("\n" + heading), "\(heading) in \(text.stdoutText)")
        }
        let json = try scenec(["inspect", path, "--json"])
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let views = try XCTUnwrap(root["views"] as? [[String: Any]])
        XCTAssertEqual(views.map { $0["address"] as? String }, ["views[0]", "views[1]"])
        XCTAssertEqual(views[1]["id"] as? String, "download")
        let children = try XCTUnwrap(views[0]["children"] as? [[String: Any]])
        XCTAssertEqual(children.map { $0["address"] as? String }, ["views[0].children[0]", "views[0].children[1]"])
    }
}
