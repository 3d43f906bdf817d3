import XCTest

/// `scenec build` as CI relies on it, as a process: nothing forged in the log, another executable
/// rebuilds, diagnostics in every run and format, builds that wait for each other and survive
/// being killed. The rest (the key, stale outputs, shards, the JUnit and JSON reports) is
/// ScenecBuildTests.BuildTrustTests, in-process.
final class BuildTrustTests: XCTestCase {
    let fm = FileManager.default

    func write(_ text: String, _ path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func ring(_ progress: Double, size: Int = 40) -> String {
        "canvas: {width: \(size), height: \(size)}\nviews:\n  - {id: r, type: ring, frame: {x: 0, y: 0, width: \(size), height: \(size)}, progress: \(progress)}\n"
    }

    /// `n` good scenes under root/scenes, in two folders.
    func makeScenes(_ root: URL, count n: Int, size: Int = 40) throws {
        for i in 0..<n { try write(ring(Double(i) / Double(n), size: size), "scenes/\(i % 2 == 0 ? "" : "b/")s\(i).scene.yaml", in: root) }
    }

    func summary(_ r: RunResult) -> String {
        r.stderr.split(separator: "\n").last { $0.hasPrefix("scenec build:") }.map(String.init) ?? r.stderr
    }

    // MARK: Acceptance 1: one workflow command per diagnostic.

    func testInjectedCRLFYieldsOneWorkflowCommandPerDiagnostic() throws {
        let root = try temporaryDirectory(self)
        try write("""
            canvas: {width: 40, height: 40}
            views:
              - {type: ring, frame: {x: 0, y: 0, width: 40, height: 40}, lineCap: "x\\r\\n::warning file=README.md,line=1::injected"}
              - {type: pie, frame: {x: 0, y: 0, width: 40, height: 40}, clockwise: "a\\rb\\nc%0A::error::x"}
            """, "scenes/evil.scene.yaml", in: root)
        let r = try scenec(["build", "scenes", "-o", "out", "--diagnostics", "github", "--diagnostics", "json:d.json"],
                           directory: root)
        XCTAssertEqual(r.status, 1)
        let lines = r.stdoutText.unicodeScalars.split(whereSeparator: { $0 == "\r" || $0 == "\n" }).map { String(String.UnicodeScalarView($0)) }
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("d.json"))) as? [[String: Any]])
        XCTAssertEqual(json.count, 2)
        XCTAssertEqual(lines.count, json.count, r.stdoutText)
        for line in lines {
            XCTAssertTrue(line.hasPrefix("::error file=scenes/evil.scene.yaml,line=3,") || line.hasPrefix("::error file=scenes/evil.scene.yaml,line=4,"), line)
        }
        XCTAssertTrue(lines[0].contains("x%0D%0A::warning file=README.md,line=1::injected"), lines[0])
        XCTAssertFalse(r.stderr.contains("\r"), "the text log shows control pictures, not a carriage return")
    }

    // MARK: Acceptance 2: the key names everything that changes the bytes.

    func testAChangedExecutableRebuildsEverything() throws {
        let root = try temporaryDirectory(self)
        try makeScenes(root, count: 4)
        // As built with uncommitted changes, so that its bytes name its renderer: a clean build's
        // sources, compiler and configuration name it (PackagingKeysTests).
        var binary = Data(try markedDirty([UInt8](try Data(contentsOf: scenecBinary()))))
        let copy = root.appendingPathComponent("scenec-copy")
        try binary.write(to: copy)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy.path)
        XCTAssertEqual(summary(try runProgram(copy, ["build", "scenes", "-o", "out"], directory: root)).prefix(28), "scenec build: 4 built, 0 up ")
        XCTAssertTrue(summary(try runProgram(copy, ["build", "scenes", "-o", "out"], directory: root)).contains("0 built, 4 up to date"))

        // One byte of a help text changed: the same version, another executable.
        let marker = Data("render every scene under directories".utf8)
        let at = try XCTUnwrap(binary.range(of: marker), "the help text is in the binary")
        binary[at.lowerBound] = UInt8(ascii: "R")
        let changed = root.appendingPathComponent("scenec-changed")
        try binary.write(to: changed)
        try fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: changed.path)
        // The same version report but for the renderer, which names the change.
        let changedReport = try runProgram(changed, ["--version"]).stdoutText.split(separator: "\n")
        let copyReport = try runProgram(copy, ["--version"]).stdoutText.split(separator: "\n")
        XCTAssertEqual(changedReport.filter { !$0.hasPrefix("renderer ") }, copyReport.filter { !$0.hasPrefix("renderer ") })
        XCTAssertNotEqual(changedReport.first { $0.hasPrefix("renderer ") }, copyReport.first { $0.hasPrefix("renderer ") })
        XCTAssertTrue(summary(try runProgram(changed, ["build", "scenes", "-o", "out"], directory: root)).contains("4 built, 0 up to date"))
    }

    func testAWarmBuildRepeatsWarningsAndWerrorFailsOnThem() throws {
        let root = try temporaryDirectory(self)
        try makeScenes(root, count: 2)
        try write("canvas: {width: 40, height: 40}\nviews:\n  - {type: clock, frame: {x: 0, y: 0, width: 40, height: 40}, time: now}\n",
                  "scenes/now.scene.yaml", in: root)
        let warning = "scenes/now.scene.yaml:3:69: warning: time: now is the local time at render"
        let cold = try scenec(["build", "scenes", "-o", "out"], directory: root)
        XCTAssertEqual(cold.status, 0)
        XCTAssertTrue(cold.stderr.contains(warning), cold.stderr)
        XCTAssertTrue(summary(cold).contains("3 built, 0 up to date, 0 failed, 1 warning"), cold.stderr)
        let warm = try scenec(["build", "scenes", "-o", "out", "--diagnostics", "text", "--diagnostics", "json:w.json"], directory: root)
        XCTAssertEqual(warm.status, 0)
        XCTAssertTrue(warm.stderr.contains(warning), "a warm build reports it again: \(warm.stderr)")
        XCTAssertTrue(summary(warm).contains("0 built, 3 up to date, 0 failed, 1 warning"), warm.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("w.json"))) as? [[String: Any]])
        XCTAssertEqual(json.first?["severity"] as? String, "warning")
        let werror = try scenec(["build", "scenes", "-o", "out", "--werror"], directory: root)
        XCTAssertEqual(werror.status, 1)
        XCTAssertTrue(werror.stderr.contains("scenes/now.scene.yaml:3:69: error: time: now"), werror.stderr)
        XCTAssertTrue(werror.stderr.contains("made an error by --werror"), werror.stderr)
    }

    // MARK: Acceptance 4: manifests merge and survive.

    func testTwoBuildsAtOnceIntoOneFolderWaitAndLoseNothing() throws {
        let root = try temporaryDirectory(self)
        try makeScenes(root, count: 16, size: 900)
        let first = try startScenec(["build", "scenes", "-o", "out", "--jobs", "1"], in: root)
        // The first build is held still while it has the folder's lock, until the second says
        // it waits: whatever the machine's load, the two builds overlap (a fixed pause before
        // starting the second raced with a busy machine).
        try waitUntilLocked(root.appendingPathComponent("out/.scenec-build.lock"), by: first)
        kill(first.process.processIdentifier, SIGSTOP)
        let second = try startScenec(["build", "scenes", "-o", "out", "--jobs", "1"], in: root)
        let waits = eventually { second.stderrSoFar.contains("is writing to 'out'; waiting for it to finish") }
        kill(first.process.processIdentifier, SIGCONT)
        let (a, b) = (first.wait(), second.wait())
        XCTAssertTrue(waits, b.stderr)
        XCTAssertEqual(a.status, 0, a.stderr)
        XCTAssertEqual(b.status, 0, b.stderr)
        XCTAssertTrue(b.stderr.contains("0 built, 16 up to date"), b.stderr)
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("out/.scenec-manifest.json"))) as? [String: Any])
        XCTAssertEqual((manifest["scenes"] as? [String: Any])?.count, 16)
    }

    /// Returns once another process holds `lock` (a `flock` this process cannot take), or fails
    /// the test when `running` ends first or a minute passes.
    func waitUntilLocked(_ lock: URL, by running: Running) throws {
        let locked = eventually {
            let fd = open(lock.path, O_RDONLY)
            guard fd >= 0 else { return false }
            defer { close(fd) }
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { flock(fd, LOCK_UN); return false }
            return errno == EWOULDBLOCK
        } until: { !running.process.isRunning }
        guard locked else { throw XCTSkip("never saw the first build take the lock: \(running.stderrSoFar)") }
    }

    /// Polls `condition` every 10 ms for up to a minute (a bound against a hang, not a timing).
    func eventually(_ condition: () -> Bool, until stop: () -> Bool = { false }) -> Bool {
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline {
            if condition() { return true }
            if stop() { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    func testAKilledBuildKeepsItsFinishedScenes() throws {
        let root = try temporaryDirectory(self)
        let total = 24
        try makeScenes(root, count: total, size: 1200)
        let run = try startScenec(["build", "scenes", "-o", "out", "--jobs", "1"], in: root)
        let journal = root.appendingPathComponent("out/.scenec-manifest.json.journal")
        let deadline = Date().addingTimeInterval(60)
        var finished = 0
        while Date() < deadline {
            finished = ((try? String(contentsOf: journal, encoding: .utf8)) ?? "").split(separator: "\n").count
            if finished >= total / 2 { break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        run.process.terminate()
        let killed = run.wait()
        XCTAssertEqual(killed.status, 128 + SIGTERM, killed.stderr)
        XCTAssertGreaterThanOrEqual(finished, total / 2)
        XCTAssertLessThan(finished, total, "the build was stopped before the end")
        let rerun = try scenec(["build", "scenes", "-o", "out", "--jobs", "2"], directory: root, timeout: 120)
        XCTAssertEqual(rerun.status, 0, rerun.stderr)
        let counts = summary(rerun)
        let upToDate = Int(counts.components(separatedBy: " built, ").last?.components(separatedBy: " up to date").first ?? "") ?? -1
        XCTAssertGreaterThanOrEqual(upToDate, finished, counts)
        XCTAssertTrue(counts.contains("scenec build: \(total - upToDate) built, \(upToDate) up to date"), counts)
    }

    // MARK: Acceptance 5: reports CI systems read.

    func testIOErrorsReachEveryFormatAndOrderIsStable() throws {
        let root = try temporaryDirectory(self)
        try makeScenes(root, count: 8)
        for i in [1, 4, 6] {
            try write("canvas: {width: 40, height: 40}\nviews: [{type: rng\(i)}]\n", "scenes/bad\(i).scene.yaml", in: root)
        }
        // A directory where an output goes: the write fails (exit 3).
        try fm.createDirectory(at: root.appendingPathComponent("out/s2.png"), withIntermediateDirectories: true)
        let args = ["build", "scenes", "-o", "out", "--keep-going", "--jobs", "2", "--diagnostics", "github",
                    "--diagnostics", "json:d.json", "--diagnostics", "text:d.txt"]
        let r = try scenec(args, directory: root)
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stdoutText.contains("::error file=out/s2.png::cannot write 'out/s2.png': it is a directory"), r.stdoutText)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("d.json"))) as? [[String: Any]])
        XCTAssertEqual(json.map { $0["file"] as? String ?? "" },
                       ["scenes/bad1.scene.yaml", "scenes/bad4.scene.yaml", "scenes/bad6.scene.yaml", "out/s2.png"])
        XCTAssertTrue(json.last?["line"] is NSNull)
        let text = try String(contentsOf: root.appendingPathComponent("d.txt"), encoding: .utf8)
        XCTAssertTrue(text.contains("scenec: error: cannot write 'out/s2.png': it is a directory"), text)
        for _ in 0..<3 {
            try? fm.removeItem(at: root.appendingPathComponent("out/.scenec-manifest.json"))
            let again = try scenec(args, directory: root)
            XCTAssertEqual(again.stdoutText, r.stdoutText, "the same order on every run")
        }
    }

    func testAnnotationsNameFilesRelativeToThePathRoot() throws {
        let root = try temporaryDirectory(self)
        try write("canvas: {width: 40, height: 40}\nviews: [{type: rng}]\n", "repo/design/scenes/bad.scene.yaml", in: root)
        let sub = root.appendingPathComponent("repo/design")
        let r = try scenec(["check", "scenes/bad.scene.yaml", "--diagnostics", "github", "--path-root", ".."], directory: sub)
        XCTAssertTrue(r.stdoutText.hasPrefix("::error file=design/scenes/bad.scene.yaml,line=2,"), r.stdoutText)
        try fm.createDirectory(at: root.appendingPathComponent("repo/.git"), withIntermediateDirectories: true)
        let git = try scenec(["check", "scenes/bad.scene.yaml", "--diagnostics", "github"], directory: sub)
        XCTAssertTrue(git.stdoutText.hasPrefix("::error file=design/scenes/bad.scene.yaml,line=2,"), "the git top level by default: \(git.stdoutText)")
    }

    func testNinjaEdgesCarryTheDiagnosticsFormatAndCheckEachSceneOnce() throws {
        let root = try temporaryDirectory(self)
        try makeScenes(root, count: 2)
        try write("canvas: {width: 40, height: 40}\nviews: [{type: rng}]\n", "scenes/bad.scene.yaml", in: root)
        let emit = try scenec(["build", "scenes", "-o", "out", "--formats", "png,svg,pdf", "--emit-ninja", "b.ninja",
                               "--diagnostics", "github"], directory: root)
        XCTAssertEqual(emit.status, 0, emit.stderr)
        let ninja = try String(contentsOf: root.appendingPathComponent("b.ninja"), encoding: .utf8)
        XCTAssertTrue(ninja.contains("out/bad.png out/bad.pdf out/bad.svg"), ninja)
        XCTAssertTrue(ninja.contains("\n  arguments = scenes\n"), "one edge builds the folder: \(ninja)")
        XCTAssertTrue(ninja.contains("--diagnostics github"), ninja)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["ninja", "-f", "b.ninja", "-k", "0"]
        p.currentDirectoryURL = root
        p.environment = environmentWithScenecOnPath()
        let pipe = Pipe()
        p.standardOutput = pipe
        p.standardError = pipe
        try p.run()
        let log = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertNotEqual(p.terminationStatus, 0)
        let annotations = log.split(separator: "\n").filter { $0.hasPrefix("::error file=scenes/bad.scene.yaml,line=2,") }
        XCTAssertEqual(annotations.count, 1, "one check for three formats: \(log)")
        let json = try scenec(["build", "scenes", "-o", "out", "--emit-ninja", "c.ninja", "--diagnostics", "json"], directory: root)
        XCTAssertEqual(json.status, 2, json.stderr)
    }

    /// A scenec process running in the background.
    struct Running {
        var process: Process
        /// Standard error goes to a file, so a test can read what was said so far.
        var log: URL
        var stderrSoFar: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }
        func wait() -> (status: Int32, stderr: String) {
            process.waitUntilExit()
            return (process.terminationStatus, stderrSoFar)
        }
    }

    func startScenec(_ arguments: [String], in directory: URL) throws -> Running {
        let p = Process()
        p.executableURL = scenecBinary()
        p.arguments = arguments
        p.currentDirectoryURL = directory
        let log = directory.appendingPathComponent("stderr-\(UUID().uuidString).txt")
        guard fm.createFile(atPath: log.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        p.standardError = try FileHandle(forWritingTo: log)
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        return Running(process: p, log: log)
    }
}
