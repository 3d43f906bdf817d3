import XCTest

/// `scenec build`: whole trees, incremental, sharded, with CI-friendly diagnostics and a Ninja graph.
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

    /// Output files under `dir`, relative, without the build's own files (manifests, lock).
    func outputs(_ dir: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: dir.path)
        var files: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent(path).path, isDirectory: &isDir),
               !isDir.boolValue, !(path.split(separator: "/").last ?? "").hasPrefix(".scenec-") {
                files.append(path)
            }
        }
        return files.sorted()
    }

    func mtimes(_ dir: URL) throws -> [String: Date] {
        var result: [String: Date] = [:]
        for file in outputs(dir) {
            let attributes = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent(file).path)
            result[file] = attributes[.modificationDate] as? Date
        }
        return result
    }

    func testKeepGoingBuildsGoodScenesMirrorsLayoutAndReportsBadOnes() throws {
        let root = try makeTree()
        let out = root.appendingPathComponent("out")
        let first = try scenec(["build", "scenes", "-o", "out", "--formats", "png,svg", "--keep-going", "--jobs", "2"],
                               directory: root)
        XCTAssertEqual(first.status, 1)
        let files = outputs(out)
        XCTAssertEqual(files.count, 34, "17 good scenes × 2 formats: \(files)")
        XCTAssertTrue(files.contains("s0.png"))
        XCTAssertTrue(files.contains("a/s1.svg"))
        XCTAssertTrue(files.contains("a/b/s2.png"))
        XCTAssertFalse(files.contains { $0.hasPrefix("a/s4.") || $0.hasPrefix("s9.") || $0.hasPrefix("a/b/s14.") })
        XCTAssertTrue(first.stderr.contains("scenes/a/s4.scene.yaml:3:12: error: unknown view type 'rng'"), first.stderr)
        XCTAssertTrue(first.stderr.contains("scenes/s9.scene.yaml:3:72: error: progress must be between 0 and 1"), first.stderr)
        XCTAssertTrue(first.stderr.contains("scenes/a/b/s14.scene.yaml:"), first.stderr)
        XCTAssertTrue(first.stderr.contains("scenec build: 17 built, 0 up to date, 3 failed"), first.stderr)

        // A second run renders nothing: every good scene is up to date, no file is rewritten.
        let before = try mtimes(out)
        Thread.sleep(forTimeInterval: 0.05)
        let second = try scenec(["build", "scenes", "-o", "out", "--formats", "png,svg", "--keep-going"], directory: root)
        XCTAssertEqual(second.status, 1)
        XCTAssertTrue(second.stderr.contains("scenec build: 0 built, 17 up to date, 3 failed"), second.stderr)
        XCTAssertEqual(try mtimes(out), before)

        // Changing one scene rebuilds exactly that one.
        let changed = root.appendingPathComponent("scenes/a/s7.scene.yaml")
        try (try String(contentsOf: changed, encoding: .utf8)).replacingOccurrences(of: "0.35", with: "0.5")
            .write(to: changed, atomically: true, encoding: .utf8)
        let third = try scenec(["build", "scenes", "-o", "out", "--formats", "png,svg", "--keep-going"], directory: root)
        XCTAssertTrue(third.stderr.contains("scenec build: 1 built, 16 up to date, 3 failed"), third.stderr)
        let after = try mtimes(out)
        XCTAssertEqual(Set(after.keys.filter { after[$0] != before[$0] }), ["a/s7.png", "a/s7.svg"])

        // A new format builds that format of every scene; the others are listed as stale.
        let pdf = try scenec(["build", "scenes", "-o", "out", "--formats", "pdf", "--keep-going"], directory: root)
        XCTAssertTrue(pdf.stderr.contains("scenec build: 17 built"), pdf.stderr)
        XCTAssertTrue(pdf.stderr.contains("stale: out/a/s7.svg (format no longer requested)"), pdf.stderr)
        XCTAssertEqual(try mtimes(out)["a/s7.png"], after["a/s7.png"], "the PNG is not rewritten")
    }

    func testWithoutKeepGoingItStopsAtTheFirstFailure() throws {
        let root = try makeTree()
        let result = try scenec(["build", "scenes", "-o", "out", "--jobs", "1"], directory: root)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("not started"), result.stderr)
        XCTAssertLessThan(outputs(root.appendingPathComponent("out")).count, 17)
    }

    func testRemovedScenesAreReportedAndPruned() throws {
        let root = try makeTree()
        _ = try scenec(["build", "scenes", "-o", "out", "--keep-going"], directory: root)
        try FileManager.default.removeItem(at: root.appendingPathComponent("scenes/s0.scene.yaml"))
        let report = try scenec(["build", "scenes", "-o", "out", "--keep-going"], directory: root)
        XCTAssertTrue(report.stderr.contains("stale: out/s0.png (the scene was removed); --prune removes it"), report.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/s0.png").path))
        let prune = try scenec(["build", "scenes", "-o", "out", "--keep-going", "--prune"], directory: root)
        XCTAssertTrue(prune.stderr.contains("removed stale out/s0.png (the scene was removed)"), prune.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out/s0.png").path))
    }

    func testShardsTogetherBuildExactlyTheUnshardedOutputsWithoutOverlap() throws {
        let root = try makeTree()
        _ = try scenec(["build", "scenes", "-o", "all", "--formats", "png,pdf", "--keep-going"], directory: root)
        let whole = outputs(root.appendingPathComponent("all"))
        var union: [String] = []
        for k in 1...3 {
            let dir = "shard\(k)"
            _ = try scenec(["build", "scenes", "-o", dir, "--formats", "png,pdf", "--keep-going", "--shard", "\(k)/3"],
                           directory: root)
            let part = outputs(root.appendingPathComponent(dir))
            XCTAssertFalse(part.isEmpty, "shard \(k) is empty")
            for file in part {
                XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("\(dir)/\(file)")),
                               try Data(contentsOf: root.appendingPathComponent("all/\(file)")), file)
            }
            union += part
        }
        XCTAssertEqual(union.count, Set(union).count, "no output is built by two shards")
        XCTAssertEqual(union.sorted(), whole)
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
        let (status, said) = try ninja(root)
        XCTAssertNotEqual(status, 0, said)
        XCTAssertTrue(said.contains("the limit is 100"), "the edge ran with the build's --max-pixels: \(said)")
    }

    func testNinjaBuildsTheSameBytesAndThenHasNoWorkToDo() throws {
        let root = try makeTree()
        for bad in ["a/s4", "s9", "a/b/s14"] {
            try FileManager.default.removeItem(at: root.appendingPathComponent("scenes/\(bad).scene.yaml"))
        }
        let animated = """
            canvas: {width: 40, height: 40}
            views:
              - {id: r, type: ring, frame: {x: 0, y: 0, width: 40, height: 40}}
            timeline:
              fps: 5
              animations: [{target: r.progress, from: 0, to: 1, duration: 1s}]
            """
        try animated.write(to: root.appendingPathComponent("scenes/a/moving.scene.yaml"), atomically: true, encoding: .utf8)
        let emit = try scenec(["build", "scenes", "-o", "nout", "--formats", "png,svg,pdf", "--animated", "flipbook",
                               "--emit-ninja", "build.ninja", "--set", "r.lineWidth=4"], directory: root)
        XCTAssertEqual(emit.status, 0, emit.stderr)
        let first = try runNinja(root)
        XCTAssertTrue(first.contains("[19/19]"), "one edge per scene and one flipbook: \(first)")
        XCTAssertTrue(try runNinja(root).contains("no work to do"))
        let build = try scenec(["build", "scenes", "-o", "bout", "--formats", "png,svg,pdf", "--animated", "flipbook",
                                "--set", "r.lineWidth=4"], directory: root)
        XCTAssertEqual(build.status, 0, build.stderr)
        let built = outputs(root.appendingPathComponent("bout"))
        XCTAssertEqual(outputs(root.appendingPathComponent("nout")).filter { !$0.hasSuffix(".d") }, built)
        XCTAssertTrue(built.contains("a/moving.flipbook.pdf"))
        for file in built {
            XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("nout/\(file)")),
                           try Data(contentsOf: root.appendingPathComponent("bout/\(file)")), file)
        }
    }
}

extension XCTestCase {
    /// Runs `ninja -f build.ninja` in `dir`, failing the test unless it succeeds; its output.
    func runNinja(_ dir: URL) throws -> String {
        let (status, text) = try ninja(dir)
        XCTAssertEqual(status, 0, text)
        return text
    }

    /// Runs `ninja -f build.ninja` in `dir`: its exit status and output.
    func ninja(_ dir: URL) throws -> (status: Int32, output: String) {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["ninja", "-f", "build.ninja"]
        p.currentDirectoryURL = dir
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
