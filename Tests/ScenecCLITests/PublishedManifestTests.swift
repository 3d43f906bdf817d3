import Foundation
import ScenecBuild
import SceneSupport
import TestSupport
import XCTest

/// A review against main's manifest fetched from the remote cache (issue 24, item 3): main's
/// build publishes its manifest under a name (`--publish-manifest main`), a pull request's
/// read-only build reviews against `--baseline-manifest cache:main` with no file and no folder of
/// main's. What the cache answers is as untrusted as any manifest. Against a real nginx WebDAV
/// server speaking the Bazel HTTP cache protocol.
final class PublishedManifestTests: XCTestCase {
    private var server: NginxCache!
    static let sceneCount = 6

    override func setUpWithError() throws {
        server = try NginxCache.startedOrSkipped()
    }

    override func tearDown() {
        server?.stop()
    }

    func testMainPublishesAndAPullRequestReviewsAgainstItWithoutAFile() throws {
        let url = server.url("team")
        let main = try checkout()
        let publish = try build(in: main, "--remote-cache", url, "--publish-manifest", "main")
        XCTAssertEqual(publish.status, 0, publish.stderr)
        XCTAssertTrue(publish.stderr.contains("the manifest published as 'main'"), publish.stderr)
        // The CAS holds main's manifest as saved, its entry under the name's key lists it.
        let saved = try Data(contentsOf: main.appendingPathComponent("out/.scenec-manifest.json"))
        XCTAssertEqual(try Data(contentsOf: server.stored("team/cas/" + sha256(saved))), saved)
        let entry = try XCTUnwrap(ActionResult(decoding: [UInt8](Data(contentsOf: server.stored("team/ac/" + PublishedManifest.key("main"))))))
        XCTAssertEqual(entry.outputFiles, [.init(path: ".scenec-manifest.json", sha256: sha256(saved), size: saved.count)])

        let pr = try checkout()
        _ = try write(ringScene(0.9, size: 24), "scenes/s03.scene.yaml", in: pr)
        let puts = server.requests(under: "team").filter { $0.hasPrefix("PUT ") }.count
        let review = try build(in: pr, "--remote-cache", url, "--remote-cache-read-only", "--baseline-manifest", "cache:main")
        XCTAssertEqual(review.status, 0, review.stderr)
        XCTAssertEqual(try verdicts(pr), ["s03.png": "changed"].merging(unchanged(but: "s03.png")) { a, _ in a }, review.stderr)
        XCTAssertTrue(review.stderr.contains("1 changed"), review.stderr)
        XCTAssertEqual(server.requests(under: "team").filter { $0.hasPrefix("PUT ") }.count, puts, "a read-only build publishes nothing")

        // main moves on and publishes again under the same name: the entry is replaced, and the
        // same pull request now matches it.
        _ = try write(ringScene(0.9, size: 24), "scenes/s03.scene.yaml", in: main)
        XCTAssertEqual(try build(in: main, "--remote-cache", url, "--publish-manifest", "main").status, 0)
        let again = try build(in: pr, "--remote-cache", url, "--remote-cache-read-only", "--baseline-manifest", "cache:main")
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(try verdicts(pr), unchanged(but: nil), again.stderr)
    }

    func testAMissingOrForgedPublicationStopsTheBuildBeforeItRenders() throws {
        let url = server.url("forged")
        let pr = try checkout()
        let missing = try build(in: pr, "--remote-cache", url, "--baseline-manifest", "cache:main")
        XCTAssertNotEqual(missing.status, 0)
        XCTAssertTrue(missing.stderr.contains("holds no manifest of that name"), missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: pr.appendingPathComponent("out/s00.png").path), "nothing built")

        // An entry whose bytes are not those its digest names.
        let manifest = Array(#"{"version": 0}"#.utf8)
        try store(ActionResult(outputFiles: [.init(path: ".scenec-manifest.json", sha256: sha256(Data(manifest)), size: manifest.count)]).encoded,
                  at: "forged/ac/" + PublishedManifest.key("main"))
        try store(Array("other bytes".utf8), at: "forged/cas/" + sha256(Data(manifest)))
        let forged = try build(in: pr, "--remote-cache", url, "--baseline-manifest", "cache:main")
        XCTAssertNotEqual(forged.status, 0)
        XCTAssertTrue(forged.stderr.contains("'cache:main' cannot be read"), forged.stderr)

        // An entry claiming a manifest larger than any the review reads: not even fetched.
        let huge = String(repeating: "a", count: 64)
        try store(ActionResult(outputFiles: [.init(path: ".scenec-manifest.json", sha256: huge, size: 1 << 40)]).encoded,
                  at: "forged/ac/" + PublishedManifest.key("huge"))
        let large = try build(in: pr, "--remote-cache", url, "--baseline-manifest", "cache:huge")
        XCTAssertNotEqual(large.status, 0)
        XCTAssertTrue(large.stderr.contains("more than the 256 MB"), large.stderr)
        XCTAssertFalse(server.requests(under: "forged").contains { $0.hasPrefix("GET /forged/cas/\(huge)") })
    }

