import XCTest
import ScenecBuild
import TestSupport
import ScenecKit
import SceneCheck

/// `scenec build` as CI relies on it, in-process: the key names everything that changes the
/// bytes, stale outputs are listed until pruned, ambiguous inputs are refused, shard manifests
/// merge (moved from ScenecCLITests.BuildTrustTests, which keeps what needs the process).
final class BuildTrustTests: XCTestCase {
    /// `n` good scenes under scenes/, in two folders.
    func makeScenes(_ project: Project, count n: Int) throws {
        for i in 0..<n { try project.write(ringScene(Double(i) / Double(n)), "scenes/\(i % 2 == 0 ? "" : "b/")s\(i).scene.yaml") }
    }

    func testAnOutputReplacedByGarbageIsRebuilt() throws {
        let project = try Project(self)
        try makeScenes(project, count: 3)
        let plan = try project.plan()
        XCTAssertEqual(try project.build(plan).status, .success)
        let good = try project.data("out/s0.png")
        try Data(repeating: 0x41, count: good.count).write(to: project.url("out/s0.png"))
        let r = try project.build(plan)
        XCTAssertTrue(r.summary.contains("1 built, 2 up to date"), r.summary)
        XCTAssertEqual(try project.data("out/s0.png"), good)
    }

    func testFormatOrderAndSourceDateEpochForPNGRebuildNothing() throws {
        let project = try Project(self)
        try makeScenes(project, count: 3)
        var plan = try project.plan()
        plan.formats = [.png, .svg]
        XCTAssertEqual(try project.build(plan).status, .success)
        plan.formats = [.svg, .png]
        let reordered = try project.build(plan)
        XCTAssertTrue(reordered.summary.contains("0 built, 3 up to date"), reordered.summary)
        plan.sourceDateEpoch = 1_700_000_000
        let dated = try project.build(plan)
        XCTAssertTrue(dated.summary.contains("0 built, 3 up to date"), dated.summary)
        plan.formats = [.pdf]
        plan.sourceDateEpoch = nil
        let pdf = try project.build(plan)
        XCTAssertTrue(pdf.summary.contains("3 built"), pdf.summary)
        plan.sourceDateEpoch = 1_700_000_000
        let pdfDated = try project.build(plan)
        XCTAssertTrue(pdfDated.summary.contains("3 built"), "PDF bytes hold the date: \(pdfDated.summary)")
    }

    func testAnInvalidSceneAndADroppedFormatLeaveStaleOutputsThatPruneRemoves() throws {
        let project = try Project(self)
        try makeScenes(project, count: 3)
        var plan = try project.plan()
        plan.formats = [.png, .svg]
        XCTAssertEqual(try project.build(plan).status, .success)
        try project.write("canvas: {width: 40, height: 40}\nviews: [{type: rng}]\n", "scenes/s0.scene.yaml")
        plan.formats = [.png]
        plan.keepGoing = true
        let r = try project.build(plan)
        XCTAssertEqual(r.status, .sceneError)
        XCTAssertEqual(r.stale(removed: false), [project.path("out/s0.png"): "the scene has errors",
                                                 project.path("out/s0.svg"): "the scene has errors",
                                                 project.path("out/b/s1.svg"): "format no longer requested",
                                                 project.path("out/s2.svg"): "format no longer requested"])
        XCTAssertTrue(r.summary.contains("0 built, 2 up to date, 1 failed, 4 stale outputs"), r.summary)
        XCTAssertEqual(r.outcome.staleOutputs, 4)
        // Still listed on the next run: the manifest owns them until they are removed.
        let again = try project.build(plan)
        XCTAssertTrue(again.summary.contains("4 stale outputs"), again.summary)
        plan.prune = true
        let pruned = try project.build(plan)
        XCTAssertEqual(pruned.stale(removed: true)[project.path("out/s0.png")], "the scene has errors")
        for gone in ["s0.png", "s0.svg", "b/s1.svg", "s2.svg"] {
            XCTAssertFalse(project.exists("out/\(gone)"), gone)
        }
        XCTAssertTrue(project.exists("out/b/s1.png"))
        plan.prune = false
        let clean = try project.build(plan)
        XCTAssertEqual(clean.stale(removed: false), [:])
        XCTAssertFalse(clean.summary.contains("stale"), clean.summary)
    }

