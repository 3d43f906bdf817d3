import Foundation
import SceneCheck
import SceneFiles
import SceneFonts
import SceneModel
import SceneSyntax
import XCTest

/// The scene's fonts through SceneFonts' API: `SceneFonts.resolve` after checking (files found
/// beside the scene, loaded, every family the scene names looked up) and `FontLibrary` itself.
final class SceneFontsTests: XCTestCase {
    /// A scene checked by SceneCheck, then its fonts resolved as the front end does.
    func resolve(_ yaml: String, at path: String = "test.scene.yaml", scope: ReadScope? = nil) throws
        -> (scene: Scene?, diagnostics: [Diagnostic]) {
        let checked = SceneChecker().check(SourceFile(name: path, text: yaml))
        guard let scene = checked.scene else { return checked }
        let fonts = SceneFonts.resolve(scene, scenePath: path, scope: scope ?? .around(path))
        let all = (checked.diagnostics + fonts.diagnostics).sortedByPosition()
        return (all.hasErrors ? nil : fonts.scene, all)
    }

    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("scenefonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    func label(_ extra: String) -> String {
        """
        canvas: {width: 200, height: 200}
        views:
          - type: label
            id: caption
            frame: {x: 0, y: 0, width: 100, height: 20}
            text: hi
        \(extra)
        """
    }

    func testTheStandardLibraryListsTheDefaultFontsAndNothingOfTheSystems() {
        let library = FontLibrary.standard
        XCTAssertNotNil(library.config)
        XCTAssertEqual(library.families, ["DejaVu Sans", "DejaVu Sans Mono", "DejaVu Serif", "Droid Sans Fallback", "NanumGothic",
                                          "Noto Color Emoji", "Noto Sans Arabic", "Noto Sans Devanagari", "Noto Sans Hebrew"])
        XCTAssertTrue(library.unreadable.isEmpty)
        XCTAssertEqual(library.misplacedDefaults, [], "every default file loaded as its family")
        XCTAssertTrue(library.has("dejavu serif"), "families match without case")
        XCTAssertFalse(library.has("Helvetica"))
        XCTAssertEqual(library.family(for: "DEJAVU SANS MONO"), "DejaVu Sans Mono")
        XCTAssertEqual(library.family(for: "Helvetica"), Label.defaultFamily, "never fontconfig's substitute")
        for file in FontLibrary.dejavuFiles {
            XCTAssertTrue(FileManager.default.fileExists(atPath: FontLibrary.dejavuDirectory + "/" + file), file)
        }
        for font in DefaultFont.all {
            XCTAssertTrue(FileManager.default.fileExists(atPath: font.path), font.path)
            XCTAssertNotNil(font.version, font.file)
        }
        XCTAssertEqual(DefaultFont.packages, ["fonts-dejavu-core", "fonts-noto-core", "fonts-droid-fallback", "fonts-nanum", "fonts-noto-color-emoji"])
    }

