import SceneCodecs
import XCTest
import SceneRender

/// Whatever happens, outputs are whole files or nothing, and the input is never lost.
final class OutputSafetyTests: XCTestCase {
    let longScene = """
        canvas: {width: 400, height: 400, scale: 2}
        views:
          - {id: r, type: ring, frame: {x: 0, y: 0, width: 400, height: 400}, lineWidth: 40}
        timeline:
          fps: 60
          duration: 100s
          animations:
            - {target: r.progress, from: 0, to: 1, duration: 100s}
        """

    func testInterruptedFramesLeaveCompleteFramesOnly() throws {
        let dir = try temporaryDirectory(self)
        let scene = dir.appendingPathComponent("long.scene.yaml")
        try longScene.write(to: scene, atomically: true, encoding: .utf8)
        let out = dir.appendingPathComponent("frames")
        for signal in [SIGINT, SIGTERM] {
            try? FileManager.default.removeItem(at: out)
            let process = Process()
            process.executableURL = scenecBinary()
            process.arguments = allowingTemporaryFolder(["frames", scene.path, "-o", out.appendingPathComponent("%05d.png").path, "--jobs", "2"])
            process.standardError = Pipe()
            try process.run()
            // Wait until it is well under way, then interrupt it as Ctrl-C (or a CI timeout) would.
            let deadline = Date().addingTimeInterval(20)
            while fileNames(in: out).filter({ $0.hasSuffix(".png") }).count < 20, Date() < deadline {
                Thread.sleep(forTimeInterval: 0.02)
            }
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 128 + signal, "exit status after signal \(signal)")
            let names = fileNames(in: out)
            XCTAssertFalse(names.isEmpty)
            XCTAssertLessThan(names.count, 6001, "it was interrupted")
            XCTAssertEqual(names.filter { !$0.hasSuffix(".png") }, [], "no temporary files remain")
            for name in names {
                let bytes = try [UInt8](Data(contentsOf: out.appendingPathComponent(name)))
                let image = try RasterImage(png: bytes)
                XCTAssertEqual(image.width, 800, name)
            }
        }
    }

    func testWriteFailuresExitThreeAndKeepThePreviousOutput() throws {
        let dir = try temporaryDirectory(self)
        let scene = dir.appendingPathComponent("s.scene.yaml")
        try "canvas: {width: 10, height: 10}\nviews: []\n".write(to: scene, atomically: true, encoding: .utf8)
        let full = try scenec(["render", scene.path, "-o", "/dev/full", "--format", "svg"])
        XCTAssertEqual(full.status, 3)
        XCTAssertTrue(full.stderr.contains("cannot write '/dev/full': No space left on device"), full.stderr)

        let locked = dir.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        let previous = locked.appendingPathComponent("s.png")
        try Data("previous".utf8).write(to: previous)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: locked.path) }
        // Root ignores directory permissions, so when the tests run as root (as CI does),
        // scenec runs as the unprivileged user 'nobody' through setpriv.
        var command = [scenecBinary().path] + allowingTemporaryFolder(["render", scene.path, "-o", previous.path])
        if getuid() == 0 {
            command = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        let errPipe = Pipe()
        process.standardError = errPipe
        try process.run()
        let stderr = String(decoding: errPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let readOnly = RunResult(status: process.terminationStatus, stdout: Data(), stderr: stderr)
        XCTAssertEqual(readOnly.status, 3)
        XCTAssertTrue(readOnly.stderr.contains("cannot write '\(previous.path)': Permission denied"), readOnly.stderr)
        XCTAssertEqual(try Data(contentsOf: previous), Data("previous".utf8))
    }

    func testTheInputIsNeverOverwritten() throws {
        let dir = try temporaryDirectory(self)
        let scene = dir.appendingPathComponent("s.scene.yaml")
        let text = "canvas: {width: 10, height: 10}\nviews: []\n"
        try text.write(to: scene, atomically: true, encoding: .utf8)
        for args in [["render", scene.path, "-o", scene.path, "--format", "png"],
                     ["render", scene.path, "-o", dir.path + "/./s.scene.yaml", "--format", "svg"],
                     ["frames", scene.path, "-o", scene.path, "--format", "pdf"]] {
            let r = try scenec(args)
            XCTAssertEqual(r.status, 2, r.stderr)
            XCTAssertTrue(r.stderr.contains("refusing to overwrite"), r.stderr)
        }
        XCTAssertEqual(try String(contentsOf: scene, encoding: .utf8), text)
    }
}
