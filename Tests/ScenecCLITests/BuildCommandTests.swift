import XCTest

/// `scenec build` as a process: exit statuses and the diagnostics formats on its streams. The
/// build itself (incremental, sharded, stale/prune, Ninja files) is tested in-process in
/// ScenecBuildTests.
final class BuildCommandTests: XCTestCase {
    /// 20 scenes in three directories; 3 of them bad.
    func makeTree() throws -> URL {
        let root = try temporaryDirectory(self)
        let scenes = root.appendingPathComponent("scenes")
        for i in 0..<20 {
            let dir = scenes.appendingPathComponent(["", "a", "a/b"][i % 3])
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let text: String
            switch i {
            case 4: text = "canvas: {width: 40, height: 40}\nviews:\n  - {type: rng, frame: {x: 0, y: 0, width: 40, height: 40}}\n"
            case 9: text = "canvas: {width: 40, height: 40}\nviews:\n  - {type: ring, frame: {x: 0, y: 0, width: 40, height: 40}, progress: 2}\n"
            case 14: text = "canvas: {width: 40, height: 40}\nviews: [\n"
            default:
                text = "canvas: {width: 40, height: 40}\nviews:\n  - {type: ring, frame: {x: 0, y: 0, width: 40, height: 40}, progress: \(Double(i) / 20)}\n"
            }
            try text.write(to: dir.appendingPathComponent("s\(i).scene.yaml"), atomically: true, encoding: .utf8)
        }
        return root
    }

    /// A malformed --shard is the command line's fault (ScenecBuildTests.ShardTests has the partition).
    func testMalformedShardsAreUsageErrors() throws {
        let root = try makeTree()
        for bad in ["0/3", "4/3", "1/0", "x"] {
            XCTAssertEqual(try scenec(["build", "scenes", "-o", "o", "--shard", bad], directory: root).status, 2, bad)
        }
    }

