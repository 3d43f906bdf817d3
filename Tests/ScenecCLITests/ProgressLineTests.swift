import XCTest

/// The progress line shows only on a terminal (never in CI logs), and --quiet hides it there too.
final class ProgressLineTests: XCTestCase {
    func frames(onTerminal: Bool, quiet: Bool) throws -> String {
        let dir = try temporaryDirectory(self)
        let scene = repositoryRoot.appendingPathComponent("scenes/anim-spring.scene.yaml").path
        var command = [scenecBinary().path, "frames", scene, "-o", dir.appendingPathComponent("%03d.png").path]
        if quiet { command.append("--quiet") }
        let process = Process()
        let pipe = Pipe()
        if onTerminal {
            // A chroot without /dev/pts (fresh-machine.sh) has no pseudo-terminals to lend.
            let pty = open("/dev/ptmx", O_RDWR | O_NOCTTY)
            guard pty >= 0 else { throw XCTSkip("this machine cannot open a pseudo-terminal") }
            close(pty)
            // util-linux's script gives the command a pseudo-terminal and copies what it shows.
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            process.arguments = ["-qec", command.map { "'\($0)'" }.joined(separator: " "), "/dev/null"]
        } else {
            process.executableURL = URL(fileURLWithPath: command[0])
            process.arguments = Array(command.dropFirst())
        }
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        XCTAssertEqual(fileNames(in: dir).count, 51)
        return String(decoding: data, as: UTF8.self)
    }

    func testATerminalSeesFrameCountRateAndTimeLeft() throws {
        let shown = try frames(onTerminal: true, quiet: false)
        XCTAssertTrue(shown.contains("frame 51 of 51, "), shown)
        XCTAssertTrue(shown.range(of: "frame [0-9]+ of 51, [0-9]+ frames/s, [0-9]+ s left", options: .regularExpression) != nil,
                      shown)
    }

    func testQuietHidesItOnATerminal() throws {
        let shown = try frames(onTerminal: true, quiet: true)
        XCTAssertEqual(shown, "")
    }

    func testNotATerminalShowsNothing() throws {
        let shown = try frames(onTerminal: false, quiet: false)
        XCTAssertEqual(shown, "")
    }
}
