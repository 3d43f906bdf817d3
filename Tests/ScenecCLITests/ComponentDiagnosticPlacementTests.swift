import Foundation
import TestSupport
import XCTest

/// Where the checker reports what an instance of a component gets wrong (docs/language.md §11):
/// every diagnostic names the file its line and column are in (a problem an argument makes is
/// reported in the definition with a note naming the argument), and one mistake in a
/// definition is one error, not a cascade of wrong ones with wrong quick fixes.
final class ComponentDiagnosticPlacementTests: XCTestCase {
    static let library = """
        components:
          Badge:
            parameters:
              count: {kind: text, default: "0"}
            views:
              - {id: dot, type: label, frame: {x: 0, y: 0, width: 10, height: 10}, text: "$count"}
          Meter:
            parameters:
              value: {kind: ring.progress, default: 0}
              inset: {kind: number, default: 20}
              alerts: {kind: text, default: "0"}
            views:
              - id: ring
                type: ring
                frame: {x: 0, y: 0, width: 100%, height: "100% - $inset"}
                progress: $value
              - id: caption
                type: label
                frame: {x: 0, y: "100% - $inset", width: 100%, height: $inset}
                text: "{ring.progress:percent}"
              - {id: badge, type: Badge, frame: {x: 0, y: 0, width: 18, height: 18}, count: $alerts}
            timeline:
              animations:
                - {target: ring.progress, from: 0, to: $value, duration: 1s}
        """

