import Foundation
import SceneCheck
import SceneEdit
import SceneSyntax
import ScenecKit
import TestSupport
import XCTest

/// The golden edit corpus (Tests/Corpus/edit, issue 11 acceptance 1): every `NAME.scene.yaml`
/// with its `NAME.edits` (one `--set` argument a line) and either `NAME.expected.yaml`, the
/// hand-written bytes `scenec edit` must produce, or `NAME.refused`, a phrase the refusal must
/// say (exit 1, the file untouched): each edited in process by `SceneEditor`, as `scenec edit`
/// edits. (What the command writes, its exit codes and `--dry-run` are
/// ScenecCLITests/EditCommandTests.)
final class EditCorpusTests: XCTestCase {
    static let corpus = repositoryRoot.appendingPathComponent("Tests/Corpus/edit")

    struct Case {
        var name: String
        var scene: Data
        var sets: [String]
        var expected: Data?
        var refusal: String?
        /// `NAME.warns`: a phrase the edit's warnings must say (an animation the edit deletes);
        /// without it the edit must give none.
        var warning: String?
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
                        refusal: refused?.trimmingCharacters(in: .whitespacesAndNewlines),
                        warning: (try? String(contentsOf: url(".warns"), encoding: .utf8))?
                            .trimmingCharacters(in: .whitespacesAndNewlines))
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

    /// The edit `scenec edit FILE --set …` makes: the edited scene, or the refusal as printed.
    static func edit(_ c: Case) throws -> Result<EditedScene, EditRefusal> {
        let overrides = try c.sets.map { try Override($0) }
        return SceneEditor().edit(SourceFile(name: c.name + ".scene.yaml", bytes: [UInt8](c.scene)), applying: overrides)
    }

    func testEditWritesExactlyTheExpectedBytesAndTheResultChecks() throws {
        for c in try Self.cases() {
            let result = try Self.edit(c)
            if let expected = c.expected {
                guard case .success(let edited) = result else {
                    if case .failure(let refusal) = result {
                        XCTFail("\(c.name): \(refusal.diagnostics.map { $0.rendered(in: refusal.file) }.joined())")
                    }
                    continue
                }
                let warnings = edited.warnings.map { $0.rendered(in: edited.file) }
                if let warning = c.warning {
                    XCTAssertTrue(warnings.joined().contains(warning), "\(c.name): '\(warning)' not in: \(warnings)")
                } else {
                    XCTAssertEqual(warnings, [], c.name)
                }
                XCTAssertEqual(Data(edited.bytes), expected, "\(c.name): got\n\(String(decoding: edited.bytes, as: UTF8.self))")
                let checked = SourceFile(name: c.name + ".scene.yaml", bytes: edited.bytes)
                let errors = Frontend().compile(checked).1.filter { $0.severity == .error }
                XCTAssertEqual(errors.map { $0.rendered(in: checked) }, [], "\(c.name): the edited file does not check")
            } else if let refusal = c.refusal {
                guard case .failure(let refused) = result else {
                    XCTFail("\(c.name) should be refused")
                    continue
                }
                let printed = refused.diagnostics.map { $0.rendered(in: refused.file) }.joined()
                XCTAssertTrue(printed.contains(refusal), "\(c.name): '\(refusal)' not in: \(printed)")
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
            guard case .success(let edited) = try Self.edit(c) else {
                XCTFail("\(c.name): refused")
                continue
            }
            let diff = UnifiedDiff.diff(old: [UInt8](c.scene), new: edited.bytes, oldName: "a/" + name, newName: "b/" + name)
            if expected == c.scene {
                XCTAssertEqual(diff, [], "\(c.name): no change, no diff")
                continue
            }
            let patchFile = dir.appendingPathComponent(c.name + ".diff")
            try Data(diff).write(to: patchFile)
            let text = String(decoding: diff, as: UTF8.self)
            let git = try runProgram(URL(fileURLWithPath: "/usr/bin/git"), ["apply", "--check", patchFile.path],
                                     directory: dir)
            XCTAssertEqual(git.status, 0, "\(c.name): git apply --check: \(git.stderr)\n\(text)")
            let patch = try runProgram(URL(fileURLWithPath: "/usr/bin/patch"), ["-p1", "-s", "-i", patchFile.path],
                                       directory: dir)
            XCTAssertEqual(patch.status, 0, "\(c.name): patch: \(patch.stderr)")
            XCTAssertEqual(try Data(contentsOf: dir.appendingPathComponent(name)), expected,
                           "\(c.name): the patched file differs from the expected one")
        }
    }
}