    func testCollidingOutputsEmptyFoldersAndDanglingLinksAreErrors() throws {
        let project = try Project(self)
        try project.write(ringScene(0.5), "d1/x.scene.yaml")
        try project.write(ringScene(0.25), "d2/x.scene.yaml")
        for ninja in [false, true] {
            var plan = try project.plan(["d1", "d2"])
            if ninja { plan.ninja = .init(path: project.path("b.ninja"), scenec: "scenec", diagnostics: [], project: try projectArguments(project), budgets: []) }
            let r = try project.build(plan)
            XCTAssertEqual(r.status, .sceneError, r.diagnosticsText)
            XCTAssertEqual(r.outcome.kind, .refused)
            XCTAssertTrue(r.diagnosticsText.contains("'\(project.path("d1/x.scene.yaml"))' and '\(project.path("d2/x.scene.yaml"))' would both be built as 'x.scene.yaml'"),
                          r.diagnosticsText)
        }
        XCTAssertFalse(project.exists("out/x.png"), "nothing is built")
        XCTAssertFalse(project.exists("b.ninja"))
        // The same file reached twice is one scene, not a collision.
        XCTAssertEqual(try project.build(try project.plan(["d1", "d1/x.scene.yaml"])).status, .success)

        try project.write(ringScene(0.5), "frames/a.scene.yaml")
        try project.write(ringScene(0.5), "frames/a.frames/0000.scene.yaml")
        var nested = try project.plan(["frames"], out: "fout")
        nested.animated = .frames
        let nestedRun = try project.build(nested)
        XCTAssertEqual(nestedRun.status, .sceneError)
        XCTAssertTrue(nestedRun.diagnosticsText.contains("would write 'a.frames/0000.png' inside 'a.frames/'"), nestedRun.diagnosticsText)

        // A --set that no scene has a target for changes nothing: an error naming it.
        var unmatched = try project.plan(["d1"], out: "sout")
        unmatched.overrides = ["rr.progress=1", "r.progress=1"]
        unmatched.scene.frontend.options.overrides = try OverrideList.parse(unmatched.overrides).get()
        unmatched.scene.frontend.options.overridesMustMatch = false
        let unmatchedRun = try project.build(unmatched)
        XCTAssertEqual(unmatchedRun.status, .sceneError)
        XCTAssertTrue(unmatchedRun.diagnosticsText.contains("--set rr.progress=1: error: no scene has a view with the id 'rr'"),
                      unmatchedRun.diagnosticsText)
        XCTAssertFalse(unmatchedRun.diagnosticsText.contains("--set r.progress=1: error"), unmatchedRun.diagnosticsText)
        unmatched.overridesWherePresent = true
        XCTAssertEqual(try project.build(unmatched).status, .success)

        try FileManager.default.createDirectory(at: project.url("empty"), withIntermediateDirectories: true)
        var empty = try project.plan(["empty"], out: "eout")
        let emptyRun = try project.build(empty)
        XCTAssertEqual(emptyRun.status, .sceneError)
        XCTAssertTrue(emptyRun.diagnosticsText.contains("no *.scene.yaml found under '\(project.path("empty"))' (--allow-empty accepts that)"),
                      emptyRun.diagnosticsText)
        empty.allowEmpty = true
        XCTAssertEqual(try project.build(empty).status, .success)

        try FileManager.default.createSymbolicLink(atPath: project.path("d1/gone.scene.yaml"), withDestinationPath: "missing.scene.yaml")
        let dangling = try project.build(try project.plan(["d1"], out: "dout"))
        XCTAssertEqual(dangling.status, .sceneError)
        XCTAssertTrue(dangling.diagnosticsText.contains("'\(project.path("d1/gone.scene.yaml"))' is a symbolic link to 'missing.scene.yaml', which does not exist"),
                      dangling.diagnosticsText)
    }

