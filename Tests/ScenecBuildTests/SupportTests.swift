import XCTest
import SceneFiles
import SceneSupport
import SceneSyntax
import ScenecBuild
import TestSupport

/// ScenecBuild's smaller pieces through their API: finding scenes, output names, scales, the
/// diagnostics reporter, ffmpeg's arguments, the executable's identity, threads and progress.
final class SupportTests: XCTestCase {
    func testScenesAreFoundInAStableOrderWithTheirOutputNames() throws {
        let project = try Project(self)
        try project.write(ringScene(0.5), "scenes/b/two.scene.yaml")
        try project.write(ringScene(0.5), "scenes/one.scene.yaml")
        try project.write("not a scene", "scenes/notes.yaml")
        let found: SceneFinder.Found = try SceneFinder.find([project.path("scenes")], scope: try project.settings().scope)
        XCTAssertEqual(found.problems, [])
        let entries: [SceneEntry] = found.scenes
        XCTAssertEqual(entries.map(\.relativePath), ["b/two.scene.yaml", "one.scene.yaml"])
        XCTAssertEqual(entries.map(\.outputStem), ["b/two", "one"])
        XCTAssertEqual(SceneFinder.folders([project.path("scenes")], scope: try project.settings().scope),
                       [project.path("scenes"), project.path("scenes/b")])

        let groups = OutputGroup.all(formats: [.png, .svg], animated: BuildPlan.Animated.webp, hasTimeline: true, preview: true)
        XCTAssertEqual(groups.map { $0.claimedName(stem: "b/two") }, ["b/two.png", "b/two.svg", "b/two.webp", "b/two.preview.html"])
        XCTAssertEqual(BuildPlan.Animated.mp4.animation, .mp4)
        XCTAssertNil(BuildPlan.Animated.flipbook.animation)
    }

    func testScalesAreParsedAndNamedAsApplesToolsNameThem() throws {
        XCTAssertEqual(try Scales.parse("3, 1,2x,2"), [1, 2, 3])
        XCTAssertThrowsError(try Scales.parse("0")) { XCTAssertTrue($0 is PlanError) }
        XCTAssertEqual(Scales.path("out/icon.png", scale: 2), "out/icon@2x.png")
        XCTAssertEqual(Scales.path("out/icon.png", scale: 1), "out/icon.png")
        XCTAssertEqual(Scales.word(1.5), "1.5x")
    }

