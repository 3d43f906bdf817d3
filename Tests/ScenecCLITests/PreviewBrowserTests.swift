import Foundation
import XCTest

/// The preview page in a real browser: Tests/Browser/preview_test.py drives Debian's headless
/// Chromium with selenium against `scenec preview` (the Makefile installs chromium,
/// chromium-driver and python3-selenium). A missing browser fails the test rather than
/// skipping it, so `make test` never passes without having run it.
final class PreviewBrowserTests: XCTestCase {
    func testThePageDrivenByHeadlessChromium() throws {
        try runBrowserScript("preview_test.py", passes: "all browser checks passed")
    }

    /// Issue 23, acceptance 1: the colour control keeps systemBlue and light/dark pairs in both
    /// appearances, and "Write to file" writes the form chosen (Tests/Browser/preview_color_test.py).
    func testTheColourControlKeepsNamesAndPairs() throws {
        try runBrowserScript("preview_color_test.py", passes: "all colour checks passed")
    }

    /// Issue 21's attacks on the preview: the token in the cookie jar or sent to another port,
    /// the API without it, a symbolic link swapped under `/api/write`, a read-only scene.
    func testTheTokenStaysOutOfCookiesAndWritesAreGuarded() throws {
        try runBrowserScript("preview_guard_test.py", passes: "all guard checks passed")
    }

    /// Issue 27, acceptance 1–3: drag, nudge, snap with a guide, resize and rotate on the canvas,
    /// each written in the frame's own form; a stack's child read-only and reordered in the tree
    /// (Tests/Browser/preview_canvas_test.py).
    func testTheCanvasMovesResizesAndReorders() throws {
        try runBrowserScript("preview_canvas_test.py", passes: "all canvas checks passed")
    }

    /// Issue 27, part 3: undo/redo of overrides and of a write (the file back byte for byte, 409
    /// after an outside change), the write's diff first, and every shortcut of the `?` panel
    /// (Tests/Browser/preview_history_test.py).
    func testUndoRedoTheWritesDiffAndTheShortcuts() throws {
        try runBrowserScript("preview_history_test.py", passes: "all history checks passed")
    }

    /// Issue 27, acceptance 4: every inspector control has a name in Chromium's accessibility
    /// tree, the kind's own rows come first, steps and ranges by key presses, derived defaults,
    /// the font menu, the error box below the picture, and a file changed on disk showing both
    /// the override and the file's value (Tests/Browser/preview_inspector_test.py).
    func testTheInspectorIsOrderedNamedAndKeepsOverridesOnReload() throws {
        try runBrowserScript("preview_inspector_test.py", passes: "all inspector checks passed")
    }

    /// The Export menu: PNG 1×/2×/3×, SVG, PDF, and GIF, WebP and the flipbook for an animated
    /// scene, each download byte-identical to `scenec render` / `scenec frames` run as a process
    /// with the same --set, --time, --scale and --appearance (Tests/Browser/preview_export_test.py).
    func testExportDownloadsWhatRenderAndFramesWrite() throws {
        try runBrowserScript("preview_export_test.py", passes: "all export checks passed")
    }

    /// Issue 28, acceptance 1: at 1400×900 the picture and a 2×3 variants grid with value headers
    /// both in the viewport, the canvas's edge drawn, Picture | Grid | Both, and A pinned and
    /// compared with the live state by wipe and onion skin, probed in screenshots
    /// (Tests/Browser/preview_compare_test.py).
    func testTheVariantsGridHasHeadersAndAPinnedStateComparesByWipeAndOnion() throws {
        try runBrowserScript("preview_compare_test.py", passes: "all compare checks passed")
    }

    /// Issue 28, acceptance 2: `preview scenes/` lists every scene (errors marked), opens each in
    /// a live page with a scene menu, and its styles panel edits `brand` for every view using it
    /// and writes the imported file that defines it, 409 after an outside change
    /// (Tests/Browser/preview_folder_test.py).
    func testAFolderOfScenesWithItsBrowserAndStylesPanel() throws {
        try runBrowserScript("preview_folder_test.py", passes: "all folder checks passed")
    }

    /// Issue 28, part 5: PNGs at the shown scale while a control changes and the SVG once it
    /// stops; playback fetching ahead and showing every frame of a 30 fps timeline in order; the
    /// page opening at canvas.poster (Tests/Browser/preview_speed_test.py).
    func testChangesShowPNGsPlaybackShowsEveryFrameAndThePageOpensAtThePoster() throws {
        try runBrowserScript("preview_speed_test.py", passes: "all speed checks passed")
    }

    /// Issue 29: `preview scenes/meters.scene.yaml` draws its instances; a drag of a view inside
    /// an instance is refused when written, with edit's message, the file untouched; an argument
    /// set in the inspector's Arguments section is written in the instance
    /// (Tests/Browser/preview_components_test.py).
    func testComponentsInThePreview() throws {
        try runBrowserScript("preview_components_test.py", passes: "all component checks passed")
    }

    private func runBrowserScript(_ name: String, passes: String) throws {
        for needed in ["/usr/bin/python3", "/usr/bin/chromium", "/usr/bin/chromedriver"] {
            XCTAssertTrue(FileManager.default.isExecutableFile(atPath: needed),
                          "\(needed) is missing: run make deps (chromium chromium-driver python3-selenium)")
        }
        let script = repositoryRoot.appendingPathComponent("Tests/Browser/\(name)").path
        let result = try runProgram(URL(fileURLWithPath: "/usr/bin/python3"),
                                    [script, scenecBinary().path, repositoryRoot.path], timeout: 120)
        let output = result.stdoutText + result.stderr
        XCTAssertEqual(result.status, 0, output)
        XCTAssertTrue(result.stdoutText.contains(passes), output)
    }
}
