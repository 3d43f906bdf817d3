import Foundation
import XCTest

/// Issue 24, acceptance 1: two runners — two checkouts at different paths, no shared local
/// state — share outputs through a real nginx WebDAV server speaking the Bazel HTTP
/// remote-cache protocol; every failure of the cache leaves a local build with one warning.
final class RemoteCacheTests: XCTestCase {
    private var server: NginxCache!
    static let sceneCount = 60

    override func setUpWithError() throws {
        server = try NginxCache.startedOrSkipped()
    }

    override func tearDown() {
        server?.stop()
    }

    func testASecondCheckoutRendersNothingAndACorruptBlobIsRenderedAgain() throws {
        let url = server.url("shared")
        let a = try checkout()
        let cold = try build(in: a, "--remote-cache", url)
        XCTAssertEqual(cold.status, 0, cold.stderr)
        XCTAssertEqual(try counts(a), .init(rendered: Self.sceneCount, fetched: 0), cold.stderr)
        XCTAssertEqual(server.requests(under: "shared").filter { $0.hasPrefix("PUT /shared/ac/") }.count, Self.sceneCount)

        let b = try checkout()
        let second = try build(in: b, "--remote-cache", url)
        XCTAssertEqual(second.status, 0, second.stderr)
        XCTAssertEqual(try counts(b), .init(rendered: 0, fetched: Self.sceneCount), second.stderr)
        XCTAssertTrue(second.stderr.contains("outputs: 0 rendered, \(Self.sceneCount) fetched from the remote cache"), second.stderr)
        XCTAssertFalse(second.stderr.contains("warning"), second.stderr)
        for name in outputNames() {
            XCTAssertEqual(try bytes(b, name), try bytes(a, name), name)
        }

        // One blob on the server changed: the third runner notices, renders that one output itself
        // (byte-identical to A's) and names it; the others still come from the cache.
        let victim = "s07.png"
        let sha = try manifestSHA(a, victim)
        try Data("not a picture".utf8).write(to: server.stored("shared/cas/" + sha))
        let c = try checkout()
        let third = try build(in: c, "--remote-cache", url)
        XCTAssertEqual(third.status, 0, third.stderr)
        XCTAssertEqual(try counts(c), .init(rendered: 1, fetched: Self.sceneCount - 1), third.stderr)
        let warnings = warningLines(third.stderr)
        XCTAssertEqual(warnings.count, 1, third.stderr)
        XCTAssertTrue(warnings.first?.contains("out/\(victim)") == true && warnings.first?.contains("does not match its digest") == true,
                      third.stderr)
        XCTAssertEqual(try bytes(c, victim), try bytes(a, victim))
    }

