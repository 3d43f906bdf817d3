import XCTest
import ScenecBuild
import TestSupport

/// `scenec build` through the library: whole trees, incremental, stopping or going on after a
/// failure, stale outputs and `--prune` (moved from ScenecCLITests.BuildCommandTests, which now
/// keeps only what needs the process).
final class IncrementalBuildTests: XCTestCase {
    /// 20 scenes in three directories; 3 of them bad.
    func makeTree() throws -> Project {
        let project = try Project(self)
        for i in 0..<20 {
            let dir = ["", "a/", "a/b/"][i % 3]
            let text: String
            switch i {
            case 4: text = "canvas: {width: 40, height: 40}\nviews:\n  - {type: rng, frame: {x: 0, y: 0, width: 40, height: 40}}\n"
            case 9: text = "canvas: {width: 40, height: 40}\nviews:\n  - {type: ring, frame: {x: 0, y: 0, width: 40, height: 40}, progress: 2}\n"
            case 14: text = "canvas: {width: 40, height: 40}\nviews: [\n"
            default: text = ringScene(Double(i) / 20)
            }
            try project.write(text, "scenes/\(dir)s\(i).scene.yaml")
        }
        return project
    }

    func testKeepGoingBuildsGoodScenesMirrorsLayoutAndReportsBadOnes() throws {
        let project = try makeTree()
        var plan = try project.plan()
        plan.formats = [.png, .svg]
        plan.keepGoing = true
        let first = try project.build(plan)
        XCTAssertEqual(first.status, .sceneError)
        let files = project.outputs()
        XCTAssertEqual(files.count, 34, "17 good scenes × 2 formats: \(files)")
        XCTAssertTrue(files.contains("s0.png"))
        XCTAssertTrue(files.contains("a/s1.svg"))
        XCTAssertTrue(files.contains("a/b/s2.png"))
        XCTAssertFalse(files.contains { $0.hasPrefix("a/s4.") || $0.hasPrefix("s9.") || $0.hasPrefix("a/b/s14.") })
        XCTAssertTrue(first.diagnosticsText.contains("scenes/a/s4.scene.yaml:3:12: error: unknown view type 'rng'"), first.diagnosticsText)
        XCTAssertTrue(first.diagnosticsText.contains("scenes/s9.scene.yaml:3:72: error: progress must be between 0 and 1"),
                      first.diagnosticsText)
        XCTAssertTrue(first.diagnosticsText.contains("scenes/a/b/s14.scene.yaml:"), first.diagnosticsText)
        XCTAssertTrue(first.summary.hasPrefix("scenec build: 17 built, 0 up to date, 3 failed"), first.summary)
        XCTAssertEqual(first.outcome.report?.count("built"), 17)

        // A second run renders nothing: every good scene is up to date, no file is rewritten.
        let before = try project.mtimes()
        Thread.sleep(forTimeInterval: 0.05)
        let second = try project.build(plan)
        XCTAssertEqual(second.status, .sceneError)
        XCTAssertTrue(second.summary.hasPrefix("scenec build: 0 built, 17 up to date, 3 failed"), second.summary)
        XCTAssertEqual(try project.mtimes(), before)

        // Changing one scene rebuilds exactly that one.
        try project.write(ringScene(0.5), "scenes/a/s7.scene.yaml")
        let third = try project.build(plan)
        XCTAssertTrue(third.summary.hasPrefix("scenec build: 1 built, 16 up to date, 3 failed"), third.summary)
        let after = try project.mtimes()
        XCTAssertEqual(Set(after.keys.filter { after[$0] != before[$0] }), ["a/s7.png", "a/s7.svg"])

        // A new format builds that format of every scene; the others are listed as stale.
        plan.formats = [.pdf]
        let pdf = try project.build(plan)
        XCTAssertTrue(pdf.summary.hasPrefix("scenec build: 17 built"), pdf.summary)
        XCTAssertEqual(pdf.stale(removed: false)[project.path("out/a/s7.svg")], "format no longer requested")
        XCTAssertEqual(try project.mtimes()["a/s7.png"], after["a/s7.png"], "the PNG is not rewritten")
    }

    func testWithoutKeepGoingItStopsAtTheFirstFailure() throws {
        let project = try makeTree()
        var plan = try project.plan()
        plan.jobs = 1
        let result = try project.build(plan)
        XCTAssertEqual(result.status, .sceneError)
        XCTAssertTrue(result.summary.contains("not started"), result.summary)
        XCTAssertGreaterThan(result.outcome.report?.count("not-started") ?? 0, 0)
        XCTAssertLessThan(project.outputs().count, 17)
    }

    func testRemovedScenesAreReportedAndPruned() throws {
        let project = try makeTree()
        var plan = try project.plan()
        plan.keepGoing = true
        try project.build(plan)
        try project.remove("scenes/s0.scene.yaml")
        let report = try project.build(plan)
        XCTAssertEqual(report.stale(removed: false), [project.path("out/s0.png"): "the scene was removed"])
        XCTAssertTrue(report.summary.contains("1 removed scene, 1 stale output"), report.summary)
        XCTAssertTrue(project.exists("out/s0.png"))
        plan.prune = true
        let prune = try project.build(plan)
        XCTAssertEqual(prune.stale(removed: true), [project.path("out/s0.png"): "the scene was removed"])
        XCTAssertFalse(project.exists("out/s0.png"))
        // Only the removed scene's output went: the others are all still there.
        XCTAssertEqual(project.outputs().count, 16)
        XCTAssertEqual(prune.outcome.manifest?.scenes["s0.scene.yaml"], nil)
    }

