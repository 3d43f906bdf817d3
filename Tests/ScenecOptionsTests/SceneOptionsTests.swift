import CommandLineOptions
import Foundation
import SceneCodecs
import SceneFiles
import SceneModel
import ScenecBuild
import ScenecKit
import ScenecOptions
import TestSupport
import XCTest

/// The shared groups read from a command line's words into the libraries' settings, in-process.
final class SceneOptionsTests: XCTestCase {
    /// The message of the usage error `body` throws.
    func usageError(_ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) -> String {
        do {
            try body()
            XCTFail("no usage error", file: file, line: line)
        } catch let error as UsageError {
            return error.message
        } catch {
            XCTFail("not a usage error: \(error)", file: file, line: line)
        }
        return ""
    }

    // MARK: limits (LimitOptions, TakesLimits)

    func testNoWordsGiveTheDefaults() throws {
        let options = try Streams().read([])
        let defaults = Frontend()
        XCTAssertEqual(options.maxFileSize, SceneReading.maxFileSize)
        XCTAssertEqual(options.frontend.readerLimits.maxNodes, defaults.readerLimits.maxNodes)
        XCTAssertEqual(options.frontend.readerLimits.maxTextBytes, defaults.readerLimits.maxTextBytes)
        XCTAssertEqual(options.frontend.options.maxViews, defaults.options.maxViews)
        XCTAssertEqual(options.frontend.options.maxNesting, defaults.options.maxNesting)
        XCTAssertEqual(options.frontend.options.maxPixels, defaults.options.maxPixels)
        XCTAssertEqual(options.frontend.options.maxPixelsPerSide, defaults.options.maxPixelsPerSide)
        XCTAssertEqual(options.frontend.options.maxFrames, defaults.options.maxFrames)
        XCTAssertEqual(options.sceneTimeout, SceneTimeoutOption.defaultSeconds)
        XCTAssertEqual(options.frontend.options.appearance, .light)
        XCTAssertTrue(options.frontend.options.overrides.isEmpty)
        XCTAssertTrue(options.frontend.options.overridesMustMatch)
        XCTAssertEqual(options.reporter.sinks, [DiagnosticReporter.Sink(format: .text)])
        // The project defaults to the working directory's (its git repository's top level).
        XCTAssertEqual(options.scope, ReadScope.current())
        XCTAssertEqual(options.frontend.options.readScope, options.scope)
    }

    func testRaisedLimitsReachTheFrontendAndTheSettings() throws {
        let options = try Streams().read([
            "--max-file-size", "5", "--max-nodes", "6", "--max-text-bytes", "7", "--max-views", "8", "--max-nesting", "9",
            "--max-pixels", "100000000", "--max-pixels-per-side", "20000", "--max-frames", "11", "--scene-timeout", "2.5",
        ])
        XCTAssertEqual(options.maxFileSize, 5)
        XCTAssertEqual(options.frontend.readerLimits.maxNodes, 6)
        XCTAssertEqual(options.frontend.readerLimits.maxTextBytes, 7)
        XCTAssertEqual(options.frontend.options.maxViews, 8)
        XCTAssertEqual(options.frontend.options.maxNesting, 9)
        XCTAssertEqual(options.frontend.options.maxPixels, 100_000_000)
        XCTAssertEqual(options.frontend.options.maxPixelsPerSide, 20_000)
        XCTAssertEqual(options.frontend.options.maxFrames, 11)
        XCTAssertEqual(options.sceneTimeout, 2.5)
        let settings = options.settings
        XCTAssertEqual(settings.maxFileSize, 5)
        XCTAssertEqual(settings.sceneTimeout, 2.5)
        XCTAssertEqual(settings.frontend.options.maxPixels, 100_000_000)
        XCTAssertEqual(settings.scope, options.scope)
        _ = options.deadline()  // a deadline of 2.5 seconds from now; the limit itself is SceneDeadline's
    }

