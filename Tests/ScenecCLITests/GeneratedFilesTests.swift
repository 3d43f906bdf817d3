import SceneModel
import SceneSyntax
import XCTest

/// schema/scene.schema.json, the attribute tables of docs/language.md and docs/diagnostics.md are
/// what `scenec schema` prints now; `make generated` refreshes them. A stale copy fails here, and so in CI.
final class GeneratedFilesTests: XCTestCase {
    static let beginMarker = "<!-- attribute-tables:begin -->"
    static let endMarker = "<!-- attribute-tables:end -->"
    static let modeline = "# yaml-language-server: $schema=../schema/scene.schema.json"

    func testTheCommittedSchemaIsNotStale() throws {
        let result = try scenec(["schema"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        let committed = try Data(contentsOf: repositoryRoot.appendingPathComponent("schema/scene.schema.json"))
        XCTAssertEqual(result.stdout, committed, "schema/scene.schema.json is stale: run make generated")
    }

    func testTheLanguageReferenceAttributeTablesAreNotStale() throws {
        let result = try scenec(["schema", "--markdown"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let reference = try String(contentsOf: repositoryRoot.appendingPathComponent("docs/language.md"), encoding: .utf8)
        let afterBegin = reference.components(separatedBy: Self.beginMarker)
        XCTAssertEqual(afterBegin.count, 2, "docs/language.md needs exactly one \(Self.beginMarker)")
        let section = try XCTUnwrap(afterBegin.last?.components(separatedBy: Self.endMarker).first)
        XCTAssertTrue(reference.contains(Self.endMarker), "docs/language.md needs \(Self.endMarker) after the tables")
        XCTAssertEqual(section.trimmingCharacters(in: .whitespacesAndNewlines),
                       result.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines),
                       "the attribute tables of docs/language.md are stale: run make generated")
    }

    /// docs/diagnostics.md, one section per code of the catalogue (SceneSyntax/DiagnosticCodes.swift
    /// and each kind's `lintCodes`).
    func testTheDiagnosticsPageIsNotStale() throws {
        let result = try scenec(["schema", "--diagnostic-codes"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let committed = try Data(contentsOf: repositoryRoot.appendingPathComponent("docs/diagnostics.md"))
        XCTAssertEqual(result.stdout, committed, "docs/diagnostics.md is stale: run make generated")
        for code in ["unknown-attribute", "hash-comment-colour", "unclassified"] + DiagnosticCode.catalogue.map(\.code.rawValue) {
            XCTAssertTrue(result.stdoutText.contains("\n## \(code)\n"), "no section for \(code)")
        }
    }

    /// The parts of hand-written files that list the view kinds: what `schema --block NAME` prints
    /// lies between the file's NAME:begin and NAME:end lines.
    func testTheBlocksThatListTheKindsAreNotStale() throws {
        for (block, file) in [("kinds", "docs/language.md"), ("kinds", "README.md"), ("geometry", "docs/language.md"),
                              ("lottie", "docs/handoff.md"), ("fuzz", "fuzz/scene.dict")] {
            let result = try scenec(["schema", "--block", block])
            XCTAssertEqual(result.status, 0, result.stderr)
            let lines = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
                .components(separatedBy: "\n")
            let begins = lines.indices.filter { lines[$0].contains("\(block):begin") }
            let ends = lines.indices.filter { lines[$0].contains("\(block):end") }
            guard begins.count == 1, ends.count == 1, let begin = begins.first, let end = ends.first, begin < end else {
                XCTFail("\(file) needs one \(block):begin line and one \(block):end line after it")
                continue
            }
            XCTAssertEqual(lines[(begin + 1)..<end].joined(separator: "\n"),
                           result.stdoutText.trimmingCharacters(in: .newlines),
                           "the \(block) block of \(file) is stale: run make generated")
        }
        let kinds = try scenec(["schema", "--block", "kinds"]).stdoutText
        XCTAssertTrue(kinds.contains("`label` draw") || kinds.contains("`label`\ndraw"), kinds)
        let misuse = try scenec(["schema", "--block", "kinds", "--markdown"])
        XCTAssertEqual(misuse.status, 2)
    }

    func testOutputOptionWritesWhatStandardOutputShows() throws {
        let dir = try temporaryDirectory(self)
        for extra in [[], ["--markdown"]] {
            let file = dir.appendingPathComponent("nested/out.txt")
            let written = try scenec(["schema", "-o", file.path] + extra)
            XCTAssertEqual(written.status, 0, written.stderr)
            XCTAssertEqual(written.stdout, Data(), "with -o nothing goes to standard output")
            XCTAssertEqual(try Data(contentsOf: file), try scenec(["schema"] + extra).stdout)
        }
    }

    func testSchemaTakesNoSceneFile() throws {
        let result = try scenec(["schema", "scenes/showcase.scene.yaml"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("schema takes no scene file"), result.stderr)
        let help = try scenec(["schema", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdoutText.contains("--markdown"))
        XCTAssertTrue(try scenec(["--help"]).stdoutText.contains("schema"))
    }

    /// Editors with a YAML language server find the schema through each example's first line.
    func testEveryExampleSceneAndTheREADMEExampleNameTheSchema() throws {
        let dir = repositoryRoot.appendingPathComponent("scenes")
        let scenes = fileNames(in: dir).filter { $0.hasSuffix(".scene.yaml") }
        XCTAssertFalse(scenes.isEmpty)
        for name in scenes {
            let text = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            XCTAssertEqual(text.components(separatedBy: "\n").first, Self.modeline, "scenes/\(name)'s first line")
        }
        let readme = try String(contentsOf: repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let firstBlock = readme.components(separatedBy: "```yaml\n").dropFirst().first ?? ""
        XCTAssertTrue(firstBlock.hasPrefix(Self.modeline + "\n"), "the README's first scene should start with the modeline")
    }
}
