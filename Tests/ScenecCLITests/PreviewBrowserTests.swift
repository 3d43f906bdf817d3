import Foundation
import XCTest

/// The preview page in a real browser: Tests/Browser/preview_test.py drives Debian's headless
/// Chromium with selenium against `scenec preview` (the Makefile installs chromium,
/// chromium-driver and python3-selenium). A missing browser fails the test rather than
/// skipping it, so `make test` never passes without having run it.
final class PreviewBrowserTests: XCTestCase {
    func testThePageDrivenByHeadlessChromium() throws {
        for needed in ["/usr/bin/python3", "/usr/bin/chromium", "/usr/bin/chromedriver"] {
            XCTAssertTrue(FileManager.default.isExecutableFile(atPath: needed),
                          "\(needed) is missing: run make deps (chromium chromium-driver python3-selenium)")
        }
        let script = repositoryRoot.appendingPathComponent("Tests/Browser/preview_test.py").path
        let result = try runProgram(URL(fileURLWithPath: "/usr/bin/python3"),
                                    [script, scenecBinary().path, repositoryRoot.path], timeout: 120)
        let output = result.stdoutText + result.stderr
        XCTAssertEqual(result.status, 0, output)
        XCTAssertTrue(result.stdoutText.contains("all browser checks passed"), output)
    }
}
