import Foundation
import SceneCodecs
import XCTest

/// `--appearance` on the command line: the option reaches the picture, a misspelt value is a
/// usage error, and a build keys on it. (What each appearance draws is
/// ScenecKitTests/AppearanceRenderTests, in process.)
final class AppearanceTests: XCTestCase {
    /// Ring `r` (centre 70, 70; stroke middle at radius 45) at 0.5 in systemBlue: its progress
    /// covers 3 o'clock (115, 70).
    let scene = """
        canvas: {width: 200, height: 200, background: systemBackground}
        views:
          - {id: r, type: ring, frame: {x: 20, y: 20, width: 100, height: 100}, lineWidth: 10, progress: 0.5, progressColor: systemBlue}
        """

    func testTheOptionReachesThePictureAndAMisspeltValueIsAUsageError() throws {
        let dir = try temporaryDirectory(self)
        let path = try write(scene, "s.scene.yaml", in: dir)
        let out = dir.appendingPathComponent("s.png")
        let dark = try scenec(["render", path, "-o", out.path, "--appearance", "dark"])
        XCTAssertEqual(dark.status, 0, dark.stderr)
        XCTAssertEqual(rgb(try readPNG(out), 115, 70), [10, 132, 255], "systemBlue, dark")

        let usage = try scenec(["render", path, "-o", out.path, "--appearance", "drak"])
        XCTAssertEqual(usage.status, 2)
        XCTAssertTrue(usage.stderr.contains("--appearance must be light or dark, not 'drak'; did you mean 'dark'?"), usage.stderr)
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
