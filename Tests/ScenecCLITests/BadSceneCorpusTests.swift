import SceneModel
import SceneSyntax
import XCTest

/// Runs every scene in Tests/Corpus/bad through `scenec render` and `scenec check`.
///
/// Each file holds one mistake and says on its first line where the first error must point and a
/// word its message must contain:
///
///     # expect: LINE:COL WORD
///
/// LINE and COL are 1-based (the annotation is line 1; columns count characters). Both commands
/// must finish (no crash, no hang), exit 1, report `FILE:LINE:COL: error: …` as the first error
/// with WORD in it, show the source line with a caret under COL, and write nothing. A file that
/// is not plain text (invalid UTF-8, a control character other than TAB, CR and LF) is located
/// the same way but never quoted: no source line, no caret (issue 21, no secret bytes echoed).
///
/// Lines after it may say more, for mistakes whose exact wording is the point:
///
///     # message: the first error's message, exactly
///     # errors: how many errors there must be in all
///     # note: a note that must be printed, exactly
final class BadSceneCorpusTests: XCTestCase {
    struct Expectation {
        var line: Int
        var column: Int
        var word: String
        var message: String?
        var errors: Int?
        var notes: [String] = []
    }

    static let corpus = repositoryRoot.appendingPathComponent("Tests/Corpus/bad")

    /// The annotation on the file's first line, nil when it is missing or malformed.
    static func expectation(of file: URL) -> Expectation? {
        guard let data = try? Data(contentsOf: file) else { return nil }
        let firstLine = String(decoding: data.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let prefix = "# expect: "
        guard firstLine.hasPrefix(prefix) else { return nil }
        let fields = firstLine.dropFirst(prefix.count).split(separator: " ")
        guard fields.count == 2 else { return nil }
        let location = fields[0].split(separator: ":")
        guard location.count == 2, let line = Int(location[0]), let column = Int(location[1]),
              line >= 1, column >= 1 else { return nil }
        var expectation = Expectation(line: line, column: column, word: String(fields[1]))
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").dropFirst()
        for text in lines.prefix(while: { $0.hasPrefix("# ") }) {
            if text.hasPrefix("# message: ") {
                expectation.message = String(text.dropFirst("# message: ".count))
            } else if text.hasPrefix("# errors: ") {
                expectation.errors = Int(text.dropFirst("# errors: ".count))
            } else if text.hasPrefix("# note: ") {
                expectation.notes.append(String(text.dropFirst("# note: ".count)))
            }
        }
        return expectation
    }

    func testEveryBadSceneFailsWhereItsAnnotationSays() throws {
        let names = fileNames(in: Self.corpus).filter { $0.hasSuffix(".scene.yaml") }
        XCTAssertGreaterThanOrEqual(names.count, 40, "the bad-scene corpus in \(Self.corpus.path) is too small")
        let output = try temporaryDirectory(self)
        for name in names {
            guard let expected = Self.expectation(of: Self.corpus.appendingPathComponent(name)) else {
                XCTFail("\(name): the first line must be '# expect: LINE:COL WORD'")
                continue
            }
            let runs = [("render", ["render", name, "-o", output.appendingPathComponent("out.png").path]),
                        ("check", ["check", name])]
            for (command, arguments) in runs {
                let result = try scenec(arguments, directory: Self.corpus)
                let bytes = try Data(contentsOf: Self.corpus.appendingPathComponent(name))
                for problem in Self.problems(in: result, file: name, expected: expected, quoted: Self.isText(bytes)) {
                    XCTFail("\(name) (scenec \(command)): \(problem)\n--- stderr:\n\(result.stderr)")
                }
                let written = fileNames(in: output)
                if !written.isEmpty {
                    XCTFail("\(name) (scenec \(command)): wrote \(written.joined(separator: ", ")) for a bad scene")
                    for leftover in written {
                        try? FileManager.default.removeItem(at: output.appendingPathComponent(leftover))
                    }
                }
            }
        }
    }

    /// Every diagnostic of every bad scene has a code (not `unclassified`) documented in
    /// docs/diagnostics.md; each fix it carries is printed by `check` as a `help:` line, and
    /// applying the fix's edits to the file removes that diagnostic (its code at its place).
    func testEveryDiagnosticHasADocumentedCodeAndEveryFixRepairsIt() throws {
        let page = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/diagnostics.md"), encoding: .utf8)
        let names = fileNames(in: Self.corpus).filter { $0.hasSuffix(".scene.yaml") }
        let fixedDir = try temporaryDirectory(self)
        var fixesTried = 0
        for name in names {
            let diagnostics = try Self.jsonDiagnostics(["check", name], directory: Self.corpus)
            XCTAssertFalse(diagnostics.isEmpty, "\(name): no diagnostics")
            let printed = try scenec(["check", name], directory: Self.corpus).stderr
            for d in diagnostics {
                let code = d["code"] as? String ?? "(none)"
                XCTAssertNotEqual(code, "unclassified", "\(name): \(d["message"] ?? "")")
                XCTAssertTrue(page.contains("\n## \(code)\n"), "\(name): code \(code) is not documented in docs/diagnostics.md")
                XCTAssertNotNil(DiagnosticCode(code).entry, "\(name): code \(code) is not in the catalogue (core or a kind's lintCodes)")
                for fix in d["fixes"] as? [[String: Any]] ?? [] {
                    fixesTried += 1
                    let title = fix["title"] as? String ?? ""
                    XCTAssertTrue(printed.contains("\nhelp: \(title)\n"), "\(name): check does not print help: \(title)\n\(printed)")
                    let text = try String(contentsOf: Self.corpus.appendingPathComponent(name), encoding: .utf8)
                    guard let fixed = applyingFixEdits(fix["edits"] as? [[String: Any]] ?? [], to: text) else {
                        XCTFail("\(name): the edits of '\(title)' do not apply")
                        continue
                    }
                    let path = try write(fixed, name, in: fixedDir)
                    let after = try Self.jsonDiagnostics(["check", path], directory: nil)
                    // At its line and column: a text's other `{…}` on the same line keeps its own error.
                    let still = after.filter { $0["code"] as? String == code && $0["line"] as? Int == d["line"] as? Int
                        && $0["column"] as? Int == d["column"] as? Int }
                    XCTAssertTrue(still.isEmpty, "\(name): after '\(title)' the \(code) error is still there:\n\(fixed)")
                }
            }
        }
        XCTAssertGreaterThanOrEqual(fixesTried, 20, "the corpus should exercise the fixes")
    }

    /// `scenec ARGS --diagnostics json`'s array.
    static func jsonDiagnostics(_ arguments: [String], directory: URL?) throws -> [[String: Any]] {
        let result = try scenec(arguments + ["--diagnostics", "json"], directory: directory)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [[String: Any]],
                             "not a JSON array: \(result.stdoutText)\n\(result.stderr)")
    }

