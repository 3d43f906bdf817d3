import XCTest

/// `imports:` brings in styles from other files; problems are reported in the file they are in.
final class ImportTests: XCTestCase {
    func write(_ files: [String: String], in dir: URL) throws {
        for (name, text) in files {
            let url = dir.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    func testACycleThroughAnotherFileIsReportedWhereItCloses() throws {
        let dir = try temporaryDirectory(self)
        try write(["s.scene.yaml": "imports: [a.yaml]\ncanvas: {width: 10, height: 10}\nviews: []\n",
                   "a.yaml": "imports: [b.yaml]\n", "b.yaml": "styles: {}\nimports: [a.yaml]\n"], in: dir)
        let result = try scenec(["check", "s.scene.yaml"], directory: dir)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.hasPrefix("b.yaml:2:11: error: imports form a cycle: s.scene.yaml → a.yaml → b.yaml → a.yaml\nimports: [a.yaml]\n          ^~~~~~\n"),
                      result.stderr)
    }

    func testProblemsInAnImportedFileAreLocatedThere() throws {
        let dir = try temporaryDirectory(self)
        try write(["scenes/s.scene.yaml": "imports: [../theme/t.yaml]\ncanvas: {width: 10, height: 10}\nviews:\n  - {type: ring, style: t, frame: {x: 0, y: 0, width: 9, height: 9}}\n",
                   "theme/t.yaml": "styles:\n  t: {progressColor: #ff2d55}\n"], in: dir)
        let text = try scenec(["check", "scenes/s.scene.yaml"], directory: dir)
        XCTAssertEqual(text.status, 1)
        XCTAssertTrue(text.stderr.hasPrefix("theme/t.yaml:2:22: error: a # starts a comment in YAML, so progressColor has no value"),
                      text.stderr)
        let json = try scenec(["check", "scenes/s.scene.yaml", "--diagnostics", "json"], directory: dir)
        let items = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdout) as? [[String: Any]])
        XCTAssertEqual(items.first?["file"] as? String, "theme/t.yaml")
        XCTAssertEqual(items.first?["line"] as? Int, 2)
    }

    func testStandardInputCannotImport() throws {
        let result = try scenec(["check", "-"], stdin: Data("imports: [t.yaml]\ncanvas: {width: 10, height: 10}\nviews: []\n".utf8))
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stderr.contains("cannot import 't.yaml'"), result.stderr)
    }
}
