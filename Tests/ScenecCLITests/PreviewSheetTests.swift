import Foundation
import XCTest

/// `scenec preview --static` as a process: it writes the sheet and exits 0, and its mistakes
/// exit 2 (usage) or 1 (a bad value). (The sheet's content is ScenePreviewTests/StaticSheetTests,
/// in process.)
final class PreviewSheetTests: XCTestCase {
    let showcase = repositoryRoot.appendingPathComponent("scenes/showcase.scene.yaml").path

    func testTheSheetIsWrittenAndBadOptionsAreUsageErrors() throws {
        let dir = try temporaryDirectory(self)
        let sheet = dir.appendingPathComponent("sheet.html")
        let ok = try scenec(["preview", showcase, "--static", "-o", sheet.path, "--vary", "download.progress=0,1"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(try String(contentsOf: sheet, encoding: .utf8).contains("<figure class=\"cell\" id=\"cell-1\">"))
        let tooMany = try scenec(["preview", showcase, "--static", "-o", sheet.path,
                                  "--vary", "download.progress=0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8",
                                  "--vary", "upload.progress=0,0.1,0.2,0.3,0.4,0.5,0.6,0.7"])
        XCTAssertEqual(tooMany.status, 2, tooMany.stderr)
        XCTAssertTrue(tooMany.stderr.contains("at most 64"), tooMany.stderr)
        XCTAssertEqual(try scenec(["preview", showcase, "--static", "-o", sheet.path, "--vary", "download.progress"]).status, 2)
        XCTAssertEqual(try scenec(["preview", showcase, "--static", "-o", sheet.path, "--vary", "download.progress=0,,1"]).status, 2)
        XCTAssertEqual(try scenec(["preview", showcase, "--static"]).status, 2, "no -o")
        let bad = try scenec(["preview", showcase, "--static", "-o", sheet.path, "--vary", "download.progress=0,2"])
        XCTAssertEqual(bad.status, 1, "a bad value is a scene error")
        XCTAssertTrue(bad.stderr.contains("download.progress=2"), bad.stderr)
    }

    /// The live page, too: a `--vary` value or address the scene refuses stops `preview` before
    /// the server starts (no URL printed), said as `render --set` says it, naming the option.
    func testALiveVaryTheSceneRefusesStopsAtStartWithTheLocatedError() throws {
        let badValue = try scenec(["preview", showcase, "--vary", "download.progress=0.5,7"], timeout: 15)
        XCTAssertEqual(badValue.status, 1, badValue.stderr)
        XCTAssertTrue(badValue.stderr.contains("--vary download.progress=7: error:"), badValue.stderr)
        XCTAssertFalse(badValue.stdoutText.contains("http://"), badValue.stdoutText)
        let badAddress = try scenec(["preview", showcase, "--vary", "nope.progress=0,1"], timeout: 15)
        XCTAssertEqual(badAddress.status, 1, badAddress.stderr)
        XCTAssertTrue(badAddress.stderr.contains("--vary nope.progress=0: error:"), badAddress.stderr)
        XCTAssertTrue(badAddress.stderr.contains("nope"), badAddress.stderr)
    }
}
