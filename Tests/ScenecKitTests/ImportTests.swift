import Foundation
import ScenecKit
import XCTest

/// `imports:` brings in styles from other files; problems are reported in the file they are in:
/// scenes loaded in process with `SceneFile(contentsOf:)`, as `scenec check` loads them. (That
/// standard input cannot import stays in ScenecCLITests/ImportTests.)
final class ImportTests: XCTestCase {
    func write(_ files: [String: String], in dir: URL) throws {
        for (name, text) in files { try TestSupport.write(text, name, in: dir) }
    }

    /// The SceneError `scenec check` prints for the scene at `path` in the project `root`. Files
    /// are named by the path the scene is given by (here the absolute one, where `scenec check`
    /// run in the folder names them relative to it).
    func refusal(_ path: String, root: URL, file: StaticString = #filePath, line: UInt = #line) -> SceneError? {
        sceneError({ _ = try SceneFile(contentsOf: path, root: root.path) }, file: file, line: line)
    }

    func testACycleThroughAnotherFileIsReportedWhereItCloses() throws {
        let dir = try temporaryDirectory(self)
        try write(["s.scene.yaml": "imports: [a.yaml]\ncanvas: {width: 10, height: 10}\nviews: []\n",
                   "a.yaml": "imports: [b.yaml]\n", "b.yaml": "styles: {}\nimports: [a.yaml]\n"], in: dir)
        let error = try XCTUnwrap(refusal(dir.appendingPathComponent("s.scene.yaml").path, root: dir))
        let p = dir.path + "/"
        XCTAssertTrue(error.description.hasPrefix("\(p)b.yaml:2:11: error: imports form a cycle: \(p)s.scene.yaml → \(p)a.yaml → \(p)b.yaml → \(p)a.yaml\nimports: [a.yaml]\n          ^~~~~~\n"),
                      error.description)
    }

    func testProblemsInAnImportedFileAreLocatedThere() throws {
        let dir = try temporaryDirectory(self)
        try write(["scenes/s.scene.yaml": "imports: [../theme/t.yaml]\ncanvas: {width: 10, height: 10}\nviews:\n  - {type: ring, style: t, frame: {x: 0, y: 0, width: 9, height: 9}}\n",
                   "theme/t.yaml": "styles:\n  t: {progressColor: #ff2d55}\n"], in: dir)
        let error = try XCTUnwrap(refusal(dir.appendingPathComponent("scenes/s.scene.yaml").path, root: dir))
        XCTAssertTrue(error.description.hasPrefix("\(dir.path)/theme/t.yaml:2:22: error: a # starts a comment in YAML, so progressColor has no value"),
                      error.description)
        // What `--diagnostics json` gives as the first diagnostic's file and line.
        XCTAssertEqual(error.diagnostics.first?.file, dir.path + "/theme/t.yaml")
        XCTAssertEqual(error.diagnostics.first?.line, 2)
    }

    /// inspect names an imported style's file: `importedFrom` in JSON, "style t from FILE" in the
    /// table; the scene's own style has none.
    func testInspectSaysWhichFileAStylesValueIsImportedFrom() throws {
        let dir = try temporaryDirectory(self)
        try write(["s.scene.yaml": """
                       imports: [t.yaml]
                       canvas: {width: 10, height: 10}
                       styles: {own: {trackColor: "#000000"}}
                       views:
                         - {id: r, type: ring, style: [t, own], frame: {x: 0, y: 0, width: 9, height: 9}}
                       """,
                   "t.yaml": "styles:\n  t: {progressColor: \"#ff2d55\"}\n"], in: dir)
        let file = try SceneFile(contentsOf: dir.appendingPathComponent("s.scene.yaml").path, root: dir.path)
        let report = InspectReport(scene: file.animated.scene, placed: file.animated.placed)
        let rows = report.views[0].attributes
        let progress = try XCTUnwrap(rows.first { $0.name == "progressColor" })
        XCTAssertEqual([progress.source, progress.style, progress.importedFrom], ["style", "t", dir.path + "/t.yaml"])
        XCTAssertEqual(progress.provenance, "style t from \(dir.path)/t.yaml")
        let track = try XCTUnwrap(rows.first { $0.name == "trackColor" })
        XCTAssertEqual([track.source, track.style], ["style", "own"])
        XCTAssertNil(track.importedFrom)
        let label = try XCTUnwrap(rows.first { $0.name == "labelColor" })
        XCTAssertEqual(label.value.text, "#ff2d55", "the ring's label follows the imported progressColor")
        XCTAssertEqual(label.derivedFrom, ["progressColor"])
        XCTAssertTrue(report.text.contains("style t from \(dir.path)/t.yaml"), report.text)
    }
}
