import Foundation
import XCTest
import ScenecBuild
import TestSupport

/// A cache that answers, but not with what scenec stored there (docs/security.md, "The remote
/// cache"): entries are rewritten in nginx's store between two checkouts' builds. An entry must
/// name exactly the files its group writes; a blob is not read past the size its entry declares;
/// an entry declaring more than a lookup takes is not fetched; a cache answering every request
/// with a login page is left after three bad answers with one warning; a password in the
/// cache's URL is never shown.
final class HostileCacheTests: XCTestCase {
    private var server: NginxCache?

    override func tearDown() {
        server?.stop()
    }

    /// 1 s at 10 fps: a frame count the test reads from the manifest.
    static let animation = FramesCommandTests.ringAndPie

    /// Finding 1: frames of every format share NAME.frames/, so an entry for the SVG frames must
    /// not write a PNG frame, an index.html or a frame past the timeline; an entry that leaves
    /// frames out is not taken either. Each is reported, its group rendered.
    func testAnEntryMustNameExactlyTheFilesItsGroupWrites() throws {
        let server = try startServer()
        let url = server.url("frames")
        let options = ["--formats", "png,svg", "--animated", "frames", "--remote-cache", url]
        let a = try checkout(["anim": Self.animation])
        XCTAssertEqual(try build(in: a, options).status, 0)
        let outputs = try manifestOutputs(a, scene: "anim")
        let svg = outputs.filter { $0.value.group == "frames.svg" }.sorted { $0.key < $1.key }
        let png = outputs.filter { $0.value.group == "frames.png" }.sorted { $0.key < $1.key }
        XCTAssertGreaterThanOrEqual(png.count, 4, "\(outputs)")
        XCTAssertEqual(png.count, svg.count)
        let file = { (path: String, output: Output) in ActionResult.OutputFile(path: path, sha256: output.sha256, size: output.size) }

        // Every blob the hostile entries list is in the store and matches its digest.
        let past = String(format: "anim.frames/%04d.svg", svg.count)
        let svgEntry = svg.map(file) + [file("anim.frames/0000.png", png[1].value), file("anim.frames/index.html", svg[0].value),
                                        file(past, svg[0].value)]
        try Data(ActionResult(outputFiles: svgEntry).encoded).write(to: server.stored("frames/ac/" + svg[0].value.key))
        let pngEntry = png.prefix(3).map(file)
        try Data(ActionResult(outputFiles: Array(pngEntry)).encoded).write(to: server.stored("frames/ac/" + png[0].value.key))

        let b = try checkout(["anim": Self.animation])
        let run = try build(in: b, options + ["--jobs", "1"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let warnings = warningLines(run.stderr)
        XCTAssertEqual(warnings.count, 2, run.stderr)
        XCTAssertTrue(warnings.contains { $0.contains("which this group does not write") && $0.contains("out/anim.frames/") }, run.stderr)
        XCTAssertTrue(warnings.contains { $0.contains("leaves out 'anim.frames/0003.png'") }, run.stderr)
        // The stills anim.png and anim.svg still come from the cache.
        XCTAssertEqual(try counts(b), Counts(rendered: png.count + svg.count, fetched: 2), run.stderr)
        for name in ["anim.frames/index.html", past] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: b.appendingPathComponent("out/" + name).path), name)
        }
        for (path, _) in png + svg {
            XCTAssertEqual(try Data(contentsOf: b.appendingPathComponent("out/" + path)), try Data(contentsOf: a.appendingPathComponent("out/" + path)),
                           path)
        }
        let recorded = try manifestOutputs(b, scene: "anim")
        XCTAssertEqual(Set(recorded.keys), Set(outputs.keys))
        let frames = recorded.filter { $0.value.group.hasPrefix("frames.") }
        XCTAssertTrue(frames.allSatisfy { $0.key.hasSuffix("." + $0.value.group.dropFirst("frames.".count)) }, "\(recorded)")
    }

    /// Finding 1 for an asset catalog: the image set's entry may not add a file (here a dark
    /// image for a scene without a dark look, which Xcode would pick up).
    func testAnImageSetEntryMayNotAddAFile() throws {
        let server = try startServer()
        let options = ["--remote-cache", server.url("assets")], catalog = ["--asset-catalog", "A.xcassets"]
        let a = try checkout(["s0": ringScene(0.4, size: 16)])
        XCTAssertEqual(try build(in: a, options, into: catalog).status, 0)
        let outputs = try manifestOutputs(a, scene: "s0", folder: "A.xcassets")
        XCTAssertTrue(outputs.keys.contains("s0.imageset/Contents.json"), "\(outputs)")
        let image = try XCTUnwrap(outputs["s0.imageset/s0.png"])
        let extra = "s0.imageset/s0-dark.png"
        let entry = outputs.map { ActionResult.OutputFile(path: $0.key, sha256: $0.value.sha256, size: $0.value.size) }
            + [.init(path: extra, sha256: image.sha256, size: image.size)]
        try Data(ActionResult(outputFiles: entry).encoded).write(to: server.stored("assets/ac/" + image.key))

        let b = try checkout(["s0": ringScene(0.4, size: 16)])
        let run = try build(in: b, options, into: catalog)
        XCTAssertEqual(run.status, 0, run.stderr)
        let warnings = warningLines(run.stderr)
        XCTAssertEqual(warnings.count, 1, run.stderr)
        XCTAssertTrue(warnings.first?.contains("names '\(extra)', which this group does not write") == true, run.stderr)
        XCTAssertEqual(try counts(b), Counts(rendered: outputs.count, fetched: 0), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: b.appendingPathComponent("A.xcassets/" + extra).path))
    }

    /// Finding 2: a blob is refused past the size its entry declares (a bad answer for that
    /// output, the cache kept), and an entry declaring more than `RemoteCache.maxEntry` in all is
    /// a miss whose blobs are never asked for.
    func testABlobPastItsDeclaredSizeIsBadAndAnEntryTooLargeIsNotFetched() throws {
        let server = try startServer()
        let url = server.url("sizes")
        let scenes = ["s0": ringScene(0.2, size: 24), "s1": ringScene(0.5, size: 24), "s2": ringScene(0.7, size: 24)]
        let a = try checkout(scenes)
        XCTAssertEqual(try build(in: a, ["--remote-cache", url]).status, 0)
        let s0 = try XCTUnwrap(manifestOutputs(a, scene: "s0")["s0.png"])
        let s1 = try XCTUnwrap(manifestOutputs(a, scene: "s1")["s1.png"])
        let short = ActionResult(outputFiles: [.init(path: "s0.png", sha256: s0.sha256, size: s0.size - 10)])
        try Data(short.encoded).write(to: server.stored("sizes/ac/" + s0.key))
        let huge = String(repeating: "ab", count: 32)
        let tooLarge = ActionResult(outputFiles: [.init(path: "s1.png", sha256: huge, size: RemoteCache.maxEntry + 1)])
        try Data(tooLarge.encoded).write(to: server.stored("sizes/ac/" + s1.key))

        let b = try checkout(scenes)
        let run = try build(in: b, ["--remote-cache", url, "--jobs", "1"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let warnings = warningLines(run.stderr)
        XCTAssertEqual(warnings.count, 1, run.stderr)
        XCTAssertTrue(warnings.first?.contains("out/s0.png") == true
                      && warnings.first?.contains("is larger than the \(s0.size - 10) bytes its entry declares") == true, run.stderr)
        // s2 still comes from the cache: a wrong answer is not the cache failing.
        XCTAssertEqual(try counts(b), Counts(rendered: 2, fetched: 1), run.stderr)
        XCTAssertFalse(server.requests(under: "sizes").contains { $0.contains("/cas/" + huge) }, "the too large entry's blob was asked for")
        for name in ["s0.png", "s1.png", "s2.png"] {
            XCTAssertEqual(try Data(contentsOf: b.appendingPathComponent("out/" + name)), try Data(contentsOf: a.appendingPathComponent("out/" + name)))
        }
    }

    /// Finding 6: a proxy answering every request with `200 <html>login</html>` gives three
    /// reports naming outputs and one warning turning the cache off, not one per output.
    func testALoginPageAnsweringEverythingIsLeftAfterThreeBadAnswers() throws {
        let server = try startServer()
        let scenes = Dictionary(uniqueKeysWithValues: (0..<12).map { ("s\($0)", ringScene(Double($0) / 12, size: 16)) })
        let a = try checkout(scenes)
        let run = try build(in: a, ["--remote-cache", server.url("login"), "--jobs", "1"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let warnings = warningLines(run.stderr)
        XCTAssertEqual(warnings.count, RemoteCache.maxBadAnswers + 1, run.stderr)
        XCTAssertEqual(warnings.filter { $0.contains("is not an ActionResult") }.count, RemoteCache.maxBadAnswers, run.stderr)
        XCTAssertTrue(warnings.last?.contains("the rest of this build is local") == true, run.stderr)
        XCTAssertEqual(try counts(a), Counts(rendered: scenes.count, fetched: 0))
        XCTAssertEqual(server.requests(under: "login").filter { $0.hasPrefix("GET /login/ac/") }.count, RemoteCache.maxBadAnswers)
    }

    /// Finding 8: `user:password@` is shown in no message, a usage error for a malformed URL
    /// included, from the option or SCENEC_REMOTE_CACHE.
    func testAPasswordInTheCacheURLIsNeverShown() throws {
        let root = try checkout(["s0": ringScene(0.3)])
        let given = try build(in: root, ["--remote-cache", "ci:hunter2@cache.example"])
        let variable = try build(in: root, [], environment: ["SCENEC_REMOTE_CACHE": "ci:hunter2@cache.example"])
        for run in [given, variable] {
            XCTAssertEqual(run.status, 2, run.stderr)
            XCTAssertTrue(run.stderr.contains("not 'cache.example'"), run.stderr)
        }
        // Well formed, nothing listening: the warning names the cache without its password.
        let refused = try build(in: root, ["--remote-cache", "http://ci:hunter2@127.0.0.1:1/x"])
        XCTAssertEqual(refused.status, 0, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("http://127.0.0.1:1/x"), refused.stderr)
        for run in [given, variable, refused] {
            XCTAssertFalse((run.stderr + run.stdoutText).contains("hunter2"), run.stderr)
        }
    }

    // MARK: Helpers

    struct Counts: Equatable { var rendered: Int, fetched: Int }
    struct Output { var group: String, key: String, sha256: String, size: Int }

    /// Started by the tests that need it (the password test does not).
    private func startServer() throws -> NginxCache {
        let started = try NginxCache.startedOrSkipped()
        server = started
        return started
    }

    /// A checkout with `scenes/NAME.scene.yaml` for each scene.
    private func checkout(_ scenes: [String: String]) throws -> URL {
        let root = try temporaryDirectory(self)
        for (name, text) in scenes { _ = try write(text, "scenes/\(name).scene.yaml", in: root) }
        return root
    }

    private func build(in root: URL, _ options: [String], into destination: [String] = ["-o", "out"],
                       environment: [String: String] = [:]) throws -> RunResult {
        try scenec(["build", "scenes", "--report", "report.json"] + destination + options, environment: environment, directory: root,
                   timeout: 60)
    }

    private func counts(_ root: URL) throws -> Counts {
        let report = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("report.json"))) as? [String: Any])
        let summary = try XCTUnwrap(report["summary"] as? [String: Any])
        return Counts(rendered: summary["rendered"] as? Int ?? -1, fetched: summary["fetched"] as? Int ?? -1)
    }

    /// The scene's outputs as the build folder's manifest records them.
    private func manifestOutputs(_ root: URL, scene: String, folder: String = "out") throws -> [String: Output] {
        let manifest = try XCTUnwrap(JSONSerialization.jsonObject(
            with: Data(contentsOf: root.appendingPathComponent(folder + "/.scenec-manifest.json"))) as? [String: Any])
        let scenes = try XCTUnwrap(manifest["scenes"] as? [String: [String: Any]])
        let outputs = try XCTUnwrap(scenes[scene + ".scene.yaml"]?["outputs"] as? [String: [String: Any]])
        return try outputs.mapValues { record in
            Output(group: try XCTUnwrap(record["group"] as? String), key: try XCTUnwrap(record["key"] as? String),
                   sha256: try XCTUnwrap(record["sha256"] as? String), size: try XCTUnwrap(record["size"] as? Int))
        }
    }
}
