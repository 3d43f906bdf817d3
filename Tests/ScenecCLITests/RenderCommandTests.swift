import XCTest

final class RenderCommandTests: XCTestCase {
    let ring = """
        canvas: {width: 100, height: 100}
        views:
          - {type: ring, frame: {x: 0, y: 0, width: 100, height: 100}, progress: 0.5}
        """

    func testRendersEachFormatByExtension() throws {
        let dir = try temporaryDirectory(self)
        let scene = try write(ring, "r.scene.yaml", in: dir)
        let magic: [String: [UInt8]] = ["png": [0x89, 0x50, 0x4E, 0x47], "pdf": Array("%PDF".utf8),
                                        "svg": Array("<?xm".utf8)]
        for (ext, prefix) in magic {
            let out = dir.appendingPathComponent("r.\(ext)").path
            let result = try scenec(["render", scene, "-o", out])
            XCTAssertEqual(result.status, 0, result.stderr)
            XCTAssertEqual(result.stderr, "")
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
            XCTAssertEqual(Array(bytes.prefix(4)), prefix, ext)
        }
    }

    func testBadSceneExitsOneWritesNothingAndKeepsThePreviousOutput() throws {
        let dir = try temporaryDirectory(self)
        let good = try write(ring, "good.scene.yaml", in: dir)
        let out = dir.appendingPathComponent("out.png").path
        XCTAssertEqual(try scenec(["render", good, "-o", out]).status, 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: out))
        let bad = try write(ring.replacingOccurrences(of: "progress: 0.5", with: "progres: 0.5"), "bad.scene.yaml", in: dir)
        let result = try scenec(["render", bad, "-o", out])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("bad.scene.yaml:3:64: error: unknown attribute 'progres' for ring; did you mean 'progress'?"),
                      result.stderr)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: out)), before)
        XCTAssertEqual(fileNames(in: dir), ["bad.scene.yaml", "good.scene.yaml", "out.png"], "no temporary file left")
    }

    func testCommandLineErrorsExitTwo() throws {
        let dir = try temporaryDirectory(self)
        let scene = try write(ring, "r.scene.yaml", in: dir)
        for args in [["render"], ["render", scene], ["render", scene, "-o", dir.appendingPathComponent("x.jpg").path],
                     ["render", scene, "-o", "x.png", "--scale", "0"], ["render", scene, "-o", "x.png", "--bogus"],
                     ["rendr", scene], ["render", scene, "-o", scene]] {
            let result = try scenec(args)
            XCTAssertEqual(result.status, 2, "\(args): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("error:"), result.stderr)
        }
        XCTAssertEqual(try String(contentsOfFile: scene, encoding: .utf8), ring, "the scene is never overwritten")
    }

    func testUnreadableSceneAndUnwritableOutputExitThree() throws {
        let dir = try temporaryDirectory(self)
        let missing = try scenec(["render", dir.appendingPathComponent("none.scene.yaml").path, "-o", "x.png"])
        XCTAssertEqual(missing.status, 3)
        XCTAssertTrue(missing.stderr.contains("none.scene.yaml"), missing.stderr)
        let scene = try write(ring, "r.scene.yaml", in: dir)
        let full = try scenec(["render", scene, "-o", "/dev/full", "--format", "png"])
        XCTAssertEqual(full.status, 3, full.stderr)
        XCTAssertTrue(full.stderr.contains("/dev/full"), full.stderr)
        let intoDirectory = try scenec(["render", scene, "-o", dir.path, "--format", "png"])
        XCTAssertEqual(intoDirectory.status, 3, intoDirectory.stderr)
    }

    func testStandardOutputAndDevices() throws {
        let dir = try temporaryDirectory(self)
        let scene = try write(ring, "r.scene.yaml", in: dir)
        let result = try scenec(["render", scene, "-o", "-", "--format", "svg"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdoutText.hasPrefix("<?xml"))
        // Without --format, a pipe gets PNG.
        let png = try scenec(["render", scene, "-o", "-"])
        XCTAssertEqual(png.status, 0, png.stderr)
        XCTAssertEqual(Array(png.stdout.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        XCTAssertEqual(try scenec(["render", scene, "-o", "/dev/null", "--format", "png"]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: "/dev/null"))
    }

    /// A terminal is refused: picture bytes there only garble the screen. `script` gives the
    /// command a terminal as its standard output.
    func testStandardOutputOnATerminalIsRefused() throws {
        let script = URL(fileURLWithPath: "/usr/bin/script")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: script.path), "script(1) is not installed")
        // A container or chroot without /dev/pts has no pseudo-terminal to give.
        let probe = try runProgram(script, ["-qec", "true", "/dev/null"])
        try XCTSkipUnless(probe.status == 0, "script(1) cannot make a pseudo-terminal here: \(probe.stderr)")
        let dir = try temporaryDirectory(self)
        let scene = try write(ring, "r.scene.yaml", in: dir)
        let command = "'\(scenecBinary().path)' render '\(scene)' -o -"
        let result = try runProgram(script, ["-qec", command, "/dev/null"])
        XCTAssertEqual(result.status, 2, result.stdoutText)
        XCTAssertTrue(result.stdoutText.contains("-o - would write the picture to this terminal"), result.stdoutText)
    }

    func testCreatesMissingOutputDirectories() throws {
        let dir = try temporaryDirectory(self)
        let scene = try write(ring, "r.scene.yaml", in: dir)
        let out = dir.appendingPathComponent("a/b/r.png").path
        XCTAssertEqual(try scenec(["render", scene, "-o", out]).status, 0)
        XCTAssertTrue(FileManager.default.fileExists(atPath: out))
    }

    func testHelpAndVersion() throws {
        for args in [["--help"], ["render", "--help"], ["check", "--help"]] {
            let result = try scenec(args)
            XCTAssertEqual(result.status, 0)
            XCTAssertTrue(result.stdoutText.contains("usage: scenec"), result.stdoutText)
        }
        XCTAssertTrue(try scenec(["--version"]).stdoutText.hasPrefix("scenec "))
    }
}
