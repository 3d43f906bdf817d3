import XCTest

/// Everything `scenec build` writes or deletes stays inside its output folder, and the review
/// reads nothing outside its baseline folder, whatever the manifests, baselines and links a
/// pull request brings: a victim folder beside `out/` has the same files and bytes after each
/// attack. Here what needs the process: links walked both ways (SCENEC_TEST_OPENAT_WALK), an
/// output folder named relative to the current folder, a FIFO (a hang is a timeout), a killed
/// build's files. (Manifest entries outside the folder, the lock and journal links and the
/// review's reads: ScenecBuildTests.WriteContainmentTests, in-process.)
final class WriteContainmentTests: XCTestCase {
    let fm = FileManager.default

    func write(_ text: String, _ path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func ring(_ progress: Double) -> String {
        "canvas: {width: 40, height: 40}\nviews:\n  - {type: ring, frame: {x: 0, y: 0, width: 40, height: 40}, progress: \(progress)}\n"
    }

    /// root/work/scenes (two scenes, one in sub/), root/work/out the build folder, root/victim
    /// the folder nothing may touch.
    func project() throws -> (root: URL, work: URL, victim: URL) {
        let root = try temporaryDirectory(self)
        let work = root.appendingPathComponent("work"), victim = root.appendingPathComponent("victim")
        try write(ring(0.25), "scenes/a.scene.yaml", in: work)
        try write(ring(0.5), "scenes/sub/b.scene.yaml", in: work)
        try write("keep me", "a.txt", in: victim)
        try write("keep me too", "sub/b.png", in: victim)
        try write("SECRET-\(UUID().uuidString)", "secret.txt", in: victim)
        return (root, work, victim)
    }

    /// Every file under `folder` (links not followed) and its bytes.
    func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = fm.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey])
        while let url = enumerator?.nextObject() as? URL {
            let values = try url.resourceValues(forKeys: [.isRegularFileKey, .isSymbolicLinkKey])
            if values.isRegularFile == true, values.isSymbolicLink != true {
                files[String(url.path.dropFirst(folder.path.count))] = try Data(contentsOf: url)
            }
        }
        return files
    }

    func build(_ work: URL, _ extra: [String] = [], environment: [String: String] = [:]) throws -> RunResult {
        try scenec(["build", "scenes", "-o", "out"] + extra, environment: environment, directory: work)
    }

    func testASymlinkedFolderInsideOutNeitherReceivesOutputsNorIsPruned() throws {
        for environment in [[:], ["SCENEC_TEST_OPENAT_WALK": "1"]] {
            let (_, work, victim) = try project()
            try fm.createDirectory(at: work.appendingPathComponent("out"), withIntermediateDirectories: true)
            try fm.createSymbolicLink(atPath: work.appendingPathComponent("out/sub").path, withDestinationPath: "../../victim/sub")
            let before = try snapshot(victim)
            let r = try build(work, environment: environment)
            XCTAssertNotEqual(r.status, 0, "the scene under sub/ cannot be written")
            XCTAssertTrue(r.stderr.contains("symbolic link"), r.stderr)
            XCTAssertTrue(fm.fileExists(atPath: work.appendingPathComponent("out/a.png").path), "the other scene is built")
            XCTAssertEqual(try snapshot(victim), before, "\(environment): no output landed outside out/")

            // A stale entry under the linked folder: listed at most, never deleted through it.
            try plantManifestEntries(["sub/b.png"], in: ".scenec-manifest.json", out: work.appendingPathComponent("out"))
            _ = try build(work, ["--prune", "--keep-going"], environment: environment)
            XCTAssertEqual(try snapshot(victim), before, "\(environment): prune deleted nothing through the link")
        }
    }

    /// `out` itself committed as a link (`out -> ../victim`): a destination inside the current
    /// folder (relative, or absolute as `$GITHUB_WORKSPACE/out`) is in the tree, reached without
    /// following links, so nothing lands there; the victim named by its own path is written.
    func testAnOutputFolderCommittedAsALinkIsRefused() throws {
        for environment in [[:], ["SCENEC_TEST_OPENAT_WALK": "1"]] {
            let (_, work, victim) = try project()
            try fm.createSymbolicLink(atPath: work.appendingPathComponent("out").path, withDestinationPath: "../victim")
            let before = try snapshot(victim)
            for destination in ["out", "./out/", "out/png", work.path + "/out"] {
                let r = try scenec(["build", "scenes", "-o", destination], environment: environment, directory: work)
                XCTAssertNotEqual(r.status, 0, "\(destination): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains("a symbolic link is on the way, which scenec does not follow inside the current folder"),
                              r.stderr)
                let render = try scenec(["render", "scenes/a.scene.yaml", "-o", destination + "/a.png"],
                                        environment: environment, directory: work)
                XCTAssertNotEqual(render.status, 0, "render -o \(destination)/a.png: \(render.stderr)")
                XCTAssertEqual(try snapshot(victim), before, "\(environment) \(destination): nothing written through the link")
            }
            let named = try scenec(["build", "scenes", "-o", victim.path, "--allow-empty"], environment: environment, directory: work)
            XCTAssertEqual(named.status, 0, named.stderr)
            XCTAssertTrue(fm.fileExists(atPath: victim.appendingPathComponent("a.png").path))
        }
    }

    /// The journal is appended to in place: a FIFO there does not block the build (a process,
    /// so that a hang is a timeout; the hard link: ScenecBuildTests.WriteContainmentTests).
    func testTheJournalIsNeverAppendedThroughAFIFO() throws {
        let (_, other, _) = try project()
        try fm.createDirectory(at: other.appendingPathComponent("out"), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(other.appendingPathComponent("out/.scenec-manifest.json.journal").path, 0o644), 0)
        let r = try scenec(["build", "scenes", "-o", "out"], directory: other, timeout: 60)
        XCTAssertEqual(r.status, 0, r.stderr)
    }

    func testOrphanedTemporaryFilesOfAKilledBuildAreRemoved() throws {
        let (_, work, _) = try project()
        XCTAssertEqual(try build(work).status, 0)
        let dead = "99999999", alive = String(ProcessInfo.processInfo.processIdentifier)
        let orphans = ["out/.a.png.scenec-\(dead)-140.tmp", "out/sub/.b.png.scenec-\(dead)-7.tmp"]
        let kept = ["out/.a.png.scenec-\(alive)-1.tmp", "out/notes.tmp", "out/.a.png.tmp"]
        for path in orphans + kept { try write("", path, in: work) }
        XCTAssertEqual(try build(work).status, 0)
        for path in orphans { XCTAssertFalse(fm.fileExists(atPath: work.appendingPathComponent(path).path), path) }
        for path in kept { XCTAssertTrue(fm.fileExists(atPath: work.appendingPathComponent(path).path), path) }
    }
}
