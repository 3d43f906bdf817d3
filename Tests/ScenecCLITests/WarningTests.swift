import XCTest

/// `scenec check` prints SceneLint's warnings and still exits 0, and exits 1 for its errors (the
/// cases themselves are ScenecKitTests/SceneLintTests, in process).
final class WarningTests: XCTestCase {
    func testAWarningIsPrintedAndPassesAndALintErrorFails() throws {
        let dir = try temporaryDirectory(self)
        let head = "canvas: {width: 300, height: 300}\nviews:\n"
        let clock = "  - {id: c, type: clock, frame: {x: 0, y: 0, width: 136, height: 136}"
        let warned = try scenec(["check", try write(head + clock + ", minuteHandLength: 80}\n", "w.scene.yaml", in: dir)])
        XCTAssertEqual(warned.status, 0, warned.stderr)
        XCTAssertTrue(warned.stderr.contains("w.scene.yaml:3:90: warning: minuteHandLength of clock 'c' is 80"), warned.stderr)
        let failed = try scenec(["check", try write(head + clock + ", hourHandLength: -10}\n", "e.scene.yaml", in: dir)])
        XCTAssertEqual(failed.status, 1, failed.stderr)
        XCTAssertTrue(failed.stderr.contains("e.scene.yaml:3:88: error: hourHandLength of clock 'c' is -10"), failed.stderr)
    }
}
