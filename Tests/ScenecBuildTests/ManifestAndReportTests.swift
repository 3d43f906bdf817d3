import XCTest
import ScenecBuild
import TestSupport

/// The manifest a build folder keeps and the reports a build writes, through their types.
final class ManifestAndReportTests: XCTestCase {
    func testAManifestRoundTripsAndAnotherVersionIsNotRead() throws {
        let project = try Project(self)
        try project.write("canvas: {width: 40, height: 40}\nviews:\n  - {type: clock, frame: {x: 0, y: 0, width: 40, height: 40}, time: now}\n",
                          "scenes/now.scene.yaml")
        var manifest = try XCTUnwrap(try project.build(try project.plan()).outcome.manifest)
        let entry: BuildManifest.Entry = try XCTUnwrap(manifest.scenes["now.scene.yaml"])
        let stored: BuildManifest.StoredDiagnostic = try XCTUnwrap(entry.warnings.first)
        XCTAssertTrue(stored.diagnostic.message.hasPrefix("time: now is the local time at render"), stored.message)
        XCTAssertEqual(BuildManifest.StoredDiagnostic(stored.diagnostic), stored)
        XCTAssertEqual(entry.outputs["now.png"]?.group, "png")
        XCTAssertEqual(entry.outputs["now.png"]?.size, try project.data("out/now.png").count)
        let saved = try XCTUnwrap(BuildManifest.decode([UInt8](project.data("out/.scenec-manifest.json"))))
        XCTAssertEqual(saved.scenes, manifest.scenes)
        XCTAssertEqual(BuildManifest.decode(manifest.encoded())?.scenes, manifest.scenes)
        manifest.version = BuildManifest.currentVersion - 1
        XCTAssertNil(BuildManifest.decode(manifest.encoded()), "a manifest of another version is rebuilt, not trusted")
        XCTAssertEqual(BuildManifest.fileName(shard: nil), ".scenec-manifest.json")
        XCTAssertEqual(BuildManifest.fileName(shard: try Shard("2/4")), ".scenec-manifest.2-of-4.json")
    }

    func testTheReportsCountEveryScene() throws {
        let project = try Project(self)
        try project.write(ringScene(0.5), "scenes/good.scene.yaml")
        try project.write(ringScene(2), "scenes/bad.scene.yaml")
        var plan = try project.plan()
        plan.keepGoing = true
        plan.reportPath = project.path("report.json")
        plan.junitPath = project.path("junit.xml")
        let result = try project.build(plan)
        XCTAssertEqual(result.outcome.kind, Build.Outcome.Kind.built)
        let report: BuildReport = try XCTUnwrap(result.outcome.report)
        XCTAssertEqual([report.count("built"), report.count("failed")], [1, 1])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: project.data("report.json")) as? [String: Any])
        XCTAssertEqual(json["scenec"] as? String, "test")
        XCTAssertEqual((json["summary"] as? [String: Any])?["failed"] as? Int, 1)
        let junit = try String(decoding: project.data("junit.xml"), as: UTF8.self)
        XCTAssertTrue(junit.contains("tests=\"2\" failures=\"1\""), junit)
        XCTAssertTrue(junit.contains("<failure type=\"error\" message=\"progress must be between 0 and 1"), junit)
    }
}