    /// A published manifest is decoded and its paths checked like any: one naming a file outside
    /// the build folder is ignored with a warning, not reviewed.
    func testAPublishedManifestsPathsPassTheManifestRules() throws {
        let url = server.url("paths")
        let main = try checkout()
        XCTAssertEqual(try build(in: main, "--remote-cache", url, "--publish-manifest", "main").status, 0)
        let key = PublishedManifest.key("main")
        let entry = try XCTUnwrap(ActionResult(decoding: [UInt8](Data(contentsOf: server.stored("paths/ac/" + key)))))
        let original = try String(contentsOf: server.stored("paths/cas/" + entry.outputFiles[0].sha256), encoding: .utf8)
        XCTAssertTrue(original.contains("\"s00.png\""))
        let hostile = Data(original.replacingOccurrences(of: "\"s00.png\"", with: "\"../escape.png\"").utf8)
        try store([UInt8](hostile), at: "paths/cas/" + sha256(hostile))
        try store(ActionResult(outputFiles: [.init(path: ".scenec-manifest.json", sha256: sha256(hostile), size: hostile.count)]).encoded,
                  at: "paths/ac/" + key)

        let pr = try checkout()
        let review = try build(in: pr, "--remote-cache", url, "--remote-cache-read-only", "--baseline-manifest", "cache:main")
        XCTAssertEqual(review.status, 0, review.stderr)
        XCTAssertTrue(review.stderr.contains("'../escape.png'") && review.stderr.contains("ignored"), review.stderr)
        let verdicts = try verdicts(pr)
        XCTAssertNil(verdicts["../escape.png"])
        XCTAssertEqual(verdicts["s00.png"], "new", "\(verdicts)")
    }

    func testPublishingAsksForATrustedBuildOfTheWholeTree() throws {
        let root = try checkout()
        let url = server.url("refused")
        for (options, says) in [(["--publish-manifest", "main"], "give --remote-cache URL"),
                                (["--remote-cache", url, "--remote-cache-read-only", "--publish-manifest", "main"], "--remote-cache-read-only"),
                                (["--remote-cache", url, "--shard", "1/2", "--publish-manifest", "main"], "--shard"),
                                (["--remote-cache", url, "--publish-manifest", "main branch"], "letters, digits"),
                                (["--baseline-manifest", "cache:main"], "give --remote-cache URL")] {
            let run = try build(in: root, options)
            XCTAssertEqual(run.status, 2, "\(options): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(says), "\(options): \(run.stderr)")
        }
        XCTAssertEqual(server.requests(under: "refused"), [])
    }

    // MARK: Helpers

    private func checkout() throws -> URL {
        let root = try temporaryDirectory(self)
        for i in 0..<Self.sceneCount {
            _ = try write(ringScene(Double(i) / Double(Self.sceneCount), size: 24), String(format: "scenes/s%02d.scene.yaml", i), in: root)
        }
        return root
    }

    private func build(in root: URL, _ options: String...) throws -> RunResult {
        try build(in: root, options)
    }

    private func build(in root: URL, _ options: [String]) throws -> RunResult {
        try scenec(["build", "scenes", "-o", "out"] + options, directory: root, timeout: 120)
    }

    /// Every output's verdict in the review's summary.json.
    private func verdicts(_ root: URL) throws -> [String: String] {
        let summary = try XCTUnwrap(try JSONSerialization.jsonObject(
            with: Data(contentsOf: root.appendingPathComponent("out/.scenec-review/summary.json"))) as? [String: Any])
        let outputs = try XCTUnwrap(summary["outputs"] as? [[String: Any]])
        var verdicts: [String: String] = [:]
        for output in outputs {
            if let path = output["path"] as? String { verdicts[path] = output["verdict"] as? String }
        }
        return verdicts
    }

    private func unchanged(but changed: String?) -> [String: String] {
        var verdicts: [String: String] = [:]
        for i in 0..<Self.sceneCount where String(format: "s%02d.png", i) != changed {
            verdicts[String(format: "s%02d.png", i)] = "same"
        }
        return verdicts
    }

    /// Puts bytes on the server as a hostile cache would hold them.
    private func store(_ bytes: [UInt8], at path: String) throws {
        let file = server.stored(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: file)
    }

    private func sha256(_ data: Data) -> String { SHA256.hex([UInt8](data)) }
}