    /// The Makefile installs the default fonts' packages: its DEFAULT_FONT_PACKAGES is
    /// DefaultFont.packages, in order (a font added in a new package is installed with it).
    func testTheMakefileInstallsTheDefaultFontsPackages() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let makefile = try String(contentsOf: root.appendingPathComponent("Makefile"), encoding: .utf8)
        let line = try XCTUnwrap(makefile.split(separator: "\n").first { $0.hasPrefix("DEFAULT_FONT_PACKAGES :=") })
        XCTAssertEqual(line.dropFirst("DEFAULT_FONT_PACKAGES :=".count).split(separator: " ").map(String.init), DefaultFont.packages)
    }

    /// DejaVu first, then each fallback once, in DefaultFont's order, whatever family is asked for.
    func testTextFallsBackThroughTheDefaultFontsInTheirOrder() {
        let library = FontLibrary.standard
        let fallbacks = "Noto Sans Arabic,Noto Sans Hebrew,Noto Sans Devanagari,Droid Sans Fallback,NanumGothic,Noto Color Emoji"
        XCTAssertEqual(library.fallbackList(for: "DejaVu Sans"), "DejaVu Sans," + fallbacks)
        XCTAssertEqual(library.fallbackList(for: "dejavu serif"), "DejaVu Serif,DejaVu Sans," + fallbacks)
        XCTAssertEqual(library.fallbackList(for: "Helvetica"), "DejaVu Sans," + fallbacks, "an unknown family is DejaVu Sans")
        // A colour font is no text's family: its digits and spaces are keycap pictures.
        XCTAssertEqual(library.fallbackList(for: "Noto Color Emoji"), "DejaVu Sans," + fallbacks)
        XCTAssertEqual(library.family(for: "noto color emoji"), Label.defaultFamily)
        XCTAssertTrue(library.isColor("Noto Color Emoji"))
        XCTAssertFalse(library.isColor("DejaVu Sans"))
    }

    /// The characters no font of the set has, once each; what draws nothing by design is never missing.
    func testMissingNamesTheCharactersNoFontHas() {
        let library = FontLibrary.standard
        XCTAssertEqual(library.missing(in: "Hello 你好 مرحبا שלום नमस्ते Привет 🙂👍 👍🏽 👨\u{200D}👩 ❤\u{FE0F}\n\t"), [])
        XCTAssertEqual(library.missing(in: "a\u{0378}b\u{0378}\u{F0000}"), ["\u{0378}", "\u{F0000}"])
        XCTAssertEqual(library.missing(in: "안녕하세요"), [], "Korean has a default font")
        // Control characters other than tab and line breaks are drawn as boxes: missing.
        XCTAssertEqual(library.missing(in: "A\u{1B}B\u{07}C\u{7F}D\u{85}E\u{9B}F\u{0B}\u{0C}\r\n\t\u{2028}"),
                       ["\u{1B}", "\u{07}", "\u{7F}", "\u{85}", "\u{9B}", "\u{0B}", "\u{0C}"])
    }

    func testAFileThatIsNoFontIsListedUnreadable() throws {
        let dir = try temporaryDirectory()
        let bad = dir.appendingPathComponent("bad.ttf")
        try Data("not a font".utf8).write(to: bad)
        let real = FontLibrary.dejavuDirectory + "/DejaVuSerif.ttf"
        let library = FontLibrary(loading: [real, bad.path])
        XCTAssertEqual(library.unreadable, [bad.path])
        XCTAssertTrue(library.families.contains("DejaVu Serif"))
    }

    func testAScenesFontFileIsFoundBesideTheSceneAndLoaded() throws {
        let dir = try temporaryDirectory()
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("fonts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: FontLibrary.dejavuDirectory + "/DejaVuSansMono.ttf",
                                         toPath: dir.appendingPathComponent("fonts/Mine.ttf").path)
        let path = dir.appendingPathComponent("s.scene.yaml").path
        let (scene, diagnostics) = try resolve(label("    font: DejaVu Sans Mono\nfonts: [fonts/Mine.ttf]"), at: path)
        XCTAssertEqual(diagnostics.map(\.message), [])
        let resolved = try XCTUnwrap(scene)
        XCTAssertEqual(resolved.fonts.map(\.written), ["fonts/Mine.ttf"])
        XCTAssertEqual(resolved.fonts.map(\.path), [dir.path + "/fonts/Mine.ttf"])
        let library = FontLibrary.of(resolved)
        XCTAssertFalse(library === FontLibrary.standard, "a scene with fonts gets its own library")
        XCTAssertTrue(library.unreadable.isEmpty)
        XCTAssertTrue(library.has("DejaVu Sans Mono"))
    }

    func testAFileThatIsNoFontIsAnErrorAtItsEntry() throws {
        let dir = try temporaryDirectory()
        try Data("not a font".utf8).write(to: dir.appendingPathComponent("bad.ttf"))
        let path = dir.appendingPathComponent("s.scene.yaml").path
        let (scene, diagnostics) = try resolve("canvas: {width: 10, height: 10}\nfonts: [bad.ttf]\nviews: []\n", at: path)
        XCTAssertNil(scene)
        XCTAssertEqual(diagnostics.map(\.message), ["'bad.ttf' is not a font file fontconfig can read"])
        XCTAssertEqual(diagnostics.first?.range.start.line, 2)
    }

    func testAFamilyThatIsNotAvailableIsAWarningNamingTheFontUsed() throws {
        let (scene, diags) = try resolve(label("    font: Helvetica Neue"))
        XCTAssertNotNil(scene, "a warning, not an error")
        let d = try XCTUnwrap(diags.first)
        XCTAssertEqual(d.severity, .warning)
        XCTAssertEqual(d.message, "font 'Helvetica Neue' is not available; label 'caption' is drawn with DejaVu Sans")
        XCTAssertEqual(d.range.start.line, 7)
        XCTAssertTrue(d.notes.first?.contains("DejaVu Sans Mono") ?? false)
        XCTAssertTrue(try resolve(label("    font: dejavu serif")).diagnostics.isEmpty, "families match without case")
    }

    /// `font: Noto Color Emoji` would set digits, `#` and spaces as grey keycap pictures: a
    /// warning at the entry, and the text drawn with DejaVu Sans (its emoji still in colour).
    func testAColourEmojiFamilyIsAWarningAndTextKeepsTheDefaultFamily() throws {
        let (scene, diags) = try resolve(label("    font: Noto Color Emoji"))
        XCTAssertNotNil(scene, "a warning, not an error")
        XCTAssertEqual(diags.map(\.message), ["'Noto Color Emoji' is a colour emoji font, not one for text; label 'caption' is drawn with DejaVu Sans"])
        XCTAssertEqual(diags.first?.severity, .warning)
        XCTAssertEqual(diags.first?.range.start.line, 7)
    }

    func testAMissingFontFileIsAnErrorAtItsEntry() throws {
        let (scene, diags) = try resolve("canvas: {width: 10, height: 10}\nfonts: [fonts/Nope.ttf]\nviews: []\n")
        XCTAssertNil(scene)
        XCTAssertTrue(diags.first?.message.contains("font file 'fonts/Nope.ttf' not found") ?? false)
        XCTAssertEqual(diags.first?.range.start.line, 2)
        XCTAssertEqual(diags.first?.range.start.column, 9)
    }

    func testFontPathsAreRelativeToTheScenesFolder() {
        XCTAssertEqual(SceneFonts.path(of: "f/a.ttf", scenePath: "/p/s.scene.yaml"), "/p/f/a.ttf")
        XCTAssertEqual(SceneFonts.path(of: "/abs/a.ttf", scenePath: "/p/s.scene.yaml"), "/abs/a.ttf")
        XCTAssertEqual(SceneFonts.path(of: "a.ttf", scenePath: "s.scene.yaml"), "a.ttf", "a bare name: the working folder")
        XCTAssertEqual(SceneFonts.path(of: "a.ttf", scenePath: "/s.scene.yaml"), "/a.ttf")
        XCTAssertEqual(SceneFonts.path(of: "a.ttf", scenePath: "-"), "a.ttf", "standard input has no folder")
    }
}