    func testShardsCopiedIntoOneFolderAreUpToDateForTheUnshardedBuild() throws {
        let project = try Project(self)
        try makeScenes(project, count: 12)
        let fm = FileManager.default
        try fm.createDirectory(at: project.url("merged"), withIntermediateDirectories: true)
        for k in 1...3 {
            var plan = try project.plan(out: "shard\(k)")
            plan.formats = [.png, .svg]
            plan.shard = try Shard("\(k)/3")
            let r = try project.build(plan)
            XCTAssertEqual(r.status, .success, r.diagnosticsText)
            // As CI artefacts are merged: every shard's files copied into one folder.
            let copy = Process()
            copy.executableURL = URL(fileURLWithPath: "/bin/cp")
            copy.arguments = ["-a", "shard\(k)/.", "merged/"]
            copy.currentDirectoryURL = project.root
            try copy.run()
            copy.waitUntilExit()
        }
        var merged = try project.plan(out: "merged")
        merged.formats = [.png, .svg]
        XCTAssertTrue(try project.build(merged).summary.contains("0 built, 12 up to date"))
        XCTAssertTrue(project.exists("merged/.scenec-manifest.json"))
        XCTAssertFalse(project.exists("merged/.scenec-manifest.1-of-3.json"), "the unsharded manifest absorbed the shards'")
        XCTAssertTrue(try project.build(merged).summary.contains("0 built, 12 up to date"))
    }

    /// The reports CI reads: the JUnit file validates against the JUnit schema (xmllint), and
    /// the JSON report lists every scene, sorted, with its status, diagnostics and outputs.
    func testJUnitValidatesAgainstTheJUnitSchemaAndTheReportListsEveryScene() throws {
        let project = try Project(self)
        try makeScenes(project, count: 5)
        try project.write("canvas: {width: 40, height: 40}\nviews: [{type: rng, frame: {x: 0, y: 0, width: 4, height: 4}}]\n",
                          "scenes/bad & <odd>.scene.yaml")
        try project.write("canvas: {width: 40, height: 40}\nviews:\n  - {type: clock, frame: {x: 0, y: 0, width: 40, height: 40}, time: now}\n",
                          "scenes/b/now.scene.yaml")
        var plan = try project.plan()
        plan.keepGoing = true
        plan.junitPath = project.path("junit.xml")
        plan.reportPath = project.path("report.json")
        let r = try project.build(plan)
        XCTAssertEqual(r.status, .sceneError)
        let xsd = repositoryRoot.appendingPathComponent(".build/junit/junit-10.xsd")
        XCTAssertTrue(FileManager.default.fileExists(atPath: xsd.path), "make test fetches the JUnit schema to \(xsd.path)")
        let lint = try runProgram(URL(fileURLWithPath: "/usr/bin/xmllint"), ["--noout", "--schema", xsd.path, project.path("junit.xml")])
        XCTAssertEqual(lint.status, 0, lint.stderr)
        let xml = try String(decoding: project.data("junit.xml"), as: UTF8.self)
        XCTAssertTrue(xml.contains("tests=\"7\" failures=\"1\""), xml)
        XCTAssertTrue(xml.contains("<failure type=\"error\" message=\"unknown view type &apos;rng&apos;; did you mean &apos;ring&apos;?\">"), xml)

        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: project.data("report.json")) as? [String: Any])
        let scenes = try XCTUnwrap(report["scenes"] as? [[String: Any]])
        XCTAssertEqual(scenes.count, 7)
        XCTAssertEqual(scenes.map { $0["relativePath"] as? String ?? "" }, scenes.map { $0["relativePath"] as? String ?? "" }.sorted())
        let bad = try XCTUnwrap(scenes.first { ($0["relativePath"] as? String) == "bad & <odd>.scene.yaml" })
        XCTAssertEqual(bad["status"] as? String, "failed")
        XCTAssertEqual((bad["diagnostics"] as? [[String: Any]])?.first?["line"] as? Int, 2)
        let good = try XCTUnwrap(scenes.first { ($0["relativePath"] as? String) == "s0.scene.yaml" })
        XCTAssertEqual(good["status"] as? String, "built")
        let output = try XCTUnwrap((good["outputs"] as? [[String: Any]])?.first)
        XCTAssertEqual(output["path"] as? String, "s0.png")
        XCTAssertEqual(output["size"] as? Int, try project.data("out/s0.png").count)
        let now = try XCTUnwrap(scenes.first { ($0["relativePath"] as? String) == "b/now.scene.yaml" })
        XCTAssertEqual((now["diagnostics"] as? [[String: Any]])?.first?["severity"] as? String, "warning")
        XCTAssertEqual((report["summary"] as? [String: Any])?["failed"] as? Int, 1)
    }
}