    /// An output changed on disk is not what the build wrote: the next build writes it again,
    /// and only it.
    func testAnOutputEditedOnDiskIsRebuilt() throws {
        let project = try Project(self)
        try project.write(ringScene(0.25), "scenes/a.scene.yaml")
        try project.write(ringScene(0.75), "scenes/b.scene.yaml")
        var plan = try project.plan()
        plan.formats = [.png, .svg]
        try project.build(plan)
        let good = try project.data("out/a.png")
        try Data("garbage".utf8).write(to: project.url("out/a.png"))
        let again = try project.build(plan)
        XCTAssertTrue(again.summary.hasPrefix("scenec build: 1 built, 1 up to date, 0 failed"), again.summary)
        XCTAssertEqual(try project.data("out/a.png"), good)
    }

    /// What the bytes depend on is in the keys: another `--scale` rebuilds the PNGs alone,
    /// another renderer everything.
    func testAChangedOptionRebuildsWhatDependsOnIt() throws {
        let project = try Project(self)
        try project.write(ringScene(0.25), "scenes/a.scene.yaml")
        var plan = try project.plan()
        plan.formats = [.png, .svg]
        try project.build(plan)
        let before = try project.mtimes()
        Thread.sleep(forTimeInterval: 0.05)
        plan.scale = 2
        let scaled = try project.build(plan)
        XCTAssertTrue(scaled.summary.hasPrefix("scenec build: 1 built"), scaled.summary)
        let after = try project.mtimes()
        XCTAssertNotEqual(after["a.png"], before["a.png"])
        XCTAssertEqual(after["a.svg"], before["a.svg"], "SVG does not depend on --scale")
        plan.renderer = "another renderer"
        try project.build(plan)
        XCTAssertNotEqual(try project.mtimes()["a.svg"], before["a.svg"])
        XCTAssertTrue(try project.build(plan).summary.hasPrefix("scenec build: 0 built, 1 up to date"))
    }

    /// A failing scene's diagnostics arrive as one event, before the summary.
    func testAFailingScenesDiagnosticsArriveAsAnEventBeforeTheSummary() throws {
        let project = try Project(self)
        try project.write(ringScene(2), "scenes/bad.scene.yaml")
        try project.write(ringScene(0.5), "scenes/good.scene.yaml")
        var plan = try project.plan()
        plan.keepGoing = true
        let result = try project.build(plan)
        XCTAssertEqual(result.status, .sceneError)
        let diagnostics = result.events.enumerated().compactMap { index, event -> (Int, String, [String])? in
            guard case .diagnostics(let list, let file) = event else { return nil }
            return (index, file.name, list.map(\.message))
        }
        XCTAssertEqual(diagnostics.count, 1)
        XCTAssertEqual(diagnostics.first?.1, project.path("scenes/bad.scene.yaml"))
        XCTAssertEqual(diagnostics.first?.2.count, 1)
        XCTAssertTrue(diagnostics.first?.2.first?.hasPrefix("progress must be between 0 and 1") == true, "\(diagnostics)")
        let summaryIndex = try XCTUnwrap(result.events.firstIndex { if case .summary = $0 { return true } else { return false } })
        XCTAssertLessThan(diagnostics[0].0, summaryIndex)
        XCTAssertEqual(summaryIndex, result.events.count - 1, "the summary is the last event")
        XCTAssertTrue(result.summary.hasPrefix("scenec build: 1 built, 0 up to date, 1 failed"), result.summary)
        XCTAssertEqual(result.outcome.report?.scenes.first { $0.relativePath == "bad.scene.yaml" }?.status, "failed")
    }
}

extension IncrementalBuildTests {
    /// A scene's imported files are among its inputs: editing one rebuilds exactly the scenes
    /// that import it (moved from ScenecCLITests.ImportRebuildTests).
    func testBuildRebuildsExactlyTheScenesThatImportAnEditedFile() throws {
        let project = try Project(self)
        try project.write("styles:\n  t: {progressColor: red}\n", "scenes/theme.yaml")
        try project.write("imports: [theme.yaml]\ncanvas: {width: 20, height: 20}\nviews:\n  - {type: ring, style: t, frame: {x: 0, y: 0, width: 20, height: 20}, progress: 0.5}\n",
                          "scenes/a.scene.yaml")
        try project.write("canvas: {width: 20, height: 20}\nviews: []\n", "scenes/b.scene.yaml")
        let plan = try project.plan()
        func build() throws -> String {
            let result = try project.build(plan)
            XCTAssertEqual(result.status, .success, result.diagnosticsText)
            return result.summary
        }
        XCTAssertTrue(try build().contains("2 built, 0 up to date"))
        XCTAssertTrue(try build().contains("0 built, 2 up to date"))
        let before = try project.data("out/a.png")
        try project.write("styles:\n  t: {progressColor: blue}\n", "scenes/theme.yaml")
        XCTAssertTrue(try build().contains("1 built, 1 up to date"))
        XCTAssertNotEqual(try project.data("out/a.png"), before)
    }
}