    func testARefusedCacheLeavesALocalBuildWithOneWarningAndTheHeaderIsNeverShown() throws {
        let url = server.url("locked")
        let refused = try checkout()
        // One job, so no second request is already in flight when the first is refused.
        let denied = try build(in: refused, "--remote-cache", url, "--jobs", "1")
        XCTAssertEqual(denied.status, 0, denied.stderr)
        let warnings = warningLines(denied.stderr)
        XCTAssertEqual(warnings.count, 1, denied.stderr)
        XCTAssertTrue(warnings.first?.contains("HTTP 401") == true, denied.stderr)
        XCTAssertEqual(try counts(refused), .init(rendered: Self.sceneCount, fetched: 0))
        XCTAssertEqual(server.requests(under: "locked").count, 1, "the remote is not asked again after the 401")

        // With the header from the environment (SCENEC_REMOTE_CACHE too): uploads, then a second
        // checkout fetches; the secret is in no output, report or manifest.
        let environment = ["SCENEC_REMOTE_CACHE": url, "SCENEC_REMOTE_CACHE_HEADER": "Authorization: " + NginxCache.secret]
        let a = try checkout(), b = try checkout()
        let first = try build(in: a, environment: environment)
        let second = try build(in: b, environment: environment)
        XCTAssertEqual(try counts(a), .init(rendered: Self.sceneCount, fetched: 0), first.stderr)
        XCTAssertEqual(try counts(b), .init(rendered: 0, fetched: Self.sceneCount), second.stderr)
        for run in [first, second] {
            XCTAssertFalse((run.stderr + run.stdoutText).contains("s3cret"))
        }
        for folder in [a, b] {
            for file in ["report.json", "out/.scenec-manifest.json"] {
                XCTAssertFalse(try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8).contains("s3cret"), file)
            }
        }
    }

    func testReadOnlyLooksUpButUploadsNothing() throws {
        let url = server.url("pr")
        let a = try checkout()
        let run = try build(in: a, "--remote-cache", url, "--remote-cache-read-only")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try counts(a), .init(rendered: Self.sceneCount, fetched: 0))
        let requests = server.requests(under: "pr")
        XCTAssertEqual(requests.filter { $0.hasPrefix("GET /pr/ac/") }.count, Self.sceneCount, requests.joined(separator: "\n"))
        XCTAssertEqual(requests.filter { !$0.hasPrefix("GET ") }, [], "read-only must not upload")
        XCTAssertFalse(FileManager.default.fileExists(atPath: server.stored("pr").path))
    }

    func testTheServerStoppedMidBuildLeavesALocalBuildWithOneWarning() throws {
        let url = server.url("outage")
        let a = try checkout()
        let log = a.appendingPathComponent("stderr.txt")
        XCTAssertTrue(FileManager.default.createFile(atPath: log.path, contents: nil))
        let process = Process()
        process.executableURL = scenecBinary()
        process.arguments = ["build", "scenes", "-o", "out", "--jobs", "1", "--report", "report.json", "--remote-cache", url]
        process.currentDirectoryURL = a
        process.standardError = try FileHandle(forWritingTo: log)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Held still once it has talked to the server a few times, whatever the machine's load;
        // the server is stopped; the build goes on.
        while process.isRunning, server.requests(under: "outage").count < 10 { usleep(500) }
        kill(process.processIdentifier, SIGSTOP)
        let stoppedMidBuild = process.isRunning
        server.stop()
        kill(process.processIdentifier, SIGCONT)
        process.waitUntilExit()
        let stderr = try String(contentsOf: log, encoding: .utf8)
        XCTAssertTrue(stoppedMidBuild, "the build ended before the server was stopped")
        XCTAssertEqual(process.terminationStatus, 0, stderr)
        let warnings = warningLines(stderr)
        XCTAssertEqual(warnings.count, 1, stderr)
        XCTAssertTrue(warnings.first?.contains("the rest of this build is local") == true, stderr)
        XCTAssertEqual(try counts(a), .init(rendered: Self.sceneCount, fetched: 0))
        for name in outputNames() { XCTAssertNotNil(try? bytes(a, name), name) }
    }

    /// The re-sharding: 4 shards built and uploaded, then the same scenes cut into 5 on
    /// other runners render nothing (without a shared cache, each shard kept only its own).
    func testReshardingFourToFiveRendersNothing() throws {
        let url = server.url("shards")
        let four = try checkout()
        for k in 1...4 {
            let run = try scenec(["build", "scenes", "-o", "out", "--shard", "\(k)/4", "--remote-cache", url], directory: four, timeout: 120)
            XCTAssertEqual(run.status, 0, run.stderr)
        }
        var fetched = 0
        for k in 1...5 {
            let runner = try checkout()
            let run = try scenec(["build", "scenes", "-o", "out", "--shard", "\(k)/5", "--report", "report.json", "--remote-cache", url],
                                 directory: runner, timeout: 120)
            XCTAssertEqual(run.status, 0, run.stderr)
            let counts = try counts(runner)
            XCTAssertEqual(counts.rendered, 0, run.stderr)
            fetched += counts.fetched
        }
        XCTAssertEqual(fetched, Self.sceneCount)
    }

    /// A Ninja file's edges are `scenec build`s, which read SCENEC_REMOTE_CACHE from the
    /// environment ninja runs them in (the file itself names no cache).
    func testNinjaEdgesFetchFromTheCacheNamedInTheEnvironment() throws {
        let url = server.url("ninja")
        let a = try checkout()
        XCTAssertEqual(try build(in: a, "--remote-cache", url).status, 0)
        let b = try checkout()
        let emitted = try scenec(["build", "scenes", "-o", "out", "--emit-ninja", "build.ninja"], directory: b)
        XCTAssertEqual(emitted.status, 0, emitted.stderr)
        XCTAssertFalse(try String(contentsOf: b.appendingPathComponent("build.ninja"), encoding: .utf8).contains(url))
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = scenecBinary().deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["SCENEC_REMOTE_CACHE"] = url
        let ninja = try runProgram(URL(fileURLWithPath: "/usr/bin/env"), ["ninja", "-C", b.path], environment: environment, timeout: 120)
        XCTAssertEqual(ninja.status, 0, ninja.stdoutText + ninja.stderr)
        XCTAssertTrue((ninja.stdoutText + ninja.stderr).contains("outputs: 0 rendered, \(Self.sceneCount) fetched from the remote cache"),
                      ninja.stdoutText + ninja.stderr)
        for name in outputNames() { XCTAssertEqual(try bytes(b, name), try bytes(a, name), name) }
        XCTAssertEqual(server.requests(under: "ninja").filter { $0.hasPrefix("PUT ") }.count, 2 * Self.sceneCount, "B fetched, uploaded nothing")
    }

    /// A server that takes the connection and never answers: the first request gives up after
    /// --remote-cache-timeout, one warning says so, and the build is local from then on.
    func testAServerThatNeverAnswersCostsOneTimeoutAndOneWarning() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        XCTAssertGreaterThanOrEqual(listener, 0)
        defer { close(listener) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) == 0 && getsockname(listener, $0, &length) == 0 }
        }
        XCTAssertTrue(bound && listen(listener, 16) == 0)
        // The kernel completes the connections (the backlog); nobody reads or answers them.
        let url = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))/silent"
        let a = try checkout()
        let run = try build(in: a, "--remote-cache", url, "--remote-cache-timeout", "0.5")
        XCTAssertEqual(run.status, 0, run.stderr)
        let warnings = warningLines(run.stderr)
        XCTAssertEqual(warnings.count, 1, run.stderr)
        XCTAssertTrue(warnings.first?.contains("timed out") == true, run.stderr)
        XCTAssertEqual(try counts(a), .init(rendered: Self.sceneCount, fetched: 0))
        let refused = try build(in: a, "--remote-cache", url, "--remote-cache-timeout", "0")
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--remote-cache-timeout must be a number greater than 0"), refused.stderr)
    }

    /// The pull-request review of docs/ci.md: main's build uploaded its outputs; a pull request's
    /// read-only build reviews against main's manifest alone (no baseline folder) and compares a
    /// changed output by its pixels, the baseline's bytes fetched from the cache by their digest.
    func testAReviewAgainstABaselineManifestComparesPixelsFetchedFromTheCache() throws {
        let url = server.url("main")
        let main = try checkout()
        let upload = try build(in: main, "--remote-cache", url)
        XCTAssertEqual(upload.status, 0, upload.stderr)

        let pr = try checkout()
        try write(ringScene(0.9, size: 24), "scenes/s03.scene.yaml", in: pr)
        try FileManager.default.copyItem(at: main.appendingPathComponent("out/.scenec-manifest.json"),
                                          to: pr.appendingPathComponent("main-manifest.json"))
        let review = try build(in: pr, "--remote-cache", url, "--remote-cache-read-only", "--baseline-manifest", "main-manifest.json")
        XCTAssertEqual(review.status, 0, review.stderr)
        XCTAssertEqual(try counts(pr), .init(rendered: 1, fetched: Self.sceneCount - 1), review.stderr)
        let summary = try XCTUnwrap(try JSONSerialization.jsonObject(
            with: Data(contentsOf: pr.appendingPathComponent("out/.scenec-review/summary.json"))) as? [String: Any])
        let outputs = try XCTUnwrap(summary["outputs"] as? [[String: Any]])
        let changed = outputs.filter { $0["verdict"] as? String == "changed" }
        XCTAssertEqual(changed.map { $0["path"] as? String }, ["s03.png"], "\(outputs)")
        XCTAssertNotEqual(changed.first?["comparedAs"] as? String, "sha256", "\(changed)")
        XCTAssertEqual(outputs.filter { $0["verdict"] as? String == "same" }.count, Self.sceneCount - 1)
        // The blob for the comparison was fetched; the read-only build stored nothing.
        let requests = server.requests(under: "main")
        let sha = try manifestSHA(main, "s03.png")
        XCTAssertTrue(requests.contains { $0.hasPrefix("GET /main/cas/\(sha)") }, requests.joined(separator: "\n"))
        XCTAssertEqual(requests.filter { $0.hasPrefix("PUT ") }.count, 2 * Self.sceneCount, "only main's build uploads")
    }

    // MARK: Helpers

    struct Counts: Equatable { var rendered: Int, fetched: Int }

    /// A clean checkout at a path of its own: the same scenes, nothing built.
    private func checkout() throws -> URL {
        let root = try temporaryDirectory(self)
        for i in 0..<Self.sceneCount {
            try write(ringScene(Double(i) / Double(Self.sceneCount), size: 24), String(format: "scenes/s%02d.scene.yaml", i), in: root)
        }
        return root
    }

    private func outputNames() -> [String] { (0..<Self.sceneCount).map { String(format: "s%02d.png", $0) } }

    private func build(in root: URL, _ options: String..., environment: [String: String] = [:]) throws -> RunResult {
        try scenec(["build", "scenes", "-o", "out", "--report", "report.json"] + options, environment: environment, directory: root,
                   timeout: 120)
    }

    private func counts(_ root: URL) throws -> Counts {
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("report.json"))) as? [String: Any])
        let summary = try XCTUnwrap(report["summary"] as? [String: Any])
        return Counts(rendered: summary["rendered"] as? Int ?? -1, fetched: summary["fetched"] as? Int ?? -1)
    }

    private func bytes(_ root: URL, _ name: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent("out/" + name))
    }

    private func manifestSHA(_ root: URL, _ output: String) throws -> String {
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("out/.scenec-manifest.json"))) as? [String: Any])
        let scenes = try XCTUnwrap(manifest["scenes"] as? [String: [String: Any]])
        let entry = try XCTUnwrap(scenes[output.replacingOccurrences(of: ".png", with: ".scene.yaml")])
        let outputs = try XCTUnwrap(entry["outputs"] as? [String: [String: Any]])
        return try XCTUnwrap(outputs[output]?["sha256"] as? String)
    }
}