    /// A directory with lib/meters.yaml (`library`, or `lib`) and s.scene.yaml (`scene`).
    func project(_ scene: String, lib: String = library) throws -> URL {
        let dir = try temporaryDirectory(self)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("lib"), withIntermediateDirectories: true)
        _ = try write(lib, "lib/meters.yaml", in: dir)
        _ = try write(scene, "s.scene.yaml", in: dir)
        return dir
    }

    /// Each `file:line:col: error|warning:` of a text report, with the source line quoted under it.
    func located(_ stderr: String) -> [(file: String, line: Int, column: Int, quoted: String)] {
        let lines = stderr.components(separatedBy: "\n")
        var found: [(String, Int, Int, String)] = []
        for (i, line) in lines.enumerated() {
            let parts = line.components(separatedBy: ":")
            guard parts.count > 3, let l = Int(parts[1]), let c = Int(parts[2]),
                  parts[3].hasPrefix(" error") || parts[3].hasPrefix(" warning"), i + 1 < lines.count else { continue }
            found.append((parts[0], l, c, lines[i + 1]))
        }
        return found
    }

    /// The line `line` of `file` in `dir`.
    func sourceLine(_ file: String, _ line: Int, in dir: URL) throws -> String {
        let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        return line >= 1 && line <= lines.count ? lines[line - 1] : "<no line \(line) in \(file)>"
    }

    /// `inset: -5` makes the definition's frame negative: reported at the definition's line in
    /// the library's file (the quoted line is that one, the column within it), with a note
    /// naming the argument; the same in --format json.
    func testAProblemAnArgumentMakesIsReportedWhereItsFileAndLineAgree() throws {
        let dir = try project("""
            imports: [lib/meters.yaml]
            canvas: {width: 300, height: 200}
            views:
              - {id: b, type: Meter, frame: {x: 100, y: 0, width: 100, height: 140}, value: 0.5, inset: -5}
            """)
        let result = try scenec(["check", "s.scene.yaml"], directory: dir)
        XCTAssertNotEqual(result.status, 0)
        let found = located(result.stderr)
        XCTAssertFalse(found.isEmpty, result.stderr)
        for d in found {
            let line = try sourceLine(d.file, d.line, in: dir)
            XCTAssertEqual(d.quoted, line, "\(d.file):\(d.line) quotes another line\n\(result.stderr)")
            XCTAssertLessThanOrEqual(d.column, line.count + 1, "\(d.file):\(d.line):\(d.column) is past the line's end")
        }
        XCTAssertTrue(result.stderr.contains("lib/meters.yaml:19:64: error: frame height cannot be negative"), result.stderr)
        XCTAssertTrue(result.stderr.contains("note: '$inset' is -5 here: the argument inset of 'b' at s.scene.yaml:4:86"), result.stderr)
        let json = try scenec(["check", "s.scene.yaml", "--diagnostics", "json"], directory: dir)
        let list = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdoutText.utf8)) as? [[String: Any]], json.stdoutText)
        XCTAssertFalse(list.isEmpty)
        for d in list {
            let file = try XCTUnwrap(d["file"] as? String, "\(d)")
            let line = try XCTUnwrap(d["line"] as? Int, "\(d)")
            let column = try XCTUnwrap(d["column"] as? Int, "\(d)")
            let text = try sourceLine(URL(fileURLWithPath: file).path.hasPrefix(dir.path) ? String(file.dropFirst(dir.path.count + 1)) : file, line, in: dir)
            XCTAssertLessThanOrEqual(column, text.count + 1, "\(file):\(line):\(column) in JSON is past the line's end")
            if d["message"] as? String == "frame height cannot be negative" {
                XCTAssertTrue(file.hasSuffix("lib/meters.yaml"), "\(d)")
                XCTAssertEqual(line, 19, "\(d)")
            }
        }
    }

    /// A Meter at 0 (an idle meter) is no mistake: its instance's animation, constant for this
    /// argument, does not warn.
    func testAnInstanceAnimationConstantForItsArgumentDoesNotWarn() throws {
        let dir = try project("""
            imports: [lib/meters.yaml]
            canvas: {width: 300, height: 200}
            views:
              - {id: a, type: Meter, frame: {x: 0, y: 0, width: 100, height: 140}, value: 0}
            """)
        let result = try scenec(["check", "s.scene.yaml"], directory: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stderr.contains("never changes"), result.stderr)
    }

    /// A parameter whose kind is wrong is still declared: one error at its kind, no "`$alerts`
    /// is not a parameter", no "unknown argument", and the instance's views (`cpu.ring`) named
    /// elsewhere are not "no view has the id" with a fix that would break a right binding.
    func testABadParameterKindIsOneError() throws {
        let lib = Self.library.replacingOccurrences(of: "alerts: {kind: text, default: \"0\"}", with: "alerts: {kind: txt, default: \"0\"}")
        let dir = try project("""
            imports: [lib/meters.yaml]
            canvas: {width: 300, height: 200}
            views:
              - {id: cpu, type: Meter, frame: {x: 0, y: 0, width: 100, height: 140}, value: 0.4, alerts: "3"}
              - {id: total, type: label, frame: {x: 0, y: 150, width: 100, height: 20}, text: "{cpu.ring.progress}"}
            timeline:
              animations:
                - {target: cpu.ring.progress, to: 1}
            """, lib: lib)
        let result = try scenec(["check", "s.scene.yaml"], directory: dir)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("unknown parameter kind 'txt'"), result.stderr)
        XCTAssertEqual(result.stderr.components(separatedBy: ": error:").count - 1, 1, result.stderr)
        XCTAssertFalse(result.stderr.contains("no view has the id"), result.stderr)
        XCTAssertFalse(result.stderr.contains("is not a parameter"), result.stderr)
    }

    /// A bad default is the default's error only: the parameter's uses are not unknown.
    func testABadDefaultKeepsTheParameterDeclared() throws {
        let lib = Self.library.replacingOccurrences(of: "inset: {kind: number, default: 20}", with: "inset: {kind: number, default: wide}")
        let dir = try project("""
            imports: [lib/meters.yaml]
            canvas: {width: 300, height: 200}
            views: []
            """, lib: lib)
        let result = try scenec(["check", "s.scene.yaml"], directory: dir)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("the default of 'inset'"), result.stderr)
        XCTAssertEqual(result.stderr.components(separatedBy: ": error:").count - 1, 1, result.stderr)
    }

    /// `--set cpu.value=abc`: the argument's error, and not also "group 'cpu' has no attribute 'value'".
    func testABadArgumentFromSetIsOneError() throws {
        let dir = try project("""
            imports: [lib/meters.yaml]
            canvas: {width: 300, height: 200}
            views:
              - {id: cpu, type: Meter, frame: {x: 0, y: 0, width: 100, height: 140}, value: 0.4}
            """)
        let result = try scenec(["check", "s.scene.yaml", "--set", "cpu.value=abc"], directory: dir)
        XCTAssertNotEqual(result.status, 0)
        XCTAssertTrue(result.stderr.contains("argument 'value' of Meter must be a number"), result.stderr)
        XCTAssertFalse(result.stderr.contains("has no attribute 'value'"), result.stderr)
    }

    /// A definition with a wrong kind and, independently, a binding outside it, a duplicate id
    /// and a misspelt target: all four in one run.
    func testADefinitionsIndependentProblemsComeInOneRun() throws {
        let lib = """
            components:
              Dial:
                parameters:
                  q: {kind: numbr, default: 0}
                views:
                  - {id: r, type: ring, frame: {x: 0, y: 0, width: 10, height: 10}, lineWidth: $q, label: "{total.text}"}
                  - {id: r, type: label, frame: {x: 0, y: 0, width: 10, height: 10}}
                timeline:
                  animations:
                    - {target: r.progres, to: 1}
            """
        let dir = try project("""
            imports: [lib/meters.yaml]
            canvas: {width: 300, height: 200}
            views: []
            """, lib: lib)
        let result = try scenec(["check", "s.scene.yaml"], directory: dir)
        XCTAssertNotEqual(result.status, 0)
        for expected in ["unknown parameter kind 'numbr'", "'{total.text}' names 'total'", "duplicate id 'r'", "progres"] {
            XCTAssertTrue(result.stderr.contains(expected), "missing \(expected):\n\(result.stderr)")
        }
        XCTAssertEqual(result.stderr.components(separatedBy: ": error:").count - 1, 4, "a use of the broken $q is not checked:\n\(result.stderr)")
    }

    /// A text default `{ring.progress}` is written in the definition: it shows the instance's
    /// ring, not a view of the scene named ring.
    func testATextDefaultsBindingsNameTheDefinitionsViews() throws {
        let dir = try project("""
            canvas: {width: 200, height: 100}
            components:
              M:
                parameters:
                  c: {kind: text, default: "{ring.progress}"}
                views:
                  - {id: ring, type: ring, progress: 0.5, lineWidth: 2, frame: {x: 0, y: 0, width: 10, height: 10}}
                  - {id: l, type: label, text: "now $c", frame: {x: 0, y: 0, width: 100, height: 100}}
            views:
              - {id: m, type: M, frame: {x: 0, y: 0, width: 100, height: 100}}
            """)
        let result = try scenec(["check", "s.scene.yaml"], directory: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        let inspect = try scenec(["inspect", "s.scene.yaml", "--json"], directory: dir)
        XCTAssertTrue(inspect.stdoutText.contains("now {m.ring.progress}"), inspect.stdoutText)
    }

    /// `--set cpu.ring.progress=1` replaces an instance's animation: the note says to set the
    /// instance's argument, not an index of the timeline that shifts as instances are added.
    func testReplacingAnInstanceAnimationNamesTheArgumentNotAnIndex() throws {
        let dir = try project("""
            imports: [lib/meters.yaml]
            canvas: {width: 300, height: 200}
            views:
              - {id: cpu, type: Meter, frame: {x: 0, y: 0, width: 100, height: 140}, value: 0.4}
            """)
        let result = try scenec(["check", "s.scene.yaml", "--set", "cpu.ring.progress=0.9"], directory: dir)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("set the instance's argument"), result.stderr)
        XCTAssertTrue(result.stderr.contains("lib/meters.yaml:24"), result.stderr)
        XCTAssertFalse(result.stderr.contains("timeline.animations["), result.stderr)
    }
}
