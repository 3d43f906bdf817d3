import XCTest
import SceneReview
import ScenecBuild
import TestSupport

/// The other destinations (an asset catalog, Android resources) and the review against a
/// baseline, in-process.
final class DestinationAndReviewTests: XCTestCase {
    func testAnAssetCatalogHasAnImageSetPerSceneAndIsIncremental() throws {
        let project = try Project(self)
        try project.write(ringScene(0.5), "scenes/icons/ring.scene.yaml")
        var plan = try project.plan(out: "Assets.xcassets")
        plan.destination = BuildDestination.assetCatalog(.png, scales: [1, 2])
        XCTAssertEqual(plan.groups(hasTimeline: false).map(\.name), ["imageset.png"])
        let first = try project.build(plan)
        XCTAssertEqual(first.status, .success, first.diagnosticsText)
        XCTAssertEqual(project.outputs("Assets.xcassets"),
                       ["Contents.json", "ring.imageset/Contents.json", "ring.imageset/ring.png", "ring.imageset/ring@2x.png"])
        let contents = try String(decoding: project.data("Assets.xcassets/ring.imageset/Contents.json"), as: UTF8.self)
        XCTAssertTrue(contents.contains("\"scale\" : \"2x\""), contents)
        XCTAssertTrue(try project.build(plan).summary.hasPrefix("scenec build: 0 built, 1 up to date"))
    }

    func testAndroidResourcesHaveADrawablePerDensityAndRefuseNamesAndroidCannotTake() throws {
        let project = try Project(self)
        try project.write(ringScene(0.5), "scenes/Download-Ring.scene.yaml")
        var plan = try project.plan(out: "res")
        plan.destination = .androidResources
        XCTAssertEqual(plan.destination.largestScale, 4)
        XCTAssertEqual(try project.build(plan).status, .success)
        XCTAssertEqual(project.outputs("res"), ["mdpi", "hdpi", "xhdpi", "xxhdpi", "xxxhdpi"].map { "drawable-\($0)/download_ring.png" }.sorted())
        let bad = SceneEntry(path: "scenes/class.scene.yaml", relativePath: "class.scene.yaml")
        XCTAssertEqual(BuildDestination.androidResources.nameProblems([bad]).count, 1)
        XCTAssertEqual(BuildDestination.folder.nameProblems([bad]), [])
    }

    /// A build reviewed against another folder: what changed is told as events and, with
    /// fail-on-change, fails the build; the report is written beneath the folder.
    func testTheReviewTellsWhatChangedAgainstTheBaseline() throws {
        let project = try Project(self)
        try project.write(ringScene(0.25), "scenes/a.scene.yaml")
        try project.write(ringScene(0.5), "scenes/b.scene.yaml")
        XCTAssertEqual(try project.build(try project.plan(out: "main")).status, .success)
        try project.write(ringScene(0.75), "scenes/b.scene.yaml")
        var plan = try project.plan(out: "pr")
        plan.review = ReviewOptions(baseline: project.path("main"), threshold: ReviewThreshold(), reportDirectory: project.path("pr/.scenec-review"),
                                    reportInsideOutput: ".scenec-review", failOnChange: true)
        let reviewed = try project.build(plan)
        XCTAssertEqual(reviewed.status, .sceneError, "fail-on-change and b changed")
        let verdicts = reviewed.events.compactMap { event -> String? in
            guard case .reviewed(let verdict, let path, _) = event else { return nil }
            return "\(verdict.rawValue) \(path)"
        }
        XCTAssertEqual(verdicts, ["changed \(project.path("pr"))/b.png"])
        guard case .reviewDone(let baseline, let counts, let report) = reviewed.events.last else {
            return XCTFail("the review's last event: \(reviewed.events)")
        }
        XCTAssertEqual(baseline, project.path("main"))
        XCTAssertTrue(counts.contains("1 changed"), counts)
        XCTAssertEqual(report, project.path("pr/.scenec-review/index.html"))
        XCTAssertTrue(project.exists("pr/.scenec-review/summary.json"))
    }
}
