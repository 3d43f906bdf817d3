import Foundation
import XCTest

/// `scenec edit` as a user meets it: the file replaced as an editor saves it, nothing written
/// when it should not be, and command-line mistakes told apart from scene errors.
final class EditCommandTests: XCTestCase {
    let scene = "canvas: {width: 100, height: 100}\nviews:\n  - {id: r, type: ring, frame: {x: 0, y: 0, width: 100, height: 100}}\n"

    func write(_ dir: URL, _ name: String = "s.scene.yaml") throws -> URL {
        let url = dir.appendingPathComponent(name)
        try Data(scene.utf8).write(to: url)
        return url
    }

    func testTheEditedFileKeepsItsPermissionsAndASymlinkStaysALink() throws {
        let dir = try temporaryDirectory(self)
        let target = try write(dir)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: target.path)
        let link = dir.appendingPathComponent("link.scene.yaml")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let result = try scenec(["edit", link.path, "--set", "r.progress=0.5"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let attributes = try FileManager.default.attributesOfItem(atPath: target.path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path)
        XCTAssertTrue(try String(contentsOf: target, encoding: .utf8).contains("progress: 0.5}"))
        XCTAssertEqual(fileNames(in: dir), ["link.scene.yaml", "s.scene.yaml"], "no temporary file left")
    }

    func testASceneItsOwnerMayNotWriteIsRefusedAndLeftByteIdentical() throws {
        let dir = try temporaryDirectory(self)
        let path = try write(dir)
        for mode in [0o444, 0o466] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path.path)
            let result = try scenec(["edit", path.path, "--set", "r.progress=0.5"])
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertTrue(result.stderr.contains("is read-only (its owner may not write it); nothing written"), result.stderr)
            XCTAssertEqual(try String(contentsOf: path, encoding: .utf8), scene)
            let attributes = try FileManager.default.attributesOfItem(atPath: path.path)
            XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, mode)
            XCTAssertEqual(try scenec(["edit", path.path, "--set", "r.progress=0.5", "--dry-run"]).status, 0,
                           "a dry run writes nothing, so it may look")
        }
        XCTAssertEqual(fileNames(in: dir), ["s.scene.yaml"], "no temporary file left")
    }

    func testTheEditedFileKeepsItsOwnerAndSetIDBits() throws {
        let dir = try temporaryDirectory(self)
        let path = try write(dir)
        try FileManager.default.setAttributes([.posixPermissions: 0o2640], ofItemAtPath: path.path)
        // Only root may give a file away; as another user the owner is ours already.
        let owner = geteuid() == 0 ? 12345 : Int(geteuid())
        if geteuid() == 0 { XCTAssertEqual(chown(path.path, 12345, 12346), 0) }
        let result = try scenec(["edit", path.path, "--set", "r.progress=0.5"])
        XCTAssertEqual(result.status, 0, result.stderr)
        var info = stat()
        XCTAssertEqual(stat(path.path, &info), 0)
        XCTAssertEqual(Int(info.st_mode & 0o7777), 0o2640)
        XCTAssertEqual(Int(info.st_uid), owner)
        XCTAssertTrue(try String(contentsOf: path, encoding: .utf8).contains("progress: 0.5}"))
    }

    /// Colours are written in the form given (issue 23): names stay names, a pair keeps its
    /// sides' names, alpha on a system colour is `{color, alpha}`, and a hex colour becoming
    /// the system colour of the same value is a change, not "unchanged".
    func testColoursAreWrittenInTheFormGiven() throws {
        let dir = try temporaryDirectory(self)
        let path = try write(dir)
        let paired = try scenec(["edit", path.path, "--set", "r.progressColor={light: systemRed, dark: systemBlue}",
                                 "--set", "r.trackColor={color: systemBlue, alpha: 0.8}"])
        XCTAssertEqual(paired.status, 0, paired.stderr)
        let text = try String(contentsOf: path, encoding: .utf8)
        XCTAssertTrue(text.contains("progressColor: {light: systemRed, dark: systemBlue}"), text)
        XCTAssertTrue(text.contains("trackColor: {color: systemBlue, alpha: 0.8}"), text)
        XCTAssertFalse(text.contains("#"), "no side flattened to hex: \(text)")

        XCTAssertEqual(try scenec(["edit", path.path, "--set", "r.labelColor=#0a84ff"]).status, 0)
        XCTAssertTrue(try String(contentsOf: path, encoding: .utf8).contains("labelColor: \"#0a84ff\""), "hex stays hex")
        let named = try scenec(["edit", path.path, "--set", "r.labelColor=systemBlue", "--dry-run", "--diff"])
        XCTAssertEqual(named.status, 0, named.stderr)
        XCTAssertTrue(named.stdoutText.contains("labelColor: systemBlue}\n"), "#0a84ff → systemBlue is a change: \(named.stdoutText)")
        let light = dir.appendingPathComponent("light.png"), dark = dir.appendingPathComponent("dark.png")
        XCTAssertEqual(try scenec(["render", path.path, "-o", light.path]).status, 0)
        XCTAssertEqual(try scenec(["render", path.path, "--appearance", "dark", "-o", dark.path]).status, 0)
        XCTAssertNotEqual(try Data(contentsOf: light), try Data(contentsOf: dark), "the pair draws each appearance its own")
    }

    func testDryRunWritesNothingAndDiffGoesToStandardOutput() throws {
        let dir = try temporaryDirectory(self)
        let path = try write(dir)
        let result = try scenec(["edit", "s.scene.yaml", "--set", "r.progress=0.5", "--dry-run", "--diff"], directory: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(try String(contentsOf: path, encoding: .utf8), scene)
        XCTAssertTrue(result.stdoutText.hasPrefix("--- a/s.scene.yaml\n+++ b/s.scene.yaml\n@@ -1,3 +1,3 @@\n"), result.stdoutText)
        XCTAssertTrue(result.stdoutText.contains("\n+  - {id: r, type: ring, frame: {x: 0, y: 0, width: 100, height: 100}, progress: 0.5}\n"))
        XCTAssertEqual(result.stderr, "")
    }

    func testARefusedEditLeavesTheFileAndSaysWhyAgainstTheOption() throws {
        let dir = try temporaryDirectory(self)
        let path = try write(dir)
        let result = try scenec(["edit", path.path, "--set", "r.progress=0.5", "--set", "r.lineCap=rund", "--diff"])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("--set r.lineCap=rund: error: lineCap cannot be 'rund'; did you mean 'round'?"),
                      result.stderr)
        XCTAssertEqual(result.stdout, Data())
        XCTAssertEqual(try String(contentsOf: path, encoding: .utf8), scene)
    }

    func testCommandLineMistakesExitTwo() throws {
        let dir = try temporaryDirectory(self)
        let path = try write(dir)
        for arguments in [["edit", path.path], ["edit", "-", "--set", "r.progress=1"], ["edit", path.path, "--set", "progress"],
                          ["edit", path.path, "--set-where-present", "--set", "r.progress=1"]] {
            let result = try scenec(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stderr)")
        }
        XCTAssertEqual(try String(contentsOf: path, encoding: .utf8), scene)
    }

    func testAMissingFileExitsThree() throws {
        let dir = try temporaryDirectory(self)
        let result = try scenec(["edit", dir.appendingPathComponent("none.scene.yaml").path, "--set", "r.progress=1"])
        XCTAssertEqual(result.status, 3, result.stderr)
    }

    func testEditIsListedWithItsHelp() throws {
        XCTAssertTrue(try scenec(["--help"]).stdoutText.contains("edit "))
        let help = try scenec(["edit", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdoutText.contains("usage: scenec edit SCENE [--set ADDRESS=VALUE...] [--move VIEW=INDEX...]"))
    }

    /// `--move VIEW=INDEX`: the view's line moves with the comment above it; a bad index is a
    /// scene error (1) naming the move, a malformed one a command-line error (2).
    func testMoveReordersViewsAndSaysWhyItCannot() throws {
        let dir = try temporaryDirectory(self)
        let text = "canvas: {width: 100, height: 100}\nviews:\n  - {id: r, type: ring, frame: {x: 0, y: 0, width: 100, height: 100}}\n"
            + "  # the pie\n  - {id: p, type: pie, frame: {x: 0, y: 0}}\n"
        let path = try TestSupport.write(text, "m.scene.yaml", in: dir)
        let moved = try scenec(["edit", path, "--move", "views[1]=0", "--diff"])
        XCTAssertEqual(moved.status, 0, moved.stderr)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8),
                       "canvas: {width: 100, height: 100}\nviews:\n  # the pie\n  - {id: p, type: pie, frame: {x: 0, y: 0}}\n"
                       + "  - {id: r, type: ring, frame: {x: 0, y: 0, width: 100, height: 100}}\n")
        XCTAssertTrue(moved.stdoutText.contains("\n-  - {id: r, type: ring") && moved.stdoutText.contains("\n+  - {id: r, type: ring"), moved.stdoutText)
        let out = try scenec(["edit", path, "--move", "views[1]=2"])
        XCTAssertEqual(out.status, 1)
        XCTAssertTrue(out.stderr.contains("move views[1] to 2: error: views holds 2 views: to must be 0 to 1, not 2"), out.stderr)
        for malformed in ["views[1]", "views[1]=-1", "r=0", "views[1].progress=0", "views[1]=+1", "views[1]=1.5", "views[1]="] {
            let result = try scenec(["edit", path, "--move", malformed])
            XCTAssertEqual(result.status, 2, malformed)
            XCTAssertFalse(result.stderr.isEmpty, malformed)
        }
    }
}
