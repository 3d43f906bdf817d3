import XCTest

/// A scene's imported files are among its inputs: editing one renders again in `render --watch`
/// and the preview (`build` and its Ninja file: ScenecBuildTests).
final class ImportRebuildTests: XCTestCase {
    func setUpScenes(_ dir: URL) throws {
        let scenes = dir.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try theme("red", in: dir)
        try "imports: [theme.yaml]\ncanvas: {width: 20, height: 20}\nviews:\n  - {type: ring, style: t, frame: {x: 0, y: 0, width: 20, height: 20}, progress: 0.5}\n"
            .write(to: scenes.appendingPathComponent("a.scene.yaml"), atomically: true, encoding: .utf8)
        try "canvas: {width: 20, height: 20}\nviews: []\n"
            .write(to: scenes.appendingPathComponent("b.scene.yaml"), atomically: true, encoding: .utf8)
    }

    func theme(_ color: String, in dir: URL) throws {
        try "styles:\n  t: {progressColor: \(color)}\n"
            .write(to: dir.appendingPathComponent("scenes/theme.yaml"), atomically: true, encoding: .utf8)
    }

    func testRenderWatchRendersAgainWhenAnImportedFileIsSaved() throws {
        let dir = try temporaryDirectory(self)
        try setUpScenes(dir)
        let (process, log) = try startWatching(["render", "scenes/a.scene.yaml", "-o", "a.png", "--watch"], in: dir)
        defer { process.interrupt(); process.waitUntilExit() }
        eventually("the first render") { runs(log) == 1 }
        try theme("blue", in: dir)
        eventually("the render after the theme changed") { runs(log) == 2 }
    }
}

extension ImportRebuildTests {
    /// The preview reads the scene's imports, and a save of one is a new version of the scene.
    func testPreviewFollowsAnImportedFile() throws {
        let dir = try temporaryDirectory(self)
        try setUpScenes(dir)
        let preview = try RunningPreview(self, scene: dir.appendingPathComponent("scenes/a.scene.yaml").path)
        let first = try preview.get("/api/render.svg")
        XCTAssertEqual(first.status, 200, preview.stderr)
        try theme("blue", in: dir)
        let deadline = Date().addingTimeInterval(10)
        var changed = false
        while Date() < deadline, !changed {
            Thread.sleep(forTimeInterval: 0.05)
            changed = try preview.get("/api/render.svg").body != first.body
        }
        XCTAssertTrue(changed, "the picture did not follow the imported file: \(preview.stderr)")
    }
}
