import Foundation
import ScenecKit
import XCTest

/// A scene draws with its own font files (`fonts:`, found beside the scene, not in the working
/// directory) and is warned of a family it lacks: loaded and rendered in process, as `scenec
/// render` and `check` do. (Renders across runs, `--jobs` and the machine's fontconfig stay in
/// ScenecCLITests/TextCommandTests.)
final class SceneFontFilesTests: XCTestCase {
    func testASceneDrawsWithItsOwnFontFilesAndWarnsOfNone() throws {
        let dir = try FontFixtures.probeFolder(self)
        // The working directory is the package's: font paths are relative to the scene.
        let own = try SceneFile(contentsOf: try write(FontFixtures.probeScene(font: "Scenec Probe"), "own.scene.yaml", in: dir))
        XCTAssertEqual(own.diagnostics, [], "the family is the scene's own: no warning")
        let fallback = try SceneFile(contentsOf: try write(FontFixtures.probeScene(font: "DejaVu Sans", fonts: false),
                                                           "fallback.scene.yaml", in: dir))
        XCTAssertNotEqual(try own.render(.png), try fallback.render(.png), "serif glyphs, not DejaVu Sans")

        let missing = try SceneFile(contentsOf: try write(FontFixtures.probeScene(font: "Scenec Probe", fonts: false),
                                                          "missing.scene.yaml", in: dir))
        let printed = missing.diagnostics.map(\.formatted).joined()
        XCTAssertEqual(missing.diagnostics.map(\.severity).first, .warning, "a warning")
        XCTAssertTrue(printed.contains("warning: font 'Scenec Probe' is not available; ring 'download' is drawn with DejaVu Sans"), printed)
    }
}
