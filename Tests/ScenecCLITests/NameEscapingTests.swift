import XCTest

/// File names are data in every output (issue 21): a name holding a line break, an escape
/// sequence, a bell or a workflow command is printed escaped — as pictures (`␊`, `␛`) in text,
/// `%`-encoded in GitHub workflow commands, escaped in JSON and XML — so it never starts a line
/// of its own, never forges a CI annotation and never reaches a terminal as a control. And a
/// file that is not plain text is never quoted.
final class NameEscapingTests: XCTestCase {
    static let forged = "::error file=README.md,line=1::FORGED"
    /// Scene names (without `.scene.yaml`), each hostile in its own way.
    static let names = ["x\n\(forged)", "esc\u{1B}[31mred\u{07}", "cr\r\(forged)", "bell\u{07}\u{9B}31m"]
    static let bad = "canvas: {width: 8, height: 8}\nviews: [{type: rng}]\n"
    static let good = "canvas: {width: 40, height: 40}\nviews: [{id: r, type: ring, frame: {x: 0, y: 0, width: 40, height: 40}}]\n"

    /// What must hold of every output: no ESC or BEL byte, no line a name started, no forged command.
    func assertClean(_ text: String, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertFalse(text.utf8.contains(0x1B) || text.utf8.contains(0x07), "\(what) holds ESC or BEL: \(text.debugDescription)",
                       file: file, line: line)
        XCTAssertFalse(text.unicodeScalars.contains("\u{9B}"), "\(what) holds a C1 control", file: file, line: line)
        for l in text.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) {
            XCTAssertFalse(l.hasPrefix(Self.forged) || l.hasPrefix("FORGED"),
                           "\(what): a name started a line: \(l.debugDescription)", file: file, line: line)
            if l.hasPrefix("::") {
                XCTAssertTrue((l.hasPrefix("::error file=") || l.hasPrefix("::warning file=")) && !l.hasPrefix("::error file=README.md"),
                              "\(what): a workflow command scenec did not write: \(l.debugDescription)", file: file, line: line)
            }
        }
        XCTAssertFalse(text.contains("\n" + Self.forged) || text.contains("\r" + Self.forged), what, file: file, line: line)
    }

    func makeScenes(_ root: URL, text: String) throws {
        let scenes = root.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        for name in Self.names {
            try Data(text.utf8).write(to: scenes.appendingPathComponent("\(name).scene.yaml"))
        }
    }

    func testCheckAndBuildPrintHostileNamesEscapedInEveryFormat() throws {
        let root = try temporaryDirectory(self)
        try makeScenes(root, text: Self.bad)
        let paths = Self.names.map { "scenes/\($0).scene.yaml" }
        for format in ["text", "github", "json"] {
            let check = try scenec(["check"] + paths + ["--diagnostics", format], directory: root)
            XCTAssertEqual(check.status, 1, check.stderr)
            assertClean(check.stderr, "check \(format) stderr")
            assertClean(check.stdoutText, "check \(format) stdout")
        }
        let text = try scenec(["check", paths[0]], directory: root)
        XCTAssertTrue(text.stderr.hasPrefix("scenes/x␊::error file=README.md,line=1::FORGED.scene.yaml:2:"), text.stderr)
        let github = try scenec(["check", paths[0], "--diagnostics", "github"], directory: root)
        XCTAssertTrue(github.stdoutText.hasPrefix("::error file=scenes/x%0A%3A%3Aerror file=README.md%2Cline=1%3A%3AFORGED.scene.yaml,line=2,"),
                      github.stdoutText)

        let build = try scenec(["build", "scenes", "-o", "out", "--keep-going", "--diagnostics", "text", "--diagnostics", "github",
                                "--diagnostics", "json:diagnostics.json", "--junit", "junit.xml", "--report", "report.json"],
                               directory: root)
        XCTAssertEqual(build.status, 1, build.stderr)
        assertClean(build.stderr, "build stderr")
        assertClean(build.stdoutText, "build stdout")
        for file in ["diagnostics.json", "junit.xml", "report.json"] {
            assertClean(try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8), file)
        }
        // JSON keeps each name exactly (escaped as \n, \u001b), so a tool reading it finds the file.
        let diagnostics = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("diagnostics.json"))) as? [[String: Any]])
        XCTAssertEqual(Set(diagnostics.compactMap { $0["file"] as? String }), Set(paths))
        let lint = try runProgram(URL(fileURLWithPath: "/usr/bin/xmllint"), ["--noout", root.appendingPathComponent("junit.xml").path])
        XCTAssertEqual(lint.status, 0, lint.stderr)
        let xsd = repositoryRoot.appendingPathComponent(".build/junit/junit-10.xsd")
        if FileManager.default.fileExists(atPath: xsd.path) {
            let valid = try runProgram(URL(fileURLWithPath: "/usr/bin/xmllint"),
                                       ["--noout", "--schema", xsd.path, root.appendingPathComponent("junit.xml").path])
            XCTAssertEqual(valid.status, 0, valid.stderr)
        }
    }

    func testStaleLinesAndEditDiffHeadersPrintHostileNamesEscaped() throws {
        let root = try temporaryDirectory(self)
        try makeScenes(root, text: Self.good)
        let first = try scenec(["build", "scenes", "-o", "out", "--formats", "png"], directory: root)
        XCTAssertEqual(first.status, 0, first.stderr)
        assertClean(first.stderr, "build stderr")

        for name in Self.names {
            let path = "scenes/\(name).scene.yaml"
            let edit = try scenec(["edit", path, "--set", "r.progress=0.5", "--dry-run", "--diff"], directory: root)
            XCTAssertEqual(edit.status, 0, edit.stderr)
            assertClean(edit.stdoutText, "edit --diff")
            let lines = edit.stdoutText.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(lines.filter { $0.hasPrefix("--- ") }.count, 1, edit.stdoutText)
            XCTAssertTrue(lines.first?.hasPrefix("--- a/scenes/") == true && lines.dropFirst().first?.hasPrefix("+++ b/scenes/") == true,
                          edit.stdoutText)
            XCTAssertTrue(lines.dropFirst(2).first?.hasPrefix("@@ ") == true, edit.stdoutText)
        }

        for name in Self.names { try FileManager.default.removeItem(at: root.appendingPathComponent("scenes/\(name).scene.yaml")) }
        try Data(Self.good.utf8).write(to: root.appendingPathComponent("scenes/plain.scene.yaml"))
        let stale = try scenec(["build", "scenes", "-o", "out", "--formats", "png"], directory: root)
        XCTAssertEqual(stale.status, 0, stale.stderr)
        assertClean(stale.stderr, "stale lines")
        let staleLines = stale.stderr.split(separator: "\n").filter { $0.hasPrefix("scenec build: stale: ") }
        XCTAssertEqual(staleLines.count, Self.names.count, stale.stderr)
        XCTAssertTrue(staleLines.contains { $0.contains("x␊::error file=README.md,line=1::FORGED.png") }, stale.stderr)
        let pruned = try scenec(["build", "scenes", "-o", "out", "--formats", "png", "--prune"], directory: root)
        assertClean(pruned.stderr, "removed lines")
        XCTAssertEqual(pruned.stderr.split(separator: "\n").filter { $0.hasPrefix("scenec build: removed stale ") }.count,
                       Self.names.count, pruned.stderr)
    }

    /// The review against a baseline: its `changed:`/`new:`/`removed:` lines and its HTML page.
    func testTheReviewPrintsHostileNamesEscaped() throws {
        let root = try temporaryDirectory(self)
        try makeScenes(root, text: Self.good)
        XCTAssertEqual(try scenec(["build", "scenes", "-o", "base", "--formats", "png"], directory: root).status, 0)
        let scenes = root.appendingPathComponent("scenes")
        try Data(Self.good.replacingOccurrences(of: "40}}", with: "40}, progress: 0.5}").utf8)
            .write(to: scenes.appendingPathComponent("\(Self.names[0]).scene.yaml"))
        try FileManager.default.removeItem(at: scenes.appendingPathComponent("\(Self.names[1]).scene.yaml"))
        try Data(Self.good.utf8).write(to: scenes.appendingPathComponent("new\n\(Self.forged)\u{1B}.scene.yaml"))
        let review = try scenec(["build", "scenes", "-o", "out", "--formats", "png", "--baseline", "base"], directory: root, timeout: 60)
        XCTAssertEqual(review.status, 0, review.stderr)
        assertClean(review.stderr, "review lines")
        for verdict in ["changed", "new", "removed"] {
            XCTAssertTrue(review.stderr.contains("scenec build: \(verdict): "), review.stderr)
        }
        XCTAssertTrue(review.stderr.contains("changed: out/x␊::error file=README.md,line=1::FORGED.png"), review.stderr)
        let page = try String(contentsOf: root.appendingPathComponent("out/.scenec-review/index.html"), encoding: .utf8)
        assertClean(page, "review page")
        XCTAssertTrue(page.contains("<code>x␊::error file=README.md,line=1::FORGED.png</code>"), page)
    }

    /// A file that is not text (a secret scenec was pointed at, say) gets an error at its first
    /// such byte, and no line of it is shown: not the bytes before, not those after.
    func testAFileThatIsNotTextIsLocatedButNeverQuoted() throws {
        let root = try temporaryDirectory(self)
        let escape = Array("canvas: {width: 8, height: 8}\nviews: []\nx-token: SECRET-ONE\u{1B}]0;SECRET-TWO\u{07}\n".utf8)
        try Data(escape).write(to: root.appendingPathComponent("esc.scene.yaml"))
        var invalid = Array("canvas: {width: 8, height: 8}\nx-token: SECRET-ONE".utf8)
        invalid += [0xFF, 0xFE] + Array("SECRET-TWO\nviews: []\n".utf8)
        try Data(invalid).write(to: root.appendingPathComponent("invalid.scene.yaml"))
        try Data(escape).write(to: root.appendingPathComponent("theme.yaml"))
        try Data("imports: [theme.yaml]\ncanvas: {width: 8, height: 8}\nviews: []\n".utf8)
            .write(to: root.appendingPathComponent("importer.scene.yaml"))

        for (file, location, word) in [("esc.scene.yaml", "esc.scene.yaml:3:20:", "control character"),
                                       ("invalid.scene.yaml", "invalid.scene.yaml:2:20:", "UTF-8"),
                                       ("importer.scene.yaml", "theme.yaml:3:20:", "control character")] {
            for format in ["text", "github", "json"] {
                let check = try scenec(["check", file, "--diagnostics", format], directory: root)
                XCTAssertEqual(check.status, 1, check.stderr)
                let all = check.stderr + check.stdoutText
                XCTAssertFalse(all.contains("SECRET"), "\(file) \(format): \(all)")
                assertClean(all, "\(file) \(format)")
                if format == "text" {
                    let errorLine = check.stderr.split(separator: "\n").first { $0.contains(": error: ") }
                    XCTAssertTrue(errorLine?.contains(location) == true && errorLine?.contains(word) == true, check.stderr)
                    XCTAssertFalse(check.stderr.contains("^"), "no caret under a line not shown: \(check.stderr)")
                }
            }
        }
    }
}
