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

    /// Runs scenec with posix_spawn and reads its own peak memory from wait4's rusage.
    func measure(_ arguments: [String], in dir: URL) throws -> Measured {
        let errPath = dir.appendingPathComponent("stderr.txt").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        let argv = ([scenecBinary().path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var env = ProcessInfo.processInfo.environment
        env["SWIFT_BACKTRACE"] = "enable=no"
        let envp = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let start = Date()
        guard posix_spawn(&pid, scenecBinary().path, &actions, nil, argv, envp) == 0 else {
            throw XCTSkip("cannot start scenec")
        }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        let seconds = Date().timeIntervalSince(start)
        let stderr = (try? String(contentsOfFile: errPath)) ?? ""
        try? FileManager.default.removeItem(atPath: errPath)
        let exited = (status & 0x7f) == 0
        return Measured(status: exited ? (status >> 8) & 0xff : -(status & 0x7f), seconds: seconds,
                        peakMB: Double(usage.ru_maxrss) / 1024, stderr: stderr)
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
                let m = try measure(command, in: work)
                let name = "\(input.lastPathComponent) (\(command[0]))"
                XCTAssertEqual(m.status, 1, "\(name): \(m.stderr)")
                let first = m.stderr.split(separator: "\n").first.map(String.init) ?? ""
                XCTAssertTrue(first.range(of: "^.+:[0-9]+:[0-9]+: error: ", options: .regularExpression) != nil,
                              "\(name) has no located error: \(first)")
                XCTAssertLessThan(m.seconds, 2, "\(name) took \(m.seconds) s")
                XCTAssertLessThan(m.peakMB, 200, "\(name) peaked at \(m.peakMB) MB")
                if m.seconds > slowest.0 { slowest = (m.seconds, name) }
                if m.peakMB > largest.0 { largest = (m.peakMB, name) }
            }
        }
        XCTAssertEqual(fileNames(in: out), [], "nothing is written")
        print("hostile inputs: \(inputs.count); slowest \(slowest.1) \(slowest.0) s; most memory \(largest.1) \(largest.0) MB")
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