    func testABadLimitIsAUsageErrorNamingTheOption() {
        let streams = Streams()
        XCTAssertEqual(usageError { _ = try streams.read(["--max-pixels", "0"]) },
                       "--max-pixels must be a whole number of at least 1, not '0'")
        XCTAssertEqual(usageError { _ = try streams.read(["--max-nodes", "-1"]) },
                       "--max-nodes must be a whole number of at least 1, not '-1'")
        XCTAssertEqual(usageError { _ = try streams.read(["--scene-timeout", "abc"]) },
                       "--scene-timeout must be a number greater than 0, not 'abc'")
        XCTAssertEqual(usageError { _ = try streams.readProjectAndLimits(["--max-views", "x"]) },
                       "--max-views must be a whole number of at least 1, not 'x'")
    }

    func testTheLimitsGroupShowsEachDefault() {
        XCTAssertEqual(LimitOptions.all.map(\.name), ["--max-file-size", "--max-nodes", "--max-text-bytes", "--max-views", "--max-nesting",
                                                      "--max-pixels", "--max-pixels-per-side", "--max-frames"])
        XCTAssertTrue(LimitOptions.all.allSatisfy { $0.group == LimitOptions.group })
        XCTAssertEqual(LimitOptions.maxFileSize.declaration.defaultText, "\(SceneReading.maxFileSize)")
        XCTAssertEqual(SceneTimeoutOption.sceneTimeout.declaration.group, LimitOptions.group)
    }

    // MARK: the project (ProjectOptions, TakesProject)

    func testRootAndAllowReadMakeTheReadScope() throws {
        let dir = try temporaryDirectory(self)
        let project = dir.appendingPathComponent("project"), themes = dir.appendingPathComponent("themes")
        for folder in [project, themes] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        let root = try XCTUnwrap(ProjectRoot(project.path)), shared = try XCTUnwrap(ProjectRoot(themes.path))

        let options = try Streams().read(["--root", project.path, "--allow-read", themes.path])
        XCTAssertEqual(options.scope, ReadScope(root: root, allowed: [shared]))
        XCTAssertEqual(options.settings.scope, options.scope)
        XCTAssertEqual(options.frontend.options.readScope, options.scope)
        XCTAssertEqual(options.reporter.pathRoot, root)
        // The old name, and the same options for a command scenec runs for itself.
        XCTAssertEqual(try Streams().read(["--path-root", project.path]).scope.root, root)
        XCTAssertEqual(ProjectOptions.arguments(options.scope), ["--root", root.directory, "--allow-read", shared.directory])
        // The language server's reading takes the project too.
        XCTAssertEqual(try Streams().readProjectAndLimits(["--root", project.path, "--max-views", "7"]).scope.root, root)
    }

    func testARootThatIsNoFolderIsAUsageError() throws {
        let dir = try temporaryDirectory(self)
        let file = try write("not a folder", "file.txt", in: dir)
        XCTAssertEqual(usageError { _ = try Streams().read(["--root", dir.appendingPathComponent("nowhere").path]) },
                       "--root '\(dir.appendingPathComponent("nowhere").path)' is not a directory")
        XCTAssertEqual(usageError { _ = try Streams().read(["--allow-read", file]) }, "--allow-read '\(file)' is not a directory")
        XCTAssertEqual(try ProjectOptions.folder("--root", dir.path).directory, try XCTUnwrap(ProjectRoot(dir.path)).directory)
    }

    // MARK: diagnostics (DiagnosticOptions)

    func testDiagnosticsToAFileKeepTextOnStandardError() throws {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("diagnostics.json").path
        let streams = Streams()
        let options = try streams.read(["--diagnostics", "json:" + path, "--diagnostics", "json:" + path])
        // Given twice, kept once; with every format in a file, text still goes to standard error.
        XCTAssertEqual(options.reporter.sinks, [.init(format: .json, file: path), .init(format: .text)])
        options.reporter.error("cannot read it", path: "a.scene.yaml")
        try options.reporter.finish()
        XCTAssertEqual(streams.errorText, "scenec: error: cannot read it\n")
        XCTAssertEqual(streams.outputText, "")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertTrue(written.hasPrefix("[\n") && written.contains("cannot read it"), written)
    }

