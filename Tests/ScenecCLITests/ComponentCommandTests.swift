import Foundation
import SceneCodecs
import TestSupport
import XCTest

/// Components from a library, through the command line (docs/language.md §11): the scene in
/// Tests/Corpus/reuse (ReuseTests shows it draws as its hand-expanded twin) checked, inspected,
/// rendered with `--set` on one instance and at two moments of its definition's animation.
final class ComponentCommandTests: XCTestCase {
    static let corpus = repositoryRoot.appendingPathComponent("Tests/Corpus/reuse")
    static let scene = "components.scene.yaml"

    /// Each meter's ring is 100 pt wide in a 100 × 120 box: its track's left point (5, 60)
    /// is drawn only at progress past 0.75, its right point (95, 60) past 0.25.
    static let meters = [("cpu", 0), ("meter1", 120), ("meter2", 240)]
    static let blue = [0, 122, 255], red = [255, 0, 0], track = [235, 237, 236]

    func render(_ extra: [String], time: String) throws -> RasterImage {
        let out = try temporaryDirectory(self).appendingPathComponent("out.png")
        let result = try scenec(["render", Self.scene, "--time", time, "-o", out.path] + extra, directory: Self.corpus)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try readPNG(out)
    }

    func testCheckAndInspectShowTheExpandedViews() throws {
        let check = try scenec(["check", Self.scene], directory: Self.corpus)
        XCTAssertEqual(check.status, 0, check.stderr)
        XCTAssertEqual(check.stderr, "")
        let inspect = try scenec(["inspect", Self.scene, "--json"], directory: Self.corpus)
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        for id in ["cpu", "cpu.ring", "cpu.caption", "meter1.ring", "meter2.caption"] {
            XCTAssertTrue(inspect.stdoutText.contains("\"\(id)\""), "inspect --json lacks \(id)")
        }
        let plain = try scenec(["inspect", Self.scene], directory: Self.corpus)
        XCTAssertTrue(plain.stdoutText.contains("ring 'meter2.ring' at views[2].children[0]"), plain.stdoutText)
        XCTAssertTrue(plain.stdoutText.contains("group 'meter1' (Meter) at views[1]"), plain.stdoutText)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(inspect.stdoutText.utf8)) as? [String: Any])
        XCTAssertEqual((root["views"] as? [[String: Any]])?.map { $0["component"] as? String }, ["Meter", "Meter", "Meter"], "three instances")
    }

    /// inspect shows an instance's arguments and where each came from (the file's line, an
    /// item of repeat:, a default, --set), in the table and the JSON; a value the definition's
    /// animation drives says so, with the definition's file and line.
    func testInspectShowsAnInstancesArgumentsAndItsAnimation() throws {
        let plain = try scenec(["inspect", Self.scene, "--time", "0.5", "--set", "meter2.caption=Drive"], directory: Self.corpus)
        XCTAssertEqual(plain.status, 0, plain.stderr)
        let text = plain.stdoutText
        for row in ["value     0.42", "file line 9", "color     systemBlue  default", "repeat item line 14",
                    "caption   \"Drive\"     --set meter2.caption=Drive",
                    "timeline: Meter's animation, lib/meters.yaml line 21"] {
            XCTAssertTrue(text.contains(row), "no '\(row)' in:\n\(text)")
        }
        let json = try scenec(["inspect", Self.scene, "--json", "--time", "0.5"], directory: Self.corpus)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.stdoutText.utf8)) as? [String: Any])
        let views = try XCTUnwrap(root["views"] as? [[String: Any]])
        let arguments = try XCTUnwrap(views[1]["arguments"] as? [[String: Any]])
        XCTAssertEqual(arguments.map { $0["name"] as? String }, ["value", "color", "caption"])
        XCTAssertEqual(arguments.map { $0["source"] as? String }, ["repeat item", "repeat item", "repeat item"])
        XCTAssertEqual(arguments.first?["line"] as? Int, 14)
        XCTAssertEqual(arguments.first?["value"] as? String, "0.3")
        XCTAssertNil(views[0]["children"].flatMap { ($0 as? [[String: Any]])?.first?["arguments"] }, "a view inside an instance has none")
        let ring = try XCTUnwrap((views[0]["children"] as? [[String: Any]])?.first)
        let progress = try XCTUnwrap((ring["attributes"] as? [[String: Any]])?.first { $0["name"] as? String == "progress" })
        XCTAssertEqual(progress["source"] as? String, "timeline")
        let animation = try XCTUnwrap(progress["animation"] as? [String: Any])
        XCTAssertEqual(animation["component"] as? String, "Meter")
        XCTAssertEqual(animation["file"] as? String, "lib/meters.yaml")
    }

    /// A lint about a view of an instance (a caption too long for its frame) is reported in the
    /// scene, at the instance, not at the definition's line number in the scene's file.
    func testALintInAnInstanceIsReportedAtTheInstance() throws {
        let dir = try temporaryDirectory(self)
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("lib"), withIntermediateDirectories: true)
        _ = try write(try String(contentsOf: Self.corpus.appendingPathComponent("lib/meters.yaml"), encoding: .utf8),
                      "lib/meters.yaml", in: dir)
        let path = try write("""
            imports: [lib/meters.yaml]
            canvas: {width: 100, height: 140}
            views:
              - {id: cpu, type: Meter, frame: {x: 0, y: 0, width: 100, height: 140}, caption: A caption far too long for a meter a hundred points wide}
            """, "s.scene.yaml", in: dir)
        let result = try scenec(["check", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stderr.contains("s.scene.yaml:4:5: warning:"), result.stderr)
        XCTAssertTrue(result.stderr.contains("'cpu.caption'"), result.stderr)
    }

    /// The definition's animation runs in every instance: at 0 s no ring is drawn past its
    /// right point; at 1 s each has reached its own value (1 s).
    func testTheDefinitionsAnimationPlaysPerInstance() throws {
        let start = try render([], time: "0"), end = try render([], time: "1")
        for (id, x) in Self.meters {
            assertClose(rgb(start, x + 95, 60), Self.track, tolerance: 2, "\(id) at 0 s")
        }
        assertClose(rgb(end, 95, 60), Self.blue, tolerance: 2, "cpu (0.42) at 1 s")
        assertClose(rgb(end, 120 + 95, 60), Self.red, tolerance: 2, "meter1 (0.3, red) at 1 s")
        assertClose(rgb(end, 240 + 95, 60), Self.blue, tolerance: 2, "meter2 (0.6) at 1 s")
        for (id, x) in Self.meters {
            assertClose(rgb(end, x + 5, 60), Self.track, tolerance: 2, "\(id)'s left point at 1 s")
        }
    }

    /// `--set meter2.ring.progress=1` fills that ring and no other; `--set cpu.value=1` sets
    /// the instance's argument (its animation then ends at 1 too).
    func testSetReachesOneInstance() throws {
        let scoped = try render(["--set", "meter2.ring.progress=1"], time: "1")
        assertClose(rgb(scoped, 240 + 5, 60), Self.blue, tolerance: 2, "meter2 full")
        assertClose(rgb(scoped, 5, 60), Self.track, tolerance: 2, "cpu unchanged")
        assertClose(rgb(scoped, 120 + 5, 60), Self.track, tolerance: 2, "meter1 unchanged")
        let argument = try render(["--set", "cpu.value=1"], time: "1")
        assertClose(rgb(argument, 5, 60), Self.blue, tolerance: 2, "cpu full")
        assertClose(rgb(argument, 240 + 5, 60), Self.track, tolerance: 2, "meter2 unchanged")
        let bad = try scenec(["check", Self.scene, "--set", "cpu.value=2"], directory: Self.corpus)
        XCTAssertEqual(bad.status, 1)
        XCTAssertTrue(bad.stderr.contains("--set cpu.value=2"), bad.stderr)
        XCTAssertTrue(bad.stderr.contains("lib/meters.yaml:5:7: parameter 'value' (number 0–1) of Meter is declared here"), bad.stderr)
    }
}
