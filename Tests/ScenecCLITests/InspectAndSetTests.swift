import XCTest

/// `inspect` and `--set` on the command line: values are printed escaped, JSON stays exact, and
/// a refused `--set` exits 1 (a malformed one 2) writing nothing. (The report's content and
/// every message are ScenecKitTests/InspectAndOverrideTests, in process.)
final class InspectAndSetTests: XCTestCase {
    /// Ring `r` at 0.3.
    let scene = ringScene(0.3)

    func setUp(_ text: String? = nil) throws -> (URL, String) {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("s.scene.yaml")
        try (text ?? scene).write(to: path, atomically: true, encoding: .utf8)
        return (dir, path.path)
    }

    func attribute(_ view: [String: Any], _ name: String) -> [String: Any]? {
        (view["attributes"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }

    /// A value holding a line feed (a YAML escape, or `\n` in --set) is one cell, its LF shown
    /// as `␊`: nothing of the scene starts a line, such as a forged `::error` workflow command.
    /// Bidi controls show as `<U+202E>`; the JSON keeps every value exact.
    func testInspectShowsALineFeedInAValueAsAPictureAndJSONStaysExact() throws {
        let (_, path) = try setUp("""
            canvas: {width: 100, height: 100}
            views:
              - {id: l, type: label, frame: {x: 0, y: 0, width: 100, height: 20},
                 text: "line1\\n::error file=README.md,line=1::FORGED"}
              - {id: m, type: label, frame: {x: 0, y: 20, width: 100, height: 20}, text: "m\\u202Egpj.exe"}
              - {id: n, type: label, frame: {x: 0, y: 40, width: 100, height: 20}, text: x}
            """)
        for extra in [[], ["--set", "n.text=a\n::error::X"]] {
            let result = try scenec(["inspect", path] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            for line in result.stdoutText.split(separator: "\n") {
                XCTAssertFalse(line.trimmingCharacters(in: .whitespaces).hasPrefix("::"), "\(extra): \(line)")
                XCTAssertFalse(line.unicodeScalars.contains("\u{202E}"), "\(extra): \(line)")
            }
            XCTAssertTrue(result.stdoutText.contains("line1␊::error file=README.md,line=1::FORGED"), result.stdoutText)
            XCTAssertTrue(result.stdoutText.contains("m<U+202E>gpj.exe"), result.stdoutText)
            if !extra.isEmpty { XCTAssertTrue(result.stdoutText.contains("a␊::error::X"), result.stdoutText) }
        }
        let json = try scenec(["inspect", path, "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(json.stdoutText.contains("m\\u202egpj.exe"), json.stdoutText)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let views = try XCTUnwrap(root["views"] as? [[String: Any]])
        XCTAssertEqual(attribute(views[0], "text")?["value"] as? String, "line1\n::error file=README.md,line=1::FORGED")
        XCTAssertEqual(attribute(views[1], "text")?["value"] as? String, "m\u{202E}gpj.exe")
    }

    func testBadSetsExitOneOrTwoAndWriteNothing() throws {
        let (dir, path) = try setUp()
        let out = dir.appendingPathComponent("r.png").path
        let range = try scenec(["render", path, "-o", out, "--set", "r.progress=2"])
        XCTAssertEqual(range.status, 1)
        XCTAssertTrue(range.stderr.contains("--set r.progress=2: error: progress must be between 0 and 1, not 2"), range.stderr)
        let noValue = try scenec(["render", path, "-o", out, "--set", "r.progress"])
        XCTAssertEqual(noValue.status, 2)
        XCTAssertTrue(noValue.stderr.contains("--set needs ADDRESS=VALUE"), noValue.stderr)
        XCTAssertEqual(fileNames(in: dir), ["s.scene.yaml"])
        let frames = try scenec(["frames", path, "-o", dir.appendingPathComponent("f-%d.png").path, "--range", "0",
                                 "--set", "r.progressColor=blue"])
        XCTAssertEqual(frames.status, 0, frames.stderr)
    }
}