    func testDiagnosticsOnTheStreams() throws {
        let streams = Streams()
        let options = try streams.read(["--diagnostics", "json", "--diagnostics", "github"])
        XCTAssertEqual(options.reporter.sinks, [.init(format: .json), .init(format: .github)])
        try options.reporter.finish()
        XCTAssertEqual(streams.outputText, "[]\n")
        XCTAssertEqual(streams.errorText, "")
        XCTAssertEqual(DiagnosticOptions.all.map(\.name), ["--diagnostics"])
    }

    func testABadDiagnosticsFormatIsAUsageError() {
        XCTAssertEqual(usageError { _ = try Streams().read(["--diagnostics", "xml"]) },
                       "--diagnostics must be text, json or github, optionally with :FILE, not 'xml'")
        XCTAssertEqual(usageError { _ = try Streams().read(["--diagnostics", "json:"]) }, "--diagnostics json: names no file after ':'")
    }

    func testTheLanguageServerReportsAsText() throws {
        XCTAssertEqual(try Streams().readProjectAndLimits([]).reporter.sinks, [.init(format: .text)])
    }

    // MARK: values (OverrideOptions, ReadsScenes, MaySkipSets)

    func testSetAndAppearanceReachTheChecker() throws {
        let options = try Streams().read(["--set", "ring.progress=0.3", "--set", "canvas.background=white", "--appearance", "dark"])
        XCTAssertEqual(options.frontend.options.overrides.map(\.valueText), ["0.3", "white"])
        XCTAssertEqual(options.frontend.options.appearance, .dark)
        XCTAssertTrue(options.frontend.options.overridesMustMatch)
        XCTAssertFalse(try Streams().read(["--set", "ring.progress=0.3", "--set-where-present"]).frontend.options.overridesMustMatch)
    }

    func testABadSetOrAppearanceIsAUsageError() {
        XCTAssertTrue(usageError { _ = try Streams().read(["--set", "x"]) }.hasPrefix("--set needs ADDRESS=VALUE"))
        XCTAssertTrue(usageError { _ = try Streams().read(["--appearance", "drak"]) }.hasPrefix("--appearance must be light or dark, not 'drak'"))
    }

    func testACommandThatWritesEachSetHasNoSetWherePresent() throws {
        XCTAssertTrue(try Streams().read(["--set", "a.b=1"], as: EditingCommand.self).frontend.options.overridesMustMatch)
        XCTAssertTrue(usageError { _ = try Streams().read(["--set-where-present"], as: EditingCommand.self) }
            .hasPrefix("unknown option '--set-where-present'"))
        XCTAssertEqual(OverrideOptions.all.map(\.name), ["--set", "--set-where-present", "--appearance"])
    }

    func testTheGroupsEveryReadingCommandTakes() {
        let expected = DiagnosticOptions.all + ProjectOptions.all + OverrideOptions.all + LimitOptions.all
            + [SceneTimeoutOption.sceneTimeout.declaration]
        XCTAssertEqual(SceneOptionGroups.all.map(\.name), expected.map(\.name))
        let commands: [any CommandOptions.Type] = [PictureCommand.self, EditingCommand.self, ServerCommand.self]
        XCTAssertEqual(commands.map { $0.all.contains { $0.name == "--root" } }, [true, true, true])
        XCTAssertEqual(commands.map { $0.all.contains { $0.name == "--diagnostics" } }, [true, true, false])
    }

    /// A scene without imports is watched alone; one that cannot be read too.
    func testTheWatchedFilesOfAScene() throws {
        let dir = try temporaryDirectory(self)
        let scene = try write("canvas: {width: 10, height: 10}\nviews: []\n", "a.scene.yaml", in: dir)
        let options = try Streams().read(["--root", dir.path])
        XCTAssertEqual(options.watchedFiles(scene), [scene])
        XCTAssertEqual(options.watchedFiles(dir.appendingPathComponent("missing.scene.yaml").path),
                       [dir.appendingPathComponent("missing.scene.yaml").path])
    }
}
