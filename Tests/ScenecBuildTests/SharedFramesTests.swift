import XCTest
import ScenecBuild
import SceneRender
import TestSupport

/// `build --animated frames` with several formats: the frames of every format share the
/// scene's `NAME.frames/` folder (`0000.png`, `0000.svg`), which is no collision, and the
/// up-to-date check, the stale list and `--prune` treat each format's frames as its own.
final class SharedFramesTests: XCTestCase {
    func framesPlan(_ project: Project, _ formats: [OutputFormat]) throws -> BuildPlan {
        var plan = try project.plan()
        plan.formats = formats
        plan.animated = .frames
        return plan
    }

    func testFramesInTwoFormatsShareTheFolderAndDroppingOneMarksOnlyItsFramesStale() throws {
        let project = try Project(self)
        try project.write(fadeScene(to: "#ff0000"), "scenes/fade.scene.yaml")
        let first = try project.build(try framesPlan(project, [.png, .svg]))
        XCTAssertEqual(first.status, .success, first.diagnosticsText)
        let frames = (0..<5).map { String(format: "fade.frames/%04d", $0) }
        XCTAssertEqual(project.outputs(), (["fade.png", "fade.svg"] + frames.flatMap { [$0 + ".png", $0 + ".svg"] }).sorted())
        // Each format's frames are that format's, of the right frame: the square is blue at the
        // start and red at the end, in the PNG read back and in the SVG drawn by rsvg-convert.
        XCTAssertEqual(rgb(try readPNG(project.url("out/fade.frames/0000.png")), 25, 10), [0, 0, 255])
        XCTAssertEqual(rgb(try readPNG(project.url("out/fade.frames/0004.png")), 25, 10), [255, 0, 0])
        try runTool("rsvg-convert", [project.path("out/fade.frames/0004.svg"), "-o", project.path("last-svg.png")])
        XCTAssertEqual(rgb(try readPNG(project.url("last-svg.png")), 25, 10), [255, 0, 0])

        // Nothing to do the second time: the frames of both formats are intact.
        let before = try project.mtimes()
        let again = try project.build(try framesPlan(project, [.png, .svg]))
        XCTAssertTrue(again.summary.contains("0 built, 1 up to date, 0 failed"), again.summary)
        XCTAssertEqual(try project.mtimes(), before)

        // SVG dropped: the PNG frames are still up to date; the SVG frames (and still) alone are stale.
        let pngOnly = try project.build(try framesPlan(project, [.png]))
        XCTAssertTrue(pngOnly.summary.contains("0 built, 1 up to date, 0 failed, 6 stale outputs"), pngOnly.summary)
        let svgFiles = ["fade.svg"] + frames.map { $0 + ".svg" }
        XCTAssertEqual(pngOnly.stale(removed: false),
                       Dictionary(uniqueKeysWithValues: svgFiles.map { (project.path("out/" + $0), "format no longer requested") }))
        // Still up to date the time after, the stale list unchanged.
        let listed = try project.build(try framesPlan(project, [.png]))
        XCTAssertTrue(listed.summary.contains("0 built, 1 up to date, 0 failed, 6 stale outputs"), listed.summary)

        // --prune removes exactly the SVG frames; the folder stays with the PNG frames.
        var prune = try framesPlan(project, [.png])
        prune.prune = true
        let pruned = try project.build(prune)
        XCTAssertEqual(Set(pruned.stale(removed: true).keys), Set(svgFiles.map { project.path("out/" + $0) }))
        XCTAssertEqual(project.outputs(), (["fade.png"] + frames.map { $0 + ".png" }).sorted())
        XCTAssertEqual(try project.mtimes().filter { $0.key.hasSuffix(".png") }, before.filter { $0.key.hasSuffix(".png") })
        let clean = try project.build(try framesPlan(project, [.png]))
        XCTAssertTrue(clean.summary.hasPrefix("scenec build: 0 built, 1 up to date, 0 failed ("), clean.summary)

        // SVG asked for again: only its frames are made; the PNG frames are not written again.
        let back = try project.build(try framesPlan(project, [.svg, .png]))
        XCTAssertTrue(back.summary.contains("1 built, 0 up to date"), back.summary)
        XCTAssertEqual(try project.mtimes().filter { $0.key.hasSuffix(".png") }, before.filter { $0.key.hasSuffix(".png") })
        XCTAssertEqual(project.outputs().count, 12)
    }

    /// Two scenes still may not share a frames folder, nor one scene's frames hold another's file.
    func testAnotherScenesFileInTheFramesFolderIsStillACollision() throws {
        let project = try Project(self)
        try project.write(fadeScene(to: "#ff0000"), "scenes/a.scene.yaml")
        try project.write(ringScene(0.5), "scenes/a.frames/0000.scene.yaml")
        let run = try project.build(try framesPlan(project, [.png, .svg]))
        XCTAssertEqual(run.status, .sceneError)
        XCTAssertTrue(run.diagnosticsText.contains("would write 'a.frames/0000.svg' inside 'a.frames/'"), run.diagnosticsText)
        XCTAssertFalse(run.diagnosticsText.contains("'\(project.path("scenes/a.scene.yaml"))' and '\(project.path("scenes/a.scene.yaml"))'"),
                       run.diagnosticsText)
    }
}
