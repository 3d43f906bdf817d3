import SceneCodecs
import XCTest

/// `--set` addresses on the command line: a bad address exits 1, a malformed one 2, and a
/// build skips what a scene lacks with --set-where-present. (What each address renders, and
/// every message, is ScenecKitTests/AddressedOverrideTests, in process.)
final class AddressedSetTests: XCTestCase {
    /// A group holding two views, and ring `download`.
    let scene = """
        canvas: {width: 20, height: 20, background: white}
        views:
          - {type: group, frame: {x: 0, y: 0, width: 20, height: 20}, children: [{type: pie, frame: {x: 0, y: 0}}, {type: ring, frame: {x: 0, y: 0, width: 20, height: 20}}]}
          - {id: download, type: ring, frame: {x: 0, y: 0, width: 20, height: 20}, progress: 0.25}
        """

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

    func testBadAddressesExitOneAndMalformedOnesTwo() throws {
        let dir = try temporaryDirectory(self)
        let path = try write(scene, "s.scene.yaml", in: dir)
        let range = try scenec(["check", path, "--set", "views[0].children[2].progress=1"])
        XCTAssertEqual(range.status, 1)
        XCTAssertTrue(range.stderr.contains("--set views[0].children[2].progress=1: error: no view at views[0].children[2]"), range.stderr)
        let json = try scenec(["check", path, "--diagnostics", "json", "--set", "download.style=mno"])
        XCTAssertTrue(json.stdoutText.contains("\"origin\" : \"--set download.style=mno\"")
                      || json.stdoutText.contains("\"origin\": \"--set download.style=mno\""), json.stdoutText)
        let malformed = try scenec(["check", path, "--set", "views[x].progress=1"])
        XCTAssertEqual(malformed.status, 2)
        XCTAssertTrue(malformed.stderr.contains("is not an address"), malformed.stderr)
    }

    /// `--set ID.frame.KEY` moves a view in a render (its pixels land where the new frame
    /// says), and `edit` writes the key in the frame; a wrong key exits 1, an unknown one 2.
    func testFrameAddressesRenderAndEdit() throws {
        let dir = try temporaryDirectory(self)
        let path = try write("""
            canvas: {width: 40, height: 20, background: white}
            views:
              - {id: box, type: pie, frame: {x: 0, y: 0, width: 20, height: 20}, progress: 1, fillColor: "#ff0000", borderWidth: 0}
            """, "s.scene.yaml", in: dir)
        let png = dir.appendingPathComponent("s.png").path
        let render = try scenec(["render", path, "--set", "box.frame.x=100% - 20", "-o", png])
        XCTAssertEqual(render.status, 0, render.stderr)
        let image = try RasterImage(png: [UInt8](Data(contentsOf: URL(fileURLWithPath: png))))
        XCTAssertEqual(rgb(image, 5, 10), [255, 255, 255], "the left half is empty now")
        XCTAssertEqual(rgb(image, 30, 10), [255, 0, 0], "the pie is in the right half")
        let wrong = try scenec(["check", path, "--set", "box.frame.centerX=10"])
        XCTAssertEqual(wrong.status, 1)
        XCTAssertTrue(wrong.stderr.contains("the frame of pie 'box' writes 'x', not 'centerX'; set box.frame.x instead"), wrong.stderr)
        XCTAssertEqual(try scenec(["check", path, "--set", "box.frame.left=1"]).status, 2)
        let edit = try scenec(["edit", path, "--set", "box.frame.width=30"])
        XCTAssertEqual(edit.status, 0, edit.stderr)
        XCTAssertTrue(try String(contentsOfFile: path, encoding: .utf8).contains("frame: {x: 0, y: 0, width: 30, height: 20}"))
    }
}
