import XCTest

/// `imports:` on the command line: a scene read from standard input cannot import (where its
/// imports are read from is ScenecKitTests/ImportTests, in process).
final class ImportTests: XCTestCase {
    func testStandardInputCannotImport() throws {
        let result = try scenec(["check", "-"], stdin: Data("imports: [t.yaml]\ncanvas: {width: 10, height: 10}\nviews: []\n".utf8))
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("cannot import 't.yaml'"), result.stderr)
    }
}