    func testTheReporterCollectsJSONAndWritesItWhenDone() throws {
        let printed = Locked<[String]>([])
        let reporter = DiagnosticReporter(sinks: [DiagnosticReporter.Sink(format: DiagnosticReporter.Format.json)], pathRoot: nil,
                                          standardError: { text in printed.withLock { $0.append("err:" + text) } },
                                          standardOutput: { text in printed.withLock { $0.append("out:" + text) } })
        let file = SourceFile(name: "a.scene.yaml", bytes: Array("a: 1\n".utf8))
        let range = SourceRange(start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 1, column: 2))
        reporter.report([Diagnostic(.error, "bad", at: range)], in: file)
        XCTAssertEqual(printed.withLock { $0 }, [], "JSON waits for the end")
        try reporter.finish()
        let out = printed.withLock { $0 }
        XCTAssertEqual(out.count, 1)
        XCTAssertTrue(out[0].hasPrefix("out:[\n") && out[0].contains("\"message\": \"bad\""), out[0])
        let github = DiagnosticReporter(sinks: [.init(format: .github)], pathRoot: nil, standardError: { _ in }, standardOutput: { _ in })
        XCTAssertEqual(github.workflowCommand(Diagnostic(.warning, "w\nx", at: range), file: "a.scene.yaml"),
                       "::warning file=a.scene.yaml,line=1,col=1,endLine=1,endColumn=2::w%0Ax\n")
    }

    func testFFmpegGetsRawFramesAndAMissingOneIsSaidSo() throws {
        let arguments = FFmpegPipe.arguments(.mp4, width: 3, height: 2, timing: .init(fps: 30), output: "out.mp4")
        XCTAssertEqual(Array(arguments.prefix(12)), ["-hide_banner", "-nostdin", "-loglevel", "error", "-f", "rawvideo", "-pix_fmt", "bgr0",
                                                     "-s", "3x2", "-framerate", "30/1"])
        XCTAssertTrue(arguments.contains { $0.hasPrefix("pad=") }, "an odd side is padded")
        XCTAssertEqual(arguments.last, "out.mp4")
        let root = try XCTUnwrap(ProjectRoot(FileManager.default.temporaryDirectory.path))
        let missing: FFmpegPipe.Failure = AnimationWriter.ffmpegMissing("cannot write 'a.mp4'", root: root)
        XCTAssertTrue(missing.description.hasPrefix("cannot write 'a.mp4': ffmpeg is not installed (Debian package: ffmpeg)")
                      || FFmpegPipe.locate(outside: root) != nil, missing.description)
    }

    func testTheExecutableIdentityBlanksTheStampAndNamesTheLibraries() {
        XCTAssertEqual(ExecutableDigest.occurrences(of: [1, 2], in: [1, 2, 1, 2, 2]), [0..<2, 2..<4])
        XCTAssertEqual(ExecutableDigest.digest(of: Array("abcSTAMPdef".utf8), stamp: "STAMP"),
                       ExecutableDigest.digest(of: Array("abcXXXXXdef".utf8), stamp: "XXXXX"))
        let commit = String(repeating: "a", count: 40), tree = String(repeating: "b", count: 40)
        let clean = BuildOrigin(commit: commit, sources: tree, compiler: "Swift version 6.3")
        let report = BuildInfo.versionReport(origin: clean, renderer: "r")
        XCTAssertTrue(report.hasPrefix("scenec \(BuildInfo.version)\ncommit \(commit)\nsources \(tree)\ncompiler Swift version 6.3\n"
                                       + "configuration \(BuildInfo.configuration)\ncairo "), report)
        var digest = SHA256()
        digest.update("r")
        XCTAssertTrue(report.hasSuffix("\nrenderer \(digest.finish()) (keyed by the sources)\n"), report)
        // A clean build's identity is what it was made from, not its bytes.
        let identity = BuildInfo.rendererIdentity(origin: clean, stamp: "unused")
        XCTAssertTrue(identity.hasPrefix("sources \(tree) compiler Swift version 6.3 configuration \(BuildInfo.configuration) cairo "),
                      identity)
        XCTAssertNotEqual(BuildInfo.rendererIdentity(origin: BuildOrigin(commit: commit, sources: tree, compiler: "Swift version 6.4"),
                                                     stamp: "unused"), identity)
        // The libraries that draw, shape text and encode WebP, as they report themselves at run
        // time (a release number each), in the key and on their own --version line.
        for (name, version) in [("pixman", BuildInfo.pixmanVersion), ("freetype", BuildInfo.freetypeVersion),
                                ("harfbuzz", BuildInfo.harfbuzzVersion), ("fribidi", BuildInfo.fribidiVersion),
                                ("libwebp", BuildInfo.webpVersion), ("libwebpmux", BuildInfo.webpMuxVersion)] {
            XCTAssertNotNil(version.range(of: #"^[0-9]+\.[0-9]+\.[0-9]+$"#, options: .regularExpression), "\(name) \(version)")
            XCTAssertTrue(identity.contains(" \(name) \(version) "), identity)
            XCTAssertTrue(report.contains("\n\(name) \(version)\n"), report)
        }
        // Uncommitted changes, no git, or no compiler named: the executable's bytes name the code
        // (PackagingKeysTests runs such a binary; here that would hash this whole test bundle).
        for origin in [BuildOrigin(commit: commit + "-dirty", sources: "", compiler: "Swift version 6.3"),
                       BuildOrigin(commit: "unknown", sources: "", compiler: "Swift version 6.3"),
                       BuildOrigin(commit: commit, sources: tree, compiler: "unknown")] {
            XCTAssertFalse(origin.isClean, "\(origin)")
            let report = BuildInfo.versionReport(origin: origin, renderer: "r")
            XCTAssertTrue(report.contains("\nsources none (not a clean checkout)\n"), report)
            XCTAssertTrue(report.hasSuffix(" (keyed by the executable's bytes)\n"), report)
        }
        XCTAssertTrue(clean.isClean)
    }

    func testThreadsProgressInterruptsAndTheEnvironment() throws {
        let count = Locked(0)
        Parallel.threads(3) { count.withLock { $0 += 1 } }
        XCTAssertEqual(count.withLock { $0 }, 3)
        XCTAssertGreaterThanOrEqual(Parallel.cores, 1)
        let progress = Progress(total: 2, quiet: true)
        progress.frameDone()
        progress.frameDone()
        XCTAssertGreaterThan(Progress.now(), 0)
        // A temporary file registered while it is written is one Ctrl-C would remove.
        Interrupts.register("/nonexistent/scenec-test")
        Interrupts.unregister("/nonexistent/scenec-test")
        let project = try Project(self)
        XCTAssertEqual(try project.plan().sourceDateEpoch, nil)
        XCTAssertEqual(BuildPlan(inputs: [], outDir: "o", scene: try project.settings(), renderer: "r", scenecVersion: "v").sourceDateEpoch,
                       Environment.sourceDateEpoch)
        XCTAssertEqual(FileError("cannot write 'x'").message, "cannot write 'x'")
        XCTAssertEqual(PlanError("--shard is wrong").description, "--shard is wrong")
        let inputs = WatchLoop.Inputs(paths: ["a.scene.yaml"])
        XCTAssertEqual(inputs.folders, [])
        let sink: BuildSink = { _ in }
        sink(.warning("heard by nobody"))
        XCTAssertEqual(BuildPlan.NinjaPlan(path: "b.ninja", scenec: "/s", diagnostics: nil, project: [], budgets: []).diagnostics, nil)
    }
}
