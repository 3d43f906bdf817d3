import XCTest
import SceneReview
import ScenecBuild
import TestSupport

/// What a build writes or deletes stays inside its output folder, and the review reads nothing
/// outside its baseline folder, whatever the manifests, baselines and links a pull request
/// brings, in-process (moved from ScenecCLITests.WriteContainmentTests, which keeps the links
/// walked both ways (SCENEC_TEST_OPENAT_WALK), an output folder named relative to the current
/// folder, a FIFO as the journal (a hang guard needs a process) and a killed build's files).
final class WriteContainmentTests: XCTestCase {
    /// Every file under `folder` and its bytes.
    func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            files[String(url.path.dropFirst(folder.path.count))] = try Data(contentsOf: url)
        }
        return files
    }

    func testManifestEntriesOutsideTheFolderAreIgnoredAndNeverPruned() throws {
        for manifest in [".scenec-manifest.json", ".scenec-manifest.1-of-2.json"] {
            let project = try victimProject()
            var plan = try project.plan(["work/scenes"], out: "work/out")
            XCTAssertEqual(try project.build(plan).status, .success)
            let before = try snapshot(project.url("victim"))
            try plantManifestEntries(["../../victim/a.txt", project.path("victim/sub/b.png"), "sub/../../../victim/secret.txt"], in: manifest, out: project.url("work/out"))
            plan.prune = true
            let r = try project.build(plan)
            XCTAssertEqual(r.status, .success, r.diagnosticsText)
            XCTAssertEqual(try snapshot(project.url("victim")), before, "\(manifest): nothing outside out/ deleted")
            let ignored = r.events.compactMap { event -> String? in
                if case .ignoredEntry(let message) = event { return message } else { return nil }
            }
            XCTAssertEqual(ignored.filter { $0.hasPrefix("ignoring the entry '../../victim/a.txt'") }.count, 1, "\(ignored)")
            XCTAssertTrue(ignored.contains { $0.contains("it leaves its folder ('..')") }, "\(ignored)")
            XCTAssertTrue(ignored.contains { $0.contains("it is an absolute path") }, "\(ignored)")
            XCTAssertEqual(r.stale(removed: true), [:])
        }
    }

    /// work/scenes (two scenes, one in sub/), work/out the build folder, victim/ the folder
    /// nothing may touch.
    func victimProject() throws -> Project {
        let project = try Project(self)
        try project.write(ringScene(0.25), "work/scenes/a.scene.yaml")
        try project.write(ringScene(0.5), "work/scenes/sub/b.scene.yaml")
        try project.write("keep me", "victim/a.txt")
        try project.write("keep me too", "victim/sub/b.png")
        try project.write("SECRET-\(UUID().uuidString)", "victim/secret.txt")
        return project
    }

    func testALinkAsTheLockFileIsRefusedNotOverwritten() throws {
        let project = try victimProject()
        try FileManager.default.createDirectory(at: project.url("work/out"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: project.path("work/out/.scenec-build.lock"),
                                                   withDestinationPath: project.path("victim/a.txt"))
        let before = try snapshot(project.url("victim"))
        // A FileError, which the command line exits 3 for: a file that cannot be written, as any other.
        XCTAssertThrowsError(try project.build(try project.plan(["work/scenes"], out: "work/out"))) { error in
            let message = (error as? FileError)?.message ?? "not a FileError: \(error)"
            XCTAssertTrue(message.contains("cannot lock '\(project.path("work/out"))': '\(project.path("work/out/.scenec-build.lock"))' is a symbolic link"),
                          message)
        }
        XCTAssertEqual(try snapshot(project.url("victim")), before)
    }

    /// The journal is appended to in place: a hard link to a victim (a restored cache can hold
    /// one) is replaced, never written through. (A FIFO there: ScenecCLITests, with a timeout.)
    func testTheJournalIsNeverAppendedThroughAHardLink() throws {
        let project = try victimProject()
        try FileManager.default.createDirectory(at: project.url("work/out"), withIntermediateDirectories: true)
        try FileManager.default.linkItem(at: project.url("victim/a.txt"), to: project.url("work/out/.scenec-manifest.json.journal"))
        let before = try snapshot(project.url("victim"))
        XCTAssertEqual(try project.build(try project.plan(["work/scenes"], out: "work/out")).status, .success)
        XCTAssertEqual(try snapshot(project.url("victim")), before, "no journal line landed in the victim")
    }

    /// A baseline that names files outside itself (`../` in its manifest) or links to them
    /// (`leak.gif -> secret`, also `.mp4`): none of them is read into the review.
    func testTheReviewReadsNothingOutsideTheBaseline() throws {
        for withManifest in [false, true] {
            let project = try victimProject()
            let secret = try project.data("victim/secret.txt")
            let base = project.url("work/base")
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            try project.write("GIF89a" + String(decoding: secret, as: UTF8.self), "victim/secret.gif")
            for leak in ["leak.gif", "leak.mp4", "a.png"] {
                try FileManager.default.createSymbolicLink(atPath: base.appendingPathComponent(leak).path,
                                                           withDestinationPath: project.path(leak == "leak.gif" ? "victim/secret.gif" : "victim/secret.txt"))
            }
            if withManifest {
                let outputs = ["../../victim/secret.txt", "../../victim/secret.gif", "leak.gif", "leak.mp4", "a.png"]
                let entry: [String: Any] = ["sceneKey": "k", "hasTimeline": false, "warnings": [] as [Any],
                                            "outputs": Dictionary(uniqueKeysWithValues: outputs.map {
                                                ($0, ["group": "png", "key": "k", "sha256": "0", "size": 1] as [String: Any])
                                            })]
                try JSONSerialization.data(withJSONObject: ["version": 2, "scenes": ["a.scene.yaml": entry]])
                    .write(to: base.appendingPathComponent(".scenec-manifest.json"))
            }
            var plan = try project.plan(["work/scenes"], out: "work/out")
            plan.review = ReviewOptions(baseline: base.path, threshold: ReviewThreshold(), reportDirectory: project.path("work/out/.scenec-review"),
                                        reportInsideOutput: ".scenec-review", failOnChange: false)
            let r = try project.build(plan)
            XCTAssertEqual(r.status, .success, "\(r.errors)")
            // Every page of the report: the index, the same list and each scene's page.
            let pages = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: project.path("work/out/.scenec-review")))
                .filter { $0.hasSuffix(".html") }
            XCTAssertTrue(pages.contains("index.html"), "\(pages)")
            let html = try pages.map { String(decoding: try project.data("work/out/.scenec-review/" + $0), as: UTF8.self) }.joined()
            let json = try String(decoding: project.data("work/out/.scenec-review/summary.json"), as: UTF8.self)
            // Everything the build told, as text: what the console would have shown.
            let told = r.events.map { "\($0)" }.joined(separator: "\n")
            for text in [html, json, told] {
                XCTAssertFalse(text.contains(String(decoding: secret, as: UTF8.self)), "manifest \(withManifest)")
                XCTAssertFalse(text.contains(secret.base64EncodedString().prefix(24)), "manifest \(withManifest)")
                XCTAssertFalse(text.contains(Data("GIF89a".utf8 + secret).base64EncodedString().prefix(24)), "manifest \(withManifest)")
            }
            XCTAssertFalse(html.contains("data-path=\"leak.gif\""), "a link is no baseline file")
            XCTAssertFalse(html.contains("data-verdict=\"removed\""), html)
            if withManifest {
                let ignored = r.events.compactMap { event -> String? in
                    if case .ignoredEntry(let message) = event { return message } else { return nil }
                }
                XCTAssertTrue(ignored.contains { $0.contains("ignoring the entry '../../victim/secret.txt'") }, "\(ignored)")
            }
        }
    }
}