    func testJSONAndGitHubDiagnostics() throws {
        let root = try makeTree()
        let json = try scenec(["check", "scenes/a/s4.scene.yaml", "scenes/s9.scene.yaml", "scenes/s3.scene.yaml",
                               "--diagnostics", "json"], directory: root)
        XCTAssertEqual(json.status, 1)
        let items = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
        XCTAssertEqual(items.count, 2)
        XCTAssertEqual(items[0]["file"] as? String, "scenes/a/s4.scene.yaml")
        XCTAssertEqual(items[0]["line"] as? Int, 3)
        XCTAssertEqual(items[0]["column"] as? Int, 12)
        XCTAssertEqual(items[0]["severity"] as? String, "error")
        XCTAssertEqual(items[0]["message"] as? String, "unknown view type 'rng'; did you mean 'ring'?")
        XCTAssertEqual((items[0]["hints"] as? [String])?.count, 1)
        XCTAssertEqual(items[1]["line"] as? Int, 3)
        XCTAssertEqual(items[1]["column"] as? Int, 72)
        XCTAssertEqual(json.stderr, "", "JSON mode keeps standard error for other problems")
        let clean = try scenec(["check", "scenes/s3.scene.yaml", "--diagnostics", "json"], directory: root)
        XCTAssertEqual(clean.stdoutText, "[]\n")

        let github = try scenec(["build", "scenes", "-o", "out", "--keep-going", "--diagnostics", "github"], directory: root)
        let lines = github.stdoutText.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, github.stdoutText)
        let pattern = try NSRegularExpression(pattern: "^::error file=[^,:]+,line=\\d+,col=\\d+,endLine=\\d+,endColumn=\\d+::.+$")
        for line in lines {
            XCTAssertEqual(pattern.numberOfMatches(in: line, range: NSRange(line.startIndex..., in: line)), 1, line)
        }
        XCTAssertTrue(lines.contains { $0.hasPrefix("::error file=scenes/a/s4.scene.yaml,line=3,col=12,") }, github.stdoutText)
        XCTAssertTrue(lines.joined().contains("%0A"), "notes are joined with an escaped newline")
    }

    /// `--scenes-from FILE`: each name in the list is taken as the same name on the command line
    /// — the same outputs, the same refusals (outside the project root, missing) in the same
    /// words; a bad list is a usage error naming its line.
    func testScenesFromAListAreTakenAsOnTheCommandLine() throws {
        let root = try temporaryDirectory(self)
        let project = root.appendingPathComponent("project")
        let scene = "canvas: {width: 4, height: 4}\nviews: []\n"
        for name in ["project/scenes/a.scene.yaml", "project/scenes/b c.scene.yaml", "outside.scene.yaml"] {
            let url = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try scene.write(to: url, atomically: true, encoding: .utf8)
        }
        func list(_ text: String) throws { try text.write(to: project.appendingPathComponent("list.txt"), atomically: true, encoding: .utf8) }

        try list("scenes/a.scene.yaml\n'scenes/b c.scene.yaml'\n")
        let listed = try scenec(["build", "--scenes-from", "list.txt", "-o", "out", "--root", "."], directory: project)
        XCTAssertEqual(listed.status, 0, listed.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("out").path)
                        .filter { !$0.hasPrefix(".") }.sorted(), ["a.png", "b c.png"])

        for (bad, said) in [("../outside.scene.yaml", "must stay inside the project root"), ("scenes/missing.scene.yaml", "No such file")] {
            try list("scenes/a.scene.yaml\n\(bad)\n")
            let given = try scenec(["build", "scenes/a.scene.yaml", bad, "-o", "out2", "--root", ".", "--keep-going"], directory: project)
            try? FileManager.default.removeItem(at: project.appendingPathComponent("out2"))
            let fromList = try scenec(["build", "--scenes-from", "list.txt", "-o", "out2", "--root", ".", "--keep-going"], directory: project)
            XCTAssertNotEqual(given.status, 0, given.stderr)
            XCTAssertTrue(given.stderr.contains(bad) && given.stderr.contains(said), given.stderr)
            XCTAssertEqual(fromList.status, given.status)
            let untimed = { (text: String) in text.replacingOccurrences(of: #"\(\d+\.\d+ s\)"#, with: "(time)", options: .regularExpression) }
            XCTAssertEqual(untimed(fromList.stderr), untimed(given.stderr))
            try? FileManager.default.removeItem(at: project.appendingPathComponent("out2"))
        }

        try list("scenes/a.scene.yaml\n'scenes/b c.scene.yaml\n")
        let unclosed = try scenec(["build", "--scenes-from", "list.txt", "-o", "out3"], directory: project)
        XCTAssertEqual(unclosed.status, 2)
        XCTAssertTrue(unclosed.stderr.hasPrefix("scenec: error: list.txt:2: a quote is not closed"), unclosed.stderr)
        try list("\n")
        let empty = try scenec(["build", "--scenes-from", "list.txt", "-o", "out3"], directory: project)
        XCTAssertEqual(empty.status, 2)
        XCTAssertTrue(empty.stderr.contains("the --scenes-from list names none"), empty.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.appendingPathComponent("out3").path))
    }

    /// The budgets a build is given hold on every edge of its Ninja file too: each edge's own
    /// scenec would otherwise run with the defaults.
    func testNinjaEdgesKeepTheBudgetsTheBuildWasGiven() throws {
        let root = try makeTree()
        for bad in ["a/s4", "s9", "a/b/s14"] {
            try FileManager.default.removeItem(at: root.appendingPathComponent("scenes/\(bad).scene.yaml"))
        }
        let emit = try scenec(["build", "scenes", "-o", "nout", "--emit-ninja", "build.ninja",
                               "--max-pixels", "100", "--scene-timeout", "30"], directory: root)
        XCTAssertEqual(emit.status, 0, emit.stderr)
        let file = try String(contentsOf: root.appendingPathComponent("build.ninja"), encoding: .utf8)
        XCTAssertTrue(file.contains("--scene-timeout") && file.contains("30"), file)
        // Relocatable: the scenec on $PATH, and no path of this machine's.
        XCTAssertTrue(file.contains("\nscenec = scenec\n"), file)
        XCTAssertFalse(file.contains(root.lastPathComponent), file)
        let (status, said) = try ninja(root)
        XCTAssertNotEqual(status, 0, said)
        XCTAssertTrue(said.contains("the limit is 100"), "the edge ran with the build's --max-pixels: \(said)")
        // Each edge writes its own depfile; the emitting build has none to write.
        XCTAssertEqual(try scenec(["build", "scenes", "-o", "nout", "--emit-ninja", "b.ninja", "--depfile", "b.d"], directory: root).status, 2)
    }

}

extension XCTestCase {
    /// Runs `ninja -f build.ninja` in `dir`, failing the test unless it succeeds; its output.
    func runNinja(_ dir: URL) throws -> String {
        let (status, text) = try ninja(dir)
        XCTAssertEqual(status, 0, text)
        return text
    }

    /// Runs `ninja -f build.ninja` in `dir`, with the built scenec first on $PATH (where the
    /// Ninja file's edges find it): its exit status and output.
    func ninja(_ dir: URL) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["ninja", "-f", "build.ninja"]
        p.currentDirectoryURL = dir
        p.environment = environmentWithScenecOnPath()
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// This process's environment with the built scenec's folder first on $PATH: a Ninja file
    /// runs the `scenec` it finds there.
    func environmentWithScenecOnPath() -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = scenecBinary().deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        return environment
    }
}
