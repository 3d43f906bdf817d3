import XCTest
import ScenecBuild
import TestSupport

/// What a build deletes stays inside its output folder whatever the manifests a pull request
/// brings, in-process (moved from ScenecCLITests.WriteContainmentTests, which keeps the links,
/// locks, journals, killed builds and the review's reads).
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

    /// Adds `entries` (output path → existing scene) to the manifest file `name` in out/.
    func plant(_ entries: [String], in name: String, _ project: Project) throws {
        var manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: project.data("work/out/.scenec-manifest.json")) as? [String: Any])
        var scenes = try XCTUnwrap(manifest["scenes"] as? [String: Any])
        var scene = try XCTUnwrap(scenes["a.scene.yaml"] as? [String: Any])
        var outputs = try XCTUnwrap(scene["outputs"] as? [String: Any])
        for entry in entries { outputs[entry] = ["group": "png", "key": "old", "sha256": "0", "size": 1] }
        scene["outputs"] = outputs
        scenes["a.scene.yaml"] = scene
        manifest["scenes"] = scenes
        try JSONSerialization.data(withJSONObject: manifest).write(to: project.url("work/out/" + name))
    }

    func testManifestEntriesOutsideTheFolderAreIgnoredAndNeverPruned() throws {
        for manifest in [".scenec-manifest.json", ".scenec-manifest.1-of-2.json"] {
            let project = try Project(self)
            try project.write(ringScene(0.25), "work/scenes/a.scene.yaml")
            try project.write(ringScene(0.5), "work/scenes/sub/b.scene.yaml")
            try project.write("keep me", "victim/a.txt")
            try project.write("keep me too", "victim/sub/b.png")
            try project.write("SECRET", "victim/secret.txt")
            var plan = try project.plan(["work/scenes"], out: "work/out")
            XCTAssertEqual(try project.build(plan).status, .success)
            let before = try snapshot(project.url("victim"))
            try plant(["../../victim/a.txt", project.path("victim/sub/b.png"), "sub/../../../victim/secret.txt"], in: manifest, project)
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
}
