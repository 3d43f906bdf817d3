import SceneCodecs
import XCTest

/// `--set` addresses on the command line: a bad address exits 1, a malformed one 2, and a
/// build skips what a scene lacks with --set-where-present. (What each address renders, and
/// every message, is ScenecKitTests/AddressedOverrideTests, in process.)
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
}
