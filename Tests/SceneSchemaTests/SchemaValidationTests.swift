import Foundation
import SceneCheck
import SceneSyntax
import TestSupport
import XCTest

/// The schema read by a third-party validator, check-jsonschema (Python jsonschema, ECMAScript
/// regexes, ruamel's YAML 1.2 loader), as an editor's language server would: it is a valid
/// draft-07 schema, every example validates, and typical mistakes are refused by the schema
/// and by the checker alike (in process, as `scenec check` runs it). `make test` installs
/// check-jsonschema into .venv.
final class SchemaValidationTests: XCTestCase {
    struct MissingValidator: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    var schemaFile: String { repositoryRoot.appendingPathComponent("schema/scene.schema.json").path }

    func checkJSONSchema() throws -> URL {
        let path = ProcessInfo.processInfo.environment["CHECK_JSONSCHEMA"]
            ?? repositoryRoot.appendingPathComponent(".venv/bin/check-jsonschema").path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw MissingValidator(message: "check-jsonschema is missing at \(path): run make test (it installs it into .venv), or set CHECK_JSONSCHEMA")
        }
        return URL(fileURLWithPath: path)
    }

    /// Runs check-jsonschema; its report is on standard output.
    func validate(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = try checkJSONSchema()
        process.arguments = ["--no-cache"] + arguments
        process.currentDirectoryURL = repositoryRoot
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    func scenes(in folder: String) -> [String] {
        fileNames(in: repositoryRoot.appendingPathComponent(folder)).filter { $0.hasSuffix(".scene.yaml") }
            .map { "\(folder)/\($0)" }
    }

    /// The checker's errors for the scene file at `relative` (in the repository), as `scenec
    /// check` prints them; empty when it passes.
    func checkErrors(_ relative: String) throws -> [String] {
        let source = SourceFile(name: relative, text: try String(contentsOf: repositoryRoot.appendingPathComponent(relative), encoding: .utf8))
        return SceneChecker().check(source).diagnostics.filter { $0.severity == .error }.map { $0.rendered(in: source) }
    }

    func testTheSchemaIsAValidDraft07Schema() throws {
        let result = try validate(["--check-metaschema", schemaFile])
        XCTAssertEqual(result.status, 0, result.output)
    }

    func testEveryExampleSceneAndEveryValueFormValidates() throws {
        let files = scenes(in: "scenes") + scenes(in: "Tests/Corpus/schema-good")
        XCTAssertGreaterThan(files.count, 10)
        let result = try validate(["--schemafile", schemaFile] + files)
        XCTAssertEqual(result.status, 0, result.output)
        for file in scenes(in: "Tests/Corpus/schema-good") {
            let errors = try checkErrors(file)
            XCTAssertEqual(errors, [], "\(file): \(errors.joined())")
        }
    }

    /// Each bad scene says on its second line where the schema refuses it and a word the
    /// report must hold there: `# rejected at: $.views[0].lineCap (rund)`. One validator run
    /// reports on every file (`FILE::PATH: message` lines), which keeps the test quick.
    func testTypicalMistakesAreRefusedByTheSchemaAndByScenec() throws {
        let files = scenes(in: "Tests/Corpus/schema-bad")
        XCTAssertGreaterThanOrEqual(files.count, 8)
        let schema = try validate(["--schemafile", schemaFile] + files)
        XCTAssertEqual(schema.status, 1, schema.output)
        let lines = schema.output.components(separatedBy: "\n")
        for file in files {
            let text = try String(contentsOf: repositoryRoot.appendingPathComponent(file), encoding: .utf8)
            let marker = "# rejected at: "
            let annotation = try XCTUnwrap(text.components(separatedBy: "\n").first { $0.hasPrefix(marker) },
                                           "\(file) lacks '\(marker)PATH (WORD)'")
            let rest = annotation.dropFirst(marker.count)
            let open = try XCTUnwrap(rest.range(of: " ("), "\(file): '\(annotation)'")
            let path = String(rest[..<open.lowerBound])
            let word = String(rest[open.upperBound...].dropLast())

            let reports = lines.filter { $0.contains("\(file)::") }
            XCTAssertFalse(reports.isEmpty, "the schema accepts \(file)")
            XCTAssertTrue(reports.contains { $0.contains("\(file)::\(path): ") && $0.contains(word) },
                          "\(file): not refused at \(path) for '\(word)': \(reports)")

            let errors = try checkErrors(file)
            XCTAssertFalse(errors.isEmpty, "the checker accepts \(file)")
            XCTAssertTrue(errors.allSatisfy { $0.contains("error:") }, errors.joined())
        }
    }
}
