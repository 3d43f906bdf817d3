import XCTest
import ScenecBuild
import TestSupport

/// `build --preview`: a static sheet per scene beside its outputs, owned and keyed by the
/// manifest like every other output (moved from ScenecCLITests.BuildPreviewTests).
final class BuildPreviewTests: XCTestCase {
    func testASheetPerSceneIsBuiltKeptAndThenReportedStale() throws {
        let project = try Project(self)
        for name in ["showcase", "anim-ring-fill"] {
            try FileManager.default.createDirectory(at: project.url("scenes"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("scenes/\(name).scene.yaml"),
                                             to: project.url("scenes/\(name).scene.yaml"))
        }
        var plan = try project.plan()
        plan.formats = [.svg]
        plan.preview = true
        let first = try project.build(plan)
        XCTAssertEqual(first.status, .success, first.diagnosticsText)
        XCTAssertEqual(project.outputs(), [
            "anim-ring-fill.preview.html", "anim-ring-fill.svg", "showcase.preview.html", "showcase.svg",
        ])
        // The sheet's picture is the still the build wrote, inline.
        let sheet = try String(contentsOf: project.url("out/showcase.preview.html"), encoding: .utf8)
        let still = try String(contentsOf: project.url("out/showcase.svg"), encoding: .utf8)
        XCTAssertTrue(sheet.contains("<figure class=\"scene\">\(still)</figure>"))
        XCTAssertTrue(try String(contentsOf: project.url("out/anim-ring-fill.preview.html"), encoding: .utf8).contains("id=\"scrubber\""))
        XCTAssertEqual(first.outcome.manifest?.scenes["showcase.scene.yaml"]?.outputs["showcase.preview.html"]?.group, "sheet")

        XCTAssertTrue(try project.build(plan).summary.contains("0 built, 2 up to date"))
        plan.preview = false
        let without = try project.build(plan)
        XCTAssertEqual(without.stale(removed: false)[project.path("out/showcase.preview.html")], "not asked for by --preview")
    }
}