    /// What is wrong with one run's outcome; empty when it is as the annotation says.
    /// Whether scenec may quote the file's lines: valid UTF-8 without control characters but
    /// TAB, CR and LF.
    static func isText(_ bytes: Data) -> Bool {
        guard let text = String(bytes: bytes, encoding: .utf8) else { return false }
        return !text.unicodeScalars.contains { ($0.value < 0x20 && !["\t", "\r", "\n"].contains($0)) || (0x7F...0x9F).contains($0.value) }
    }

    static func problems(in result: RunResult, file: String, expected: Expectation, quoted: Bool) -> [String] {
        var problems: [String] = []
        if result.status != 1 {
            problems.append("exit status \(result.status), expected 1 (the scene has errors)")
        }
        if !result.stdout.isEmpty {
            problems.append("wrote \(result.stdout.count) bytes to standard output")
        }
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let location = "\(file):\(expected.line):\(expected.column): error:"
        guard let first = lines.firstIndex(where: { $0.contains(": error: ") }) else {
            problems.append("no error reported; expected \(location)")
            return problems
        }
        let errorLine = lines[first]
        if !errorLine.hasPrefix(location) {
            problems.append("the first error is not at \(expected.line):\(expected.column)"
                            + (result.stderr.contains(location) ? " (an error there comes later)" : ""))
        }
        if !errorLine.contains(expected.word) {
            problems.append("the first error does not mention '\(expected.word)'")
        }
        if let message = expected.message, !errorLine.hasSuffix(": error: " + message) {
            problems.append("the first error's message is not exactly: \(message)")
        }
        let errorCount = lines.filter { $0.contains(": error: ") }.count
        if let count = expected.errors, errorCount != count {
            problems.append("\(errorCount) errors reported, expected exactly \(count)")
        }
        for note in expected.notes where !lines.contains("note: " + note) {
            problems.append("no note: \(note)")
        }
        guard quoted else {
            // Nothing of the file after the error line: the notes or the count follow it.
            let next = first + 1 < lines.count ? lines[first + 1] : ""
            if !(next.hasPrefix("note: ") || next.contains(" error") || next.isEmpty) || result.stderr.contains("^") {
                problems.append("a line of a file that is not text is quoted: \(next)")
            }
            return problems
        }
        // The source line, then a caret under the column (tabs in the line are kept as tabs).
        let caretIndex = first + 2
        guard caretIndex < lines.count, let caret = lines[caretIndex].firstIndex(of: "^") else {
            problems.append("no caret line under the first error's source line")
            return problems
        }
        let caretColumn = lines[caretIndex].distance(from: lines[caretIndex].startIndex, to: caret) + 1
        if errorLine.hasPrefix(location), caretColumn != expected.column {
            problems.append("the caret is at column \(caretColumn), not \(expected.column)")
        }
        return problems
    }
}
