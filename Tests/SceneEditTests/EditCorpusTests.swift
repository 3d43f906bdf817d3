import XCTest

/// The golden edit corpus (Tests/Corpus/edit, issue 11 acceptance 1): every `NAME.scene.yaml`
/// with its `NAME.edits` (one `--set` argument a line) and either `NAME.expected.yaml`, the
/// hand-written bytes `scenec edit` must produce, or `NAME.refused`, a phrase the refusal must
/// say (exit 1, the file untouched).
final class EditCorpusTests: XCTestCase {
    static let corpus = repositoryRoot.appendingPathComponent("Tests/Corpus/edit")

    struct Case {
        var name: String
        var scene: Data
        var sets: [String]
        var expected: Data?
        var refusal: String?
    }

    static func cases() throws -> [Case] {
        try fileNames(in: corpus).filter { $0.hasSuffix(".scene.yaml") }.map { file in
            let name = String(file.dropLast(".scene.yaml".count))
            let url = { (suffix: String) in corpus.appendingPathComponent(name + suffix) }
            let edits = try String(contentsOf: url(".edits"), encoding: .utf8)
            let refused = try? String(contentsOf: url(".refused"), encoding: .utf8)
            return Case(name: name, scene: try Data(contentsOf: url(".scene.yaml")),
                        sets: edits.split(separator: "\n").map(String.init).filter { !$0.isEmpty },
                        expected: try? Data(contentsOf: url(".expected.yaml")),
                        refusal: refused?.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    func testEveryCaseHasEditsAndOneOutcome() throws {
        let cases = try Self.cases()
        XCTAssertGreaterThanOrEqual(cases.count, 30, "the edit corpus in \(Self.corpus.path) is too small")
        for c in cases {
            XCTAssertFalse(c.sets.isEmpty, "\(c.name).edits lists no --set")
            XCTAssertTrue((c.expected == nil) != (c.refusal == nil), "\(c.name) needs one of .expected.yaml or .refused")
        }
    }

    func testEditWritesExactlyTheExpectedBytesAndTheResultChecks() throws {
        let dir = try temporaryDirectory(self)
        for c in try Self.cases() {
            let path = dir.appendingPathComponent(c.name + ".scene.yaml")
            try c.scene.write(to: path)
            let result = try scenec(["edit", path.path] + c.sets.flatMap { ["--set", $0] })
            let after = try Data(contentsOf: path)
            if let expected = c.expected {
                XCTAssertEqual(result.status, 0, "\(c.name): \(result.stderr)")
                XCTAssertEqual(result.stderr, "", c.name)
                XCTAssertEqual(after, expected, "\(c.name): got\n\(String(decoding: after, as: UTF8.self))")
                let check = try scenec(["check", path.path])
                XCTAssertEqual(check.status, 0, "\(c.name): the edited file does not check: \(check.stderr)")
            } else if let refusal = c.refusal {
                XCTAssertEqual(result.status, 1, "\(c.name) should be refused: \(result.stderr)")
                XCTAssertTrue(result.stderr.contains(refusal), "\(c.name): '\(refusal)' not in: \(result.stderr)")
                XCTAssertEqual(after, c.scene, "\(c.name): a refused edit changed the file")
            }
        }
    }

    /// `--dry-run --diff` leaves the file alone and prints a diff that `patch` and `git apply`
    /// accept and that turns the scene into the expected file.
    func testDiffAppliesWithPatchAndGitToTheExpectedBytes() throws {
        let dir = try temporaryDirectory(self)
        for c in try Self.cases() {
            guard let expected = c.expected else { continue }
            let name = c.name + ".scene.yaml"
            try c.scene.write(to: dir.appendingPathComponent(name))
            let result = try scenec(["edit", name, "--dry-run", "--diff"] + c.sets.flatMap { ["--set", $0] },
                                    directory: dir)
            XCTAssertEqual(result.status, 0, "\(c.name): \(result.stderr)")
            XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent(name)), c.scene, "\(c.name): --dry-run wrote")
            if expected == c.scene {
                XCTAssertEqual(result.stdout, Data(), "\(c.name): no change, no diff")
                continue
            }
            let patchFile = dir.appendingPathComponent(c.name + ".diff")
            try result.stdout.write(to: patchFile)
            let git = try runProgram(URL(fileURLWithPath: "/usr/bin/git"), ["apply", "--check", patchFile.path],
                                     directory: dir)
            XCTAssertEqual(git.status, 0, "\(c.name): git apply --check: \(git.stderr)\n\(result.stdoutText)")
            let patch = try runProgram(URL(fileURLWithPath: "/usr/bin/patch"), ["-p1", "-s", "-i", patchFile.path],
                                       directory: dir)
            XCTAssertEqual(patch.status, 0, "\(c.name): patch: \(patch.stderr)")
            XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent(name)), expected,
                           "\(c.name): the patched file differs from the expected one")
        }
    }
}
