import XCTest
#if canImport(Glibc)
import Glibc
#endif

/// Hostile input: every bad scene, and a few too big to commit, is refused with a located error
/// quickly and in little memory (docs/language.md §7), measured per process with wait4.
final class ResourceLimitsTests: XCTestCase {
    struct Measured {
        var status: Int32
        var seconds: Double
        var peakMB: Double
        var stderr: String
    }

    /// Runs scenec and reads its own peak memory from wait4's rusage. Through a small Python
    /// process: posix_spawn starts a child in the spawner's memory (vfork), and Linux carries
    /// that memory's peak into the child's ru_maxrss, so spawned from this test process — which
    /// holds the generated inputs, some 200 MB — every scene would seem to take as much.
    func measure(_ arguments: [String], in dir: URL) throws -> Measured {
        let errPath = dir.appendingPathComponent("stderr.txt").path
        let resultPath = dir.appendingPathComponent("rusage.txt").path
        let script = """
            import os, sys
            err = os.open(sys.argv[2], os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
            null = os.open("/dev/null", os.O_WRONLY)
            env = dict(os.environ, SWIFT_BACKTRACE="enable=no")
            pid = os.posix_spawn(sys.argv[3], sys.argv[3:], env, file_actions=[(os.POSIX_SPAWN_DUP2, err, 2), (os.POSIX_SPAWN_DUP2, null, 1)])
            _, status, usage = os.wait4(pid, 0)
            open(sys.argv[1], "w").write("%d %d" % (os.waitstatus_to_exitcode(status), usage.ru_maxrss))
            """
        let start = Date()
        let python = try runProgram(URL(fileURLWithPath: "/usr/bin/python3"),
                                    ["-c", script, resultPath, errPath, scenecBinary().path] + arguments,
                                    directory: dir, timeout: 60)
        let seconds = Date().timeIntervalSince(start)
        guard python.status == 0, let result = try? String(contentsOfFile: resultPath, encoding: .utf8) else {
            throw XCTSkip("cannot measure scenec through python3: \(python.stderr)")
        }
        let fields = result.split(separator: " ").compactMap { Int($0) }
        let stderr = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: errPath)
        try? FileManager.default.removeItem(atPath: resultPath)
        return Measured(status: Int32(fields.first ?? -1), seconds: seconds,
                        peakMB: Double(fields.dropFirst().first ?? 0) / 1024, stderr: stderr)
    }

    /// Files too large or too generated to commit, made for the run.
    func generatedInputs(in dir: URL) throws -> [URL] {
        var files: [URL] = []
        func write(_ name: String, _ text: String) throws {
            let url = dir.appendingPathComponent(name)
            try text.write(to: url, atomically: true, encoding: .utf8)
            files.append(url)
        }
        // 20 MiB: refused before it is read whole.
        let line = "# " + String(repeating: "x", count: 1021) + "\n"
        try write("twenty-mib.scene.yaml", "canvas: {width: 10, height: 10}\nviews: []\n"
                  + String(repeating: line, count: 20 * 1024))
        // 200 groups, each the only child of the one before.
        var nested = "canvas: {width: 10, height: 10}\nviews:\n"
        for depth in 0..<200 {
            let pad = String(repeating: "  ", count: depth * 2)
            nested += "\(pad)  - type: group\n\(pad)    frame: {x: 0, y: 0, width: 10, height: 10}\n\(pad)    children:\n"
        }
        nested += String(repeating: "  ", count: 400) + "  - {type: ring, frame: {x: 0, y: 0, width: 1, height: 1}}\n"
        try write("nesting-200.scene.yaml", nested)
        try write("billion-pixels.scene.yaml", "canvas: {width: 31623, height: 31623}\nviews: []\n")
        try write("million-frames.scene.yaml", """
            canvas: {width: 10, height: 10}
            views: [{id: r, type: ring, frame: {x: 0, y: 0, width: 10, height: 10}}]
            timeline:
              fps: 100
              animations: [{target: r.progress, to: 1, duration: 10000s}]
            """)
        try write("flow-nesting-bomb.scene.yaml", String(repeating: "[", count: 5_000_000))
        // One long line holding 10,000 errors: each is shown with a window of the line, not all of it.
        try write("errors-on-one-long-line.scene.yaml", "canvas: {width: 1, height: 1}\nviews: ["
                  + Array(repeating: "1", count: 10_000).joined(separator: ",") + "]\n")
        return files
    }

    func testEveryHostileInputIsRefusedFastInLittleMemoryWithALocatedError() throws {
        let work = try temporaryDirectory(self)
        let corpus = repositoryRoot.appendingPathComponent("Tests/Corpus/bad")
        let inputs = fileNames(in: corpus).map { corpus.appendingPathComponent($0) } + (try generatedInputs(in: work))
        XCTAssertGreaterThanOrEqual(inputs.count, 80)
        let out = work.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        var slowest = (0.0, ""), largest = (0.0, "")
        for input in inputs {
            for command in [["check", input.path], ["render", input.path, "-o", out.appendingPathComponent("x.png").path]] {
                // Run in the work folder (the project root), reading the corpus as a folder besides it.
                let m = try measure(command + ["--allow-read", corpus.path], in: work)
                let name = "\(input.lastPathComponent) (\(command[0]))"
                XCTAssertEqual(m.status, 1, "\(name): \(m.stderr)")
                let first = m.stderr.split(separator: "\n").first.map(String.init) ?? ""
                XCTAssertTrue(first.range(of: "^.+:[0-9]+:[0-9]+: error: ", options: .regularExpression) != nil,
                              "\(name) has no located error: \(first)")
                // A guard against hangs, not a speed target (the slowest time is printed below):
                // refusals take milliseconds, but a loaded shared machine stretches them.
                XCTAssertLessThan(m.seconds, 30, "\(name) took \(m.seconds) s")
                XCTAssertLessThan(m.peakMB, 200, "\(name) peaked at \(m.peakMB) MB")
                if m.seconds > slowest.0 { slowest = (m.seconds, name) }
                if m.peakMB > largest.0 { largest = (m.peakMB, name) }
            }
        }
        XCTAssertEqual(fileNames(in: out), [], "nothing is written")
        print("hostile inputs: \(inputs.count); slowest \(slowest.1) \(slowest.0) s; most memory \(largest.1) \(largest.0) MB")
    }

    /// One alias of a long string is one node, yet each copy is checked again: a 1.5 MB string
    /// aliased 200 times is refused at the alias that brings the text past 64 MiB, at once and
    /// before anything is checked. A hang guard, not a timing: checking it all took minutes.
    func testAliasesOfALongStringAreRefusedAtTheAliasThatCrossesTheTextBudget() throws {
        let dir = try temporaryDirectory(self)
        let words = String(repeating: "lorem ipsum ", count: 125_000)  // 1.5 MB
        var text = "x-big: &b \"\(words)\"\ncanvas: {width: 10, height: 10}\nviews:\n"
        for i in 0..<200 {
            text += "  - {id: l\(i), type: label, frame: {x: 0, y: 0, width: 10, height: 10}, text: *b}\n"
        }
        let path = try write(text, "aliases.scene.yaml", in: dir)
        let result = try scenec(["check", path], timeout: 60)
        XCTAssertEqual(result.status, 1, result.stderr)
        // 1.5 MB × 44 copies with the anchor passes 64 MiB: the 44th alias, on line 47.
        XCTAssertTrue(result.stderr.hasPrefix("\(path):47:"), result.stderr)
        XCTAssertTrue(result.stderr.contains(": error: aliases expand to more than 67108864 bytes of text; this alias adds 1500000 bytes\n"),
                      result.stderr)
        XCTAssertTrue(result.stderr.contains("raise the limit with --max-text-bytes"), result.stderr)

        // A scene of a few copies is checked; the option lowers (or raises) the budget.
        let small = try write("x-word: &w \"\(String(repeating: "a", count: 10_000))\"\ncanvas: {width: 10, height: 10}\nviews:\n"
                              + (0..<5).map { "  - {id: l\($0), type: label, frame: {x: 0, y: 0, width: 10, height: 10}, text: *w}\n" }.joined(),
                              "small.scene.yaml", in: dir)
        XCTAssertEqual(try scenec(["check", small]).status, 0)
        let lowered = try scenec(["check", small, "--max-text-bytes", "35000"])
        XCTAssertEqual(lowered.status, 1)
        XCTAssertTrue(lowered.stderr.contains("\(small):6:"), lowered.stderr)
    }

    /// Each limit is a default that an option raises, for the scene that really needs more.
    func testEachLimitIsRaisedByItsOption() throws {
        let corpus = repositoryRoot.appendingPathComponent("Tests/Corpus/bad")
        let work = try temporaryDirectory(self)
        let generated = try generatedInputs(in: work)
        func path(_ name: String) -> String {
            generated.first { $0.lastPathComponent == name }?.path ?? corpus.appendingPathComponent(name).path
        }
        let cases: [(String, [String])] = [
            ("nesting-too-deep.scene.yaml", ["--max-nesting", "100"]),
            ("too-many-views.scene.yaml", ["--max-views", "200000"]),
            ("million-frames.scene.yaml", ["--max-frames", "2000000"]),
            ("billion-pixels.scene.yaml", ["--max-pixels-per-side", "40000", "--max-pixels", "1100000000"]),
            ("twenty-mib.scene.yaml", ["--max-file-size", "30000000"]),
        ]
        for (name, options) in cases {
            XCTAssertEqual(try scenec(["check", path(name)]).status, 1, "\(name) is refused by default")
            let raised = try scenec(["check", path(name)] + options)
            XCTAssertEqual(raised.status, 0, "\(name) with \(options): \(raised.stderr)")
        }
    }
}
