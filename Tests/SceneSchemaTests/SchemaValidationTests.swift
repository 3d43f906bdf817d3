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

    /// Library files (styles and components, no canvas or views) validate against the same
    /// schema, and so do scenes with instances and `repeat:`; a file with views and no canvas is
    /// still a scene lacking its canvas, and a library cannot hold a timeline. (Written to a
    /// temporary folder: the checker of this branch reads components' structure only.)
    func testLibrariesAndScenesWithInstancesValidateAndAFileWithViewsStillNeedsACanvas() throws {
        let dir = try temporaryDirectory(self)
        let files: [(name: String, text: String)] = [
            ("meters.yaml", """
                version: 1
                imports: [theme.yaml]
                x-caption: &caption {type: label, fontSize: 11}
                styles:
                  brand: {progressColor: systemBlue, lineWidth: 8}
                components:
                  Meter:
                    doc: A ring showing a value, with a caption under it.
                    parameters:
                      value: {kind: ring.progress, default: 0, doc: Fraction of the ring drawn.}
                      color: {kind: color, default: systemBlue, doc: The ring's colour.}
                      caption: {kind: text, doc: Words under the ring.}
                    views:
                      - id: ring
                        type: ring
                        frame: {x: 0, y: 0, width: 100%, height: "100% - 20"}
                        progress: $value
                        progressColor: $color
                        label: "{ring.progress:percent}"
                      - <<: *caption
                        id: caption
                        frame: {x: 0, y: "100% - 20", width: 100%, height: 20}
                        text: "$caption"
                      - id: badge
                        type: Badge
                        frame: {x: 0, y: 0, width: 10, height: 10}
                        opacity: $value
                        tone: $color
                    timeline:
                      animations:
                        - {target: ring.progress, from: 0, to: $value, duration: 1s}
                  Badge:
                    views:
                      - {id: dot, type: indicator, frame: {x: 0, y: 0, width: 100%, height: 100%}, on: true}
                  Row:
                    parameters:
                      align: {kind: stack.alignment, default: top}
                    views:
                      - id: row
                        type: stack
                        axis: horizontal
                        alignment: $align
                        frame: {x: 0, y: 0, width: 100%, height: 100%}
                        children:
                          - {id: dot, type: indicator, size: 10, on: true}

                """),
            ("meters.scene.yaml", """
                imports: [meters.yaml]
                canvas: {width: 360, height: 140}
                views:
                  - id: cpu
                    type: Meter
                    frame: {x: 0, y: 0, width: 100, height: 140}
                    opacity: 0.9
                    value: 0.42
                    caption: CPU
                  - id: meter
                    type: Meter
                    repeat:
                      - {frame: {x: 120, y: 0, width: 100, height: 140}, value: 0.3, caption: GPU}
                      - {id: disk, frame: {x: 240, y: 0, width: 100, height: 140}, value: 0.6, caption: Disk}
                  - id: row
                    type: stack
                    frame: {x: 0, y: 0, width: 360, height: 20}
                    children:
                      - {id: dots, type: indicator, size: 10, repeat: [{on: true}, {on: false}]}
                timeline:
                  animations:
                    - {target: cpu.ring.progress, to: 1, duration: 2s}

                """),
        ]
        for file in files {
            try Data(file.text.utf8).write(to: dir.appendingPathComponent(file.name))
        }
        let themes = ["Tests/Corpus/reuse/themes/theme.yaml", "Tests/Corpus/reuse/themes/dark.yaml", "Tests/Corpus/reuse/common/brand.yaml",
                      "Tests/Corpus/reuse/lib/meters.yaml"]
        let good = try validate(["--schemafile", schemaFile] + themes + files.map { dir.appendingPathComponent($0.name).path })
        XCTAssertEqual(good.status, 0, good.output)

        let bad: [(name: String, text: String, report: String)] = [
            ("views-no-canvas.yaml", "styles: {}\nviews: []\n", "'canvas' is a required property"),
            ("library-timeline.yaml", "styles: {}\ntimeline: {animations: []}\n", "timeline"),
            ("definition-out-of-range.yaml", "components:\n  M:\n    views:\n      - {type: ring, frame: {x: 0, y: 0, width: 1, height: 1}, progress: 2}\n", "progress"),
            ("instance-without-id.yaml", "canvas: {width: 1, height: 1}\nviews:\n  - {type: Meter, frame: {x: 0, y: 0, width: 1, height: 1}}\n", "'id' is a required property"),
            ("parameter-kind.yaml", "components:\n  M:\n    parameters: {v: {kind: colour}}\n    views: []\n", "colour"),
            ("parameter-named-like-attribute.yaml", "components:\n  M:\n    parameters: {opacity: {kind: number}}\n    views: []\n", "opacity"),
            ("lowercase-component.yaml", "components:\n  meter: {views: []}\n", "meter"),
            ("parameter-in-scene.yaml", "canvas: {width: 1, height: 1}\nviews:\n  - {type: ring, frame: {x: 0, y: 0, width: 1, height: 1}, progress: $v}\n", "progress"),
            ("repeat-not-a-list.yaml", "canvas: {width: 1, height: 1}\nviews:\n  - {type: ring, repeat: {frame: {x: 0, y: 0, width: 1, height: 1}}}\n", "repeat"),
        ]
        for file in bad {
            try Data(file.text.utf8).write(to: dir.appendingPathComponent(file.name))
        }
        let refused = try validate(["--schemafile", schemaFile] + bad.map { dir.appendingPathComponent($0.name).path })
        XCTAssertEqual(refused.status, 1, refused.output)
        let lines = refused.output.components(separatedBy: "\n")
        for file in bad {
            let reports = lines.filter { $0.contains(file.name + "::") }
            XCTAssertTrue(reports.contains { $0.contains(file.report) }, "\(file.name) not refused for '\(file.report)': \(refused.output)")
        }
    }
}
