import XCTest
import ScenecBuild
import TestSupport
import ScenecKit
import SceneCheck

/// The runs of `frames`, `render`, `export`, `edit` and `preview --static` in-process: what
/// they write and what they tell the sink.
final class OutputRunTests: XCTestCase {
    let moving = """
        canvas: {width: 20, height: 20}
        views:
          - {id: r, type: ring, frame: {x: 0, y: 0, width: 20, height: 20}}
        timeline:
          fps: 4
          animations: [{target: r.progress, from: 0, to: 1, duration: 1s}]
        """

    func testFramesAreWrittenByTheirPatternAndAFlipbookIsOneFile() throws {
        let project = try Project(self)
        try project.write(moving, "a.scene.yaml")
        let pattern = try XCTUnwrap(try FramePattern(project.path("frames/f-%02d.png")))
        XCTAssertEqual(pattern.path(for: 3), project.path("frames/f-03.png"))
        var plan = FramesPlan(scenePath: project.path("a.scene.yaml"), output: .frames(pattern, .png),
                              outputPath: project.path("frames/f-%02d.png"), scene: try project.settings())
        plan.jobs = 2
        plan.quiet = true
        plan.range = "1-3"
        let log = EventLog()
        var finished = 0
        XCTAssertEqual(try plan.run(sink: log.record) { finished += 1 }, .success)
        XCTAssertEqual(finished, 1, "the diagnostics are written once")
        XCTAssertEqual(project.outputs("frames"), ["f-01.png", "f-02.png", "f-03.png"])

        plan.output = .flipbook(project.path("book.pdf"))
        plan.range = nil
        XCTAssertEqual(try plan.run(sink: log.record) {}, .success)
        XCTAssertTrue(try project.data("book.pdf").starts(with: Data("%PDF".utf8)))
        plan.range = "9-12"
        XCTAssertThrowsError(try plan.run(sink: log.record) {}) { error in
            XCTAssertTrue(error is PlanError, "\(error)")
        }
        XCTAssertThrowsError(try FramePattern("f-%x.png"))
    }

    func testRenderWritesEveryTargetOrNothing() throws {
        let project = try Project(self)
        try project.write(ringScene(0.5), "a.scene.yaml")
        let targets = [PicturePlan.Target(path: project.path("a.png"), format: .png),
                       PicturePlan.Target(path: project.path("a@2x.png"), format: .png, scale: 2),
                       PicturePlan.Target(path: project.path("a.svg"), format: .svg)]
        let plan = PicturePlan(scenePath: project.path("a.scene.yaml"), targets: targets, scene: try project.settings())
        XCTAssertEqual(try plan.run(sink: EventLog().record) {}, .success)
        XCTAssertEqual(project.outputs("."), ["a.png", "a.scene.yaml", "a.svg", "a@2x.png"])

        try project.write(ringScene(2), "bad.scene.yaml")
        let bad = PicturePlan(scenePath: project.path("bad.scene.yaml"), targets: [.init(path: project.path("bad.png"), format: .png)],
                              scene: try project.settings())
        let log = EventLog()
        XCTAssertEqual(try bad.run(sink: log.record) {}, .sceneError)
        guard case .diagnostics(let list, _) = log.all.first else { return XCTFail("no diagnostics: \(log.all)") }
        XCTAssertEqual(list.first?.severity, .error)
        XCTAssertFalse(project.exists("bad.png"))

        // A scene that cannot be read: its LoadFailure carries the exit status.
        let settings = try project.settings()
        guard case .failure(let failure) = settings.load(project.path("missing.scene.yaml"), sink: log.record) else {
            return XCTFail("a missing scene loaded")
        }
        XCTAssertEqual((failure as LoadFailure).status, .io)
        guard case SceneSettings.ReadOutcome.bytes(let bytes) = settings.read(project.path("a.scene.yaml")) else {
            return XCTFail("the scene was not read")
        }
        XCTAssertEqual(bytes, [UInt8](try project.data("a.scene.yaml")))
    }

    func testExportEditAndThePreviewSheetWriteTheirFiles() throws {
        let project = try Project(self)
        try project.write(moving, "a.scene.yaml")
        let settings = try project.settings()
        let export = LottieExport(scenePath: project.path("a.scene.yaml"), output: project.path("a.json"), scene: settings)
        XCTAssertEqual(try export.run(sink: EventLog().record) {}, .success)
        let lottie = try XCTUnwrap(JSONSerialization.jsonObject(with: project.data("a.json")) as? [String: Any])
        XCTAssertEqual(lottie["fr"] as? Double, 4)

        let sheet = PreviewSheet(scenePath: project.path("a.scene.yaml"), output: project.path("a.html"), scene: settings,
                                 overrides: [], variants: .empty, time: "0.5s")
        XCTAssertEqual(try sheet.run(sink: EventLog().record) {}, .success)
        XCTAssertTrue(try String(decoding: project.data("a.html"), as: UTF8.self).hasPrefix("<!doctype html>"))

        var editing = settings
        editing.frontend.options.overrides = try OverrideList.parse(["r.lineWidth=3"]).get()
        var edit = SceneFileEdit(path: project.path("a.scene.yaml"), scene: editing)
        edit.dryRun = true
        let diffs = DiffLog()
        edit.showDiff = diffs.record
        XCTAssertEqual(try edit.run(sink: EventLog().record) {}, .success)
        XCTAssertTrue(diffs.text.contains("lineWidth: 3"), diffs.text)
        XCTAssertEqual(try String(contentsOf: project.url("a.scene.yaml"), encoding: .utf8), moving, "a dry run writes nothing")
    }
}

/// The diffs an edit shows.
final class DiffLog {
    var text = ""
    func record(_ bytes: [UInt8]) -> Bool {
        text += String(decoding: bytes, as: UTF8.self)
        return true
    }
}
