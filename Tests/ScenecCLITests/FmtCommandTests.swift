import Foundation
import XCTest

/// `scenec fmt` as a process (docs/commands.md, scenec fmt): --check's diff and exit status, a
/// file that is not YAML left byte for byte, folders walked without following links out of them,
/// standard input, and every scene of scenes/ rendering to the same PNG bytes after it.
final class FmtCommandTests: XCTestCase {
    static let unformatted = """
        # the one view
        views:
            - {progress: 0.5, type: ring, frame: {x: 0, y: 0, width: 40, height: 40}}   # half
        canvas:
            width: 40
            height: 40

        """
    /// The comment directly above `views:` is its own, and moves with it.
    static let formatted = """
        canvas: {width: 40, height: 40}
        # the one view
        views:
          - type: ring
            frame: {x: 0, y: 0, width: 40, height: 40}
            progress: 0.5 # half

        """

    func testCheckPrintsAUnifiedDiffAndExits1ThenFmtWritesAndCheckExits0() throws {
        let dir = try temporaryDirectory(self)
        let path = try write(Self.unformatted, "a.scene.yaml", in: dir)
        let check = try scenec(["fmt", "--check", path])
        XCTAssertEqual(check.status, 1, check.stderr)
        XCTAssertTrue(check.stdoutText.hasPrefix("--- \(path)\n+++ \(path)\n@@ "), check.stdoutText)
        XCTAssertTrue(check.stdoutText.contains("\n+canvas: {width: 40, height: 40}\n"), check.stdoutText)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), Self.unformatted, "--check wrote the file")

        let run = try scenec(["fmt", path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), Self.formatted)
        let again = try scenec(["fmt", "--check", path])
        XCTAssertEqual(again.status, 0, again.stdoutText + again.stderr)
        XCTAssertEqual(again.stdoutText, "")
    }

    func testAFileThatIsNotYAMLIsLeftByteForByteWithItsLocatedError() throws {
        let dir = try temporaryDirectory(self)
        let text = "canvas: {width: 40, height: 40}\nviews:\n  - {type: ring\n"
        let path = try write(text, "bad.scene.yaml", in: dir)
        for arguments in [["fmt", path], ["fmt", "--check", path]] {
            let run = try scenec(arguments)
            XCTAssertEqual(run.status, 1, run.stderr)
            XCTAssertTrue(run.stderr.contains("\(path):4:1: error: "), run.stderr)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), Data(text.utf8))
        }
        XCTAssertEqual(fileNames(in: dir), ["bad.scene.yaml"], "a temporary file was left")
    }

    func testAFolderIsWalkedWithoutFollowingLinksOrEnteringHiddenFolders() throws {
        let dir = try temporaryDirectory(self), outside = try temporaryDirectory(self)
        let inside = try write(Self.unformatted, "scenes/deep/a.scene.yaml", in: dir)
        let hidden = try write(Self.unformatted, "scenes/.git/b.scene.yaml", in: dir)
        let notYAML = try write(Self.unformatted, "scenes/notes.txt", in: dir)
        let target = try write(Self.unformatted, "c.scene.yaml", in: outside)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("scenes/link.scene.yaml").path,
                                                   withDestinationPath: target)
        try FileManager.default.createSymbolicLink(atPath: dir.appendingPathComponent("scenes/out").path,
                                                   withDestinationPath: outside.path)
        let run = try scenec(["fmt", dir.appendingPathComponent("scenes").path])
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(try String(contentsOfFile: inside, encoding: .utf8), Self.formatted)
        for untouched in [hidden, notYAML, target] {
            XCTAssertEqual(try String(contentsOfFile: untouched, encoding: .utf8), Self.unformatted, untouched)
        }
    }

    func testStandardInputIsFormattedToStandardOutput() throws {
        let run = try scenec(["fmt", "-"], stdin: Data(Self.unformatted.utf8))
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertEqual(run.stdoutText, Self.formatted)
    }

    func testAReadOnlyFileIsRefusedAndLeftAlone() throws {
        let dir = try temporaryDirectory(self)
        let path = try write(Self.unformatted, "a.scene.yaml", in: dir)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        let run = try scenec(["fmt", path])
        XCTAssertNotEqual(run.status, 0)
        XCTAssertTrue(run.stderr.contains("read-only"), run.stderr)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), Self.unformatted)
    }

    /// Issue 30's acceptance over the corpora: every file that reads as YAML is formatted (none
    /// refused as a change of meaning), a second run changes nothing, and a file that does not
    /// read is left byte for byte.
    func testTheCorporaFormatAndASecondRunChangesNothing() throws {
        let dir = try temporaryDirectory(self)
        let corpus = dir.appendingPathComponent("Corpus")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Tests/Corpus"), to: corpus)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Examples"), to: dir.appendingPathComponent("Examples"))
        let run = try scenec(["fmt", corpus.path, dir.appendingPathComponent("Examples").path], timeout: 60)
        XCTAssertEqual(run.status, 1, "the corpus holds files that are not YAML")
        XCTAssertFalse(run.stderr.contains("would change what it says"), run.stderr)
        let again = try scenec(["fmt", "--check", corpus.path, dir.appendingPathComponent("Examples").path], timeout: 60)
        XCTAssertEqual(again.stdoutText, "", "a second fmt would change these")
        let unclosed = "Tests/Corpus/bad/yaml-unclosed-quote.scene.yaml"
        XCTAssertEqual(try Data(contentsOf: corpus.appendingPathComponent("bad/yaml-unclosed-quote.scene.yaml")),
                       try Data(contentsOf: repositoryRoot.appendingPathComponent(unclosed)))
    }

    func testFmtNeedsAPath() throws {
        let run = try scenec(["fmt"])
        XCTAssertEqual(run.status, 2, run.stderr)
    }

    /// Issue 30's acceptance: every scene of scenes/ renders to the same PNG bytes after fmt, and
    /// a second fmt changes nothing (small pictures, to stay quick).
    func testEverySceneRendersTheSameBytesAfterFmt() throws {
        let dir = try temporaryDirectory(self)
        let before = dir.appendingPathComponent("before"), after = dir.appendingPathComponent("after")
        let scenes = repositoryRoot.appendingPathComponent("scenes")
        try FileManager.default.copyItem(at: scenes, to: before)
        try FileManager.default.copyItem(at: scenes, to: after)
        let run = try scenec(["fmt", after.path])
        XCTAssertEqual(run.status, 0, run.stderr)
        let check = try scenec(["fmt", "--check", after.path])
        XCTAssertEqual(check.status, 0, "a second fmt would change: " + check.stdoutText)
        var changed = 0
        for name in fileNames(in: before) where name.hasSuffix(".scene.yaml") {
            let a = before.appendingPathComponent(name).path, b = after.appendingPathComponent(name).path
            if try Data(contentsOf: URL(fileURLWithPath: a)) != Data(contentsOf: URL(fileURLWithPath: b)) { changed += 1 }
            let pngA = dir.appendingPathComponent("a-\(name).png").path, pngB = dir.appendingPathComponent("b-\(name).png").path
            let renderA = try scenec(["render", a, "--scale", "0.25", "-o", pngA])
            XCTAssertEqual(renderA.status, 0, renderA.stderr)
            let renderB = try scenec(["render", b, "--scale", "0.25", "-o", pngB])
            XCTAssertEqual(renderB.status, 0, renderB.stderr)
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: pngA)), try Data(contentsOf: URL(fileURLWithPath: pngB)),
                           "\(name) renders differently after fmt")
        }
        XCTAssertGreaterThan(changed, 0, "fmt changed no scene, so the comparison shows nothing")
    }
}
