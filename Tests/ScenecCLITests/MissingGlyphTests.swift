import XCTest

/// Issue 26, acceptance 2: a character no font of the scene's set has is a located warning naming
/// its code point — `check` and `render` still pass, `--werror` fails — and the same scene without
/// it is silent. (The default fonts draw every other script of the issue: SceneRenderTests'
/// FallbackFontTests.)
final class MissingGlyphTests: XCTestCase {
    static func scene(_ text: String, ringLabel: String = "percent") -> String {
        """
        canvas: {width: 300, height: 200}
        views:
          - {id: title, type: label, frame: {x: 10, y: 10, width: 280, height: 60},
             text: "\(text)"}
          - {id: r, type: ring, frame: {x: 10, y: 80, width: 100, height: 100}, progress: 0.5, label: "\(ringLabel)"}

        """
    }

    func testAnUnassignedCodePointIsALocatedWarningAndWerrorFails() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        // U+0378 is unassigned: no font has it. The other characters all have fonts.
        let missing = try write(Self.scene("Hello \\u0378 你好 🙂"), "missing.scene.yaml", in: scenes)
        for command in ["check", "render"] {
            let extra = command == "render" ? ["-o", dir.appendingPathComponent("m.png").path] : []
            let warned = try scenec([command, missing] + extra)
            XCTAssertEqual(warned.status, 0, warned.stderr)
            XCTAssertTrue(warned.stderr.contains("missing.scene.yaml:4:12: warning: text of label 'title': U+0378 has no glyph in the scene's fonts"),
                          warned.stderr)
            XCTAssertTrue(warned.stderr.contains("add a font that has it to fonts:"), warned.stderr)
            XCTAssertFalse(warned.stderr.contains("U+4F60"), "你 has a font: \(warned.stderr)")
        }
        // --werror (build's) makes the warning fail the scene.
        let built = try scenec(["build", scenes.path, "-o", dir.appendingPathComponent("out").path, "--root", dir.path])
        XCTAssertEqual(built.status, 0, built.stderr)
        let strict = try scenec(["build", scenes.path, "-o", dir.appendingPathComponent("strict").path, "--root", dir.path, "--werror"])
        XCTAssertEqual(strict.status, 1, strict.stderr)
        XCTAssertTrue(strict.stderr.contains("missing.scene.yaml:4:12: error: text of label 'title': U+0378"), strict.stderr)

        // A ring's label too; a character a terminal cannot show is named by its code point alone.
        let ring = try write(Self.scene("Hello", ringLabel: "\\U000F0000 \\u0378"), "ring.scene.yaml", in: dir)
        let warned = try scenec(["check", ring])
        XCTAssertEqual(warned.status, 0, warned.stderr)
        XCTAssertTrue(warned.stderr.contains("ring.scene.yaml:5:95: warning: label of ring 'r': U+F0000, U+0378 have no glyph"), warned.stderr)

        // The same scene without it: no warning, and --werror passes.
        let clean = dir.appendingPathComponent("clean")
        try FileManager.default.createDirectory(at: clean, withIntermediateDirectories: true)
        _ = try write(Self.scene("Hello 你好 مرحبا नमस्ते Привет 🙂👍"), "clean.scene.yaml", in: clean)
        let silent = try scenec(["build", clean.path, "-o", dir.appendingPathComponent("clean-out").path, "--root", dir.path, "--werror"])
        XCTAssertEqual(silent.status, 0, silent.stderr)
        XCTAssertTrue(silent.stderr.contains(" 0 warnings"), silent.stderr)
        XCTAssertFalse(silent.stderr.contains("missing-glyph") || silent.stderr.contains("no glyph"), silent.stderr)
    }

    /// A control character Pango would draw as a box (ESC, BEL, DEL, NEL, CSI) is the same
    /// warning naming its code point alone — the terminal never gets the raw character — and
    /// saying to remove it; tab and line breaks are not.
    func testAControlCharacterIsAWarningNamingItsCodePoint() throws {
        let dir = try temporaryDirectory(self)
        let scene = try write(Self.scene("A\\eB\\x07C\\x7FD\\u0085E\\u009BF\\tG\\nH"), "ctl.scene.yaml", in: dir)
        let warned = try scenec(["check", scene])
        XCTAssertEqual(warned.status, 0, warned.stderr)
        XCTAssertTrue(warned.stderr.contains("ctl.scene.yaml:4:12: warning: text of label 'title': U+001B, U+0007, U+007F, U+0085, U+009B are control characters, which draw as a box"),
                      warned.stderr)
        XCTAssertTrue(warned.stderr.contains("remove them from the text"), warned.stderr)
        XCTAssertFalse(warned.stderr.contains("U+0009") || warned.stderr.contains("U+000A") || warned.stderr.contains("no glyph"), warned.stderr)
        XCTAssertFalse(warned.stderr.unicodeScalars.contains { [0x1B, 0x07, 0x7F, 0x85, 0x9B].contains($0.value) }, "no raw control in the message")
    }
}
