import Foundation
import XCTest

/// `scenec export` as a process: a bad scene exits 1 and leaves the previous file, and the same
/// scene gives the same bytes in every run. (The export's content, played by rlottie and
/// validated against the Lottie schema, is SceneLottieTests/LottieExportTests, in process.)
final class LottieExportTests: XCTestCase {
    /// A scene with an error: located error, exit 1, and the previous file left as it was.
    func testBadSceneWritesNothing() throws {
        let dir = try temporaryDirectory(self)
        let scene = dir.appendingPathComponent("bad.scene.yaml")
        try "canvas: {width: 100, height: 100}\nviews:\n  - {type: ring, frame: {x: 0, y: 0, width: 50, height: 50}, progress: 2}\n"
            .write(to: scene, atomically: true, encoding: .utf8)
        let json = dir.appendingPathComponent("bad.json")
        try "previous".write(to: json, atomically: true, encoding: .utf8)
        let result = try scenec(["export", scene.path, "-o", json.path])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("bad.scene.yaml:3:"), result.stderr)
        XCTAssertEqual(try String(contentsOf: json, encoding: .utf8), "previous")
    }

    /// Same scene, same bytes.
    func testExportIsDeterministic() throws {
        let dir = try temporaryDirectory(self)
        let scene = repositoryRoot.appendingPathComponent("scenes/anim-pie-twice.scene.yaml").path
        let a = dir.appendingPathComponent("a.json"), b = dir.appendingPathComponent("b.json")
        XCTAssertEqual(try scenec(["export", scene, "-o", a.path]).status, 0)
        XCTAssertEqual(try scenec(["export", scene, "-o", b.path]).status, 0)
        XCTAssertEqual(try Data(contentsOf: a), try Data(contentsOf: b))
    }

    /// The help says what becomes of text: outlines, with colour glyphs left out (not "text is
    /// left out", as before the export drew text).
    func testHelpSaysTextIsOutlines() throws {
        let help = try scenec(["export", "--help"]).stdoutText
        XCTAssertTrue(help.contains("Text is glyph outlines"), help)
        XCTAssertTrue(help.contains("a colour\nfont's glyphs"), help)
        XCTAssertFalse(help.contains("(text)"), help)
    }
}
