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
          - {id: title, type: label, frame: {x: 10, y: 10, width: 200, height: 30},
             text: "\(text)"}
          - {id: r, type: ring, frame: {x: 10, y: 60, width: 100, height: 100}, progress: 0.5, label: "\(ringLabel)"}

        """
    }

    func testAnUnassignedCodePointIsALocatedWarningAndWerrorFails() throws {
        let dir = try temporaryDirectory(self)
        // U+0378 is unassigned: no font has it. The other characters all have fonts.
        let missing = try write(Self.scene("Hello \\u0378 你好 🙂"), "missing.scene.yaml", in: dir)
        for command in ["check", "render"] {
            let extra = command == "render" ? ["-o", dir.appendingPathComponent("m.png").path] : []
            let warned = try scenec([command, missing] + extra)
            XCTAssertEqual(warned.status, 0, warned.stderr)
            XCTAssertTrue(warned.stderr.contains("missing.scene.yaml:4:14: warning: text of label 'title': U+0378 has no glyph in the scene's fonts"),
                          warned.stderr)
            XCTAssertTrue(warned.stderr.contains("add a font that has it to fonts:"), warned.stderr)
            XCTAssertFalse(warned.stderr.contains("U+4F60"), "你 has a font: \(warned.stderr)")
            let strict = try scenec([command, missing, "--werror"] + extra)
            XCTAssertEqual(strict.status, 1, strict.stderr)
        }
        // A ring's label too; characters a terminal shows are named with the code point.
        let ring = try write(Self.scene("Hello", ringLabel: "\\U000F0000 \\u0378"), "ring.scene.yaml", in: dir)
        let warned = try scenec(["check", ring])
        XCTAssertEqual(warned.status, 0, warned.stderr)
        XCTAssertTrue(warned.stderr.contains("ring.scene.yaml:5:97: warning: label of ring 'r': U+F0000, U+0378 have no glyph"), warned.stderr)

        let clean = try write(Self.scene("Hello 你好 مرحبا नमस्ते Привет 🙂👍"), "clean.scene.yaml", in: dir)
        let silent = try scenec(["check", clean, "--werror"])
        XCTAssertEqual(silent.status, 0, silent.stderr)
        XCTAssertFalse(silent.stderr.contains("warning"), silent.stderr)
    }
}
