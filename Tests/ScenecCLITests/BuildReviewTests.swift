import Foundation
import XCTest

/// `scenec build --baseline DIR` as a process: a baseline that is not there and review options
/// that make no sense stop the command before anything is built, with the exit status and the
/// message the console shows. The review itself (verdicts, summaries, the report in a browser)
/// is tested in-process in ScenecBuildTests.BaselineReviewTests.
final class BuildReviewTests: XCTestCase {
    /// A baseline that is not there, and review options that make no sense, stop the command
    /// before anything is built.
    func testAMissingBaselineAndMisplacedOptionsAreRefusedBeforeBuilding() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes")
        try write(ringScene(0.5), "s.scene.yaml", in: scenes)
        let out = dir.appendingPathComponent("out")
        let missing = try scenec(["build", scenes.path, "-o", out.path, "--baseline", dir.appendingPathComponent("nope").path])
        XCTAssertEqual(missing.status, 3, missing.stderr)
        XCTAssertTrue(missing.stderr.contains("the baseline '\(dir.path)/nope' is not a folder: No such file or directory"),
                      missing.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing is built")
        for args in [["--fail-on-change"], ["--threshold", "3"], ["--baseline", dir.path, "--shard", "1/2"],
                     ["--baseline", dir.path, "--emit-ninja", "b.ninja"], ["--baseline", dir.path, "--watch"]] {
            let result = try scenec(["build", scenes.path, "-o", out.path] + args)
            XCTAssertEqual(result.status, 2, "\(args): \(result.stderr)")
        }
        // A threshold that does not read (moved from testTheThresholdDecidesWhatCounts, whose
        // verdicts are ScenecBuildTests').
        for bad in ["256", "-1", "5,101%", "x", "5,", "5,2,3"] {
            let result = try scenec(["build", scenes.path, "-o", out.path, "--baseline", dir.path, "--threshold", bad])
            XCTAssertEqual(result.status, 2, "\(bad): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("--threshold takes N or N,S%"), result.stderr)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing is built")
        XCTAssertTrue(try scenec(["build", "--help"]).stdoutText.contains("--baseline DIR"))
    }
}
