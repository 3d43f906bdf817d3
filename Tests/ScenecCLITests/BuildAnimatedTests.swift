import Foundation
import XCTest

/// `scenec build --animated` as a process: ffmpeg missing from the process's PATH stops the
/// build before anything is written, naming the package, an unknown mode is a usage error, and
/// frames in two formats are both written.
/// The animated files themselves (built once, reviewed frame by frame, video, stale modes) are
/// tested in-process in ScenecBuildTests (AnimatedBuildTests.swift).
extension BuildReviewTests {
    func testVideoNeedsFFmpegOnThePathAndAnUnknownModeIsAUsageError() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes"), out = dir.appendingPathComponent("out")
        try write(fadeScene(to: "#ff0000"), "fade.scene.yaml", in: scenes)
        let missing = try scenec(["build", scenes.path, "-o", out.path, "--animated", "mp4"],
                                 environment: ["PATH": dir.appendingPathComponent("empty").path])
        XCTAssertEqual(missing.status, 1, missing.stderr)
        XCTAssertEqual(missing.stderr,
                       "scenec: error: --animated mp4 is encoded by ffmpeg: ffmpeg is not installed (Debian package: ffmpeg)\n")
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing is built")

        let bad = try scenec(["build", scenes.path, "-o", out.path, "--animated", "mov"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--animated must be still, frames, flipbook, webp, apng, gif, mp4 or webm, not 'mov'"),
                      bad.stderr)
    }

    /// Acceptance 4 of issue 24: frames in two formats, as the command line asks for them
    /// (ScenecBuildTests.SharedFramesTests has their pixels, stale and prune).
    func testFramesInTwoFormatsAreBothWritten() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes"), out = dir.appendingPathComponent("out")
        try write(fadeScene(to: "#ff0000"), "fade.scene.yaml", in: scenes)
        let built = try scenec(["build", scenes.path, "-o", out.path, "--animated", "frames", "--formats", "png,svg"])
        XCTAssertEqual(built.status, 0, built.stderr)
        let frames = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("fade.frames").path).sorted()
        XCTAssertEqual(frames, (0..<5).flatMap { [String(format: "%04d.png", $0), String(format: "%04d.svg", $0)] })
    }
}
