import SceneCodecs
import XCTest
import SceneRender

/// `inspect` reports every attribute's value and source; `--set` overrides any of them.
final class InspectAndSetTests: XCTestCase {
    let scene = """
        canvas: {width: 200, height: 200}
        styles:
          brand: {progressColor: "#ff2d55", lineWidth: 12}
        views:
          - id: r
            type: ring
            style: brand
            frame: {x: 0, y: 0, width: 200, height: 200}
            progress: 0.3
          - type: stack
            frame: {x: 10, y: 20, width: 100, height: 50}
            padding: 5
            children:
              - {id: p, type: pie}
        """

    func setUp(_ text: String? = nil) throws -> (URL, String) {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("s.scene.yaml")
        try (text ?? scene).write(to: path, atomically: true, encoding: .utf8)
        return (dir, path.path)
    }

    func attribute(_ view: [String: Any], _ name: String) -> [String: Any]? {
        (view["attributes"] as? [[String: Any]])?.first { $0["name"] as? String == name }
    }

    func testInspectJSONReportsValuesSourcesAndFrames() throws {
        let (_, path) = try setUp()
        let result = try scenec(["inspect", path, "--json", "--set", "r.lineWidth=6"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: result.stdout) as? [String: Any])
        let views = try XCTUnwrap(root["views"] as? [[String: Any]])
        let ring = views[0]
        XCTAssertEqual(ring["id"] as? String, "r")
        XCTAssertEqual(ring["frame"] as? [String: Double], ["x": 0, "y": 0, "width": 200, "height": 200])
        let color = try XCTUnwrap(attribute(ring, "progressColor"))
        XCTAssertEqual(color["value"] as? String, "#ff2d55")
        XCTAssertEqual(color["source"] as? String, "style")
        XCTAssertEqual(color["style"] as? String, "brand")
        XCTAssertEqual(color["animatable"] as? Bool, true)
        let progress = try XCTUnwrap(attribute(ring, "progress"))
        XCTAssertEqual(progress["value"] as? Double, 0.3)
        XCTAssertEqual(progress["source"] as? String, "file")
        let width = try XCTUnwrap(attribute(ring, "lineWidth"))
        XCTAssertEqual(width["value"] as? Double, 6)
        XCTAssertEqual(width["source"] as? String, "--set")
        let track = try XCTUnwrap(attribute(ring, "trackColor"))
        XCTAssertEqual(track["source"] as? String, "default")
        XCTAssertEqual(track["value"] as? String, "#ebedec")
        let clockwise = try XCTUnwrap(attribute(ring, "clockwise"))
        XCTAssertEqual(clockwise["animatable"] as? Bool, false)
        XCTAssertEqual(clockwise["value"] as? Bool, true)
        // The pie is placed by the (vertical) stack: content box 90 × 40 from (15, 25); a 37 × 37
        // pie at the top, centred across: x = 15 + (90 − 37) / 2.
        let stack = views[1]
        let pie = try XCTUnwrap((stack["children"] as? [[String: Any]])?.first)
        XCTAssertEqual(pie["frame"] as? [String: Double], ["x": 41.5, "y": 25, "width": 37, "height": 37])
        let fill = try XCTUnwrap(attribute(pie, "fillColor"))
        XCTAssertEqual(fill["value"] as? String, "#ffffff", "a derived default is computed for the view")
        XCTAssertEqual(fill["default"] as? String, "the view's borderColor")
        XCTAssertEqual(progress["range"] as? String, "0–1")
        XCTAssertEqual(attribute(pie, "borderWidth")?["value"] as? Double, 2)
    }

    func testInspectTextIsATablePerView() throws {
        let (_, path) = try setUp()
        let result = try scenec(["inspect", path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdoutText.contains("ring 'r' at views[0]  frame x 0, y 0, width 200, height 200"), result.stdoutText)
        // Columns are as wide as their widest cell (a derived default such as "(the progressColor)").
        XCTAssertNotNil(result.stdoutText.range(of: "\n  progressColor +#ff2d55 +style brand  yes\n", options: .regularExpression),
                        result.stdoutText)
        XCTAssertTrue(result.stdoutText.contains("\n  pie 'p' at views[1].children[0]  frame x 41.5, y 25, width 37, height 37"), result.stdoutText)
    }

    /// A value holding a line feed (a YAML escape, or `\n` in --set) is one cell, its LF shown
    /// as `␊`: nothing of the scene starts a line, such as a forged `::error` workflow command.
    /// Bidi controls show as `<U+202E>`; the JSON keeps every value exact.
    func testInspectShowsALineFeedInAValueAsAPictureAndJSONStaysExact() throws {
        let (_, path) = try setUp("""
            canvas: {width: 100, height: 100}
            views:
              - {id: l, type: label, frame: {x: 0, y: 0, width: 100, height: 20},
                 text: "line1\\n::error file=README.md,line=1::FORGED"}
              - {id: m, type: label, frame: {x: 0, y: 20, width: 100, height: 20}, text: "m\\u202Egpj.exe"}
              - {id: n, type: label, frame: {x: 0, y: 40, width: 100, height: 20}, text: x}
            """)
        for extra in [[], ["--set", "n.text=a\n::error::X"]] {
            let result = try scenec(["inspect", path] + extra)
            XCTAssertEqual(result.status, 0, result.stderr)
            for line in result.stdoutText.split(separator: "\n") {
                XCTAssertFalse(line.trimmingCharacters(in: .whitespaces).hasPrefix("::"), "\(extra): \(line)")
                XCTAssertFalse(line.unicodeScalars.contains("\u{202E}"), "\(extra): \(line)")
            }
            XCTAssertTrue(result.stdoutText.contains("line1␊::error file=README.md,line=1::FORGED"), result.stdoutText)
            XCTAssertTrue(result.stdoutText.contains("m<U+202E>gpj.exe"), result.stdoutText)
            if !extra.isEmpty { XCTAssertTrue(result.stdoutText.contains("a␊::error::X"), result.stdoutText) }
        }
        let json = try scenec(["inspect", path, "--json"])
        XCTAssertEqual(json.status, 0, json.stderr)
        XCTAssertTrue(json.stdoutText.contains("m\\u202egpj.exe"), json.stdoutText)
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: json.stdout) as? [String: Any])
        let views = try XCTUnwrap(root["views"] as? [[String: Any]])
        XCTAssertEqual(attribute(views[0], "text")?["value"] as? String, "line1\n::error file=README.md,line=1::FORGED")
        XCTAssertEqual(attribute(views[1], "text")?["value"] as? String, "m\u{202E}gpj.exe")
    }

    func testRenderDrawsOverriddenValues() throws {
        let (dir, path) = try setUp()
        let out = dir.appendingPathComponent("r.png")
        let result = try scenec(["render", path, "-o", out.path, "--set", "r.progress=0.6",
                                 "--set", "r.progressColor=#0000ff"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let image = try RasterImage(png: [UInt8](Data(contentsOf: out)))
        // Radius 100 − 6 = 94: 0.6 of the circle from 12 o'clock covers 6 o'clock but not 9.
        let six = image.pixel(100, 194), nine = image.pixel(6, 100)
        XCTAssertEqual([six.r, six.g, six.b, six.a], [0, 0, 255, 255])
        XCTAssertEqual([nine.r, nine.g, nine.b], [235, 237, 236])
    }

    func testBadSetsFailNamingTheOptionAndWriteNothing() throws {
        let (dir, path) = try setUp()
        let out = dir.appendingPathComponent("r.png").path
        let range = try scenec(["render", path, "-o", out, "--set", "r.progress=2"])
        XCTAssertEqual(range.status, 1)
        XCTAssertTrue(range.stderr.contains("--set r.progress=2: error: progress must be between 0 and 1, not 2"), range.stderr)
        let unknown = try scenec(["render", path, "-o", out, "--set", "r.nosuch=1"])
        XCTAssertEqual(unknown.status, 1)
        XCTAssertTrue(unknown.stderr.contains("--set r.nosuch=1: error: ring 'r' has no attribute 'nosuch'"), unknown.stderr)
        let typo = try scenec(["render", path, "-o", out, "--set", "r.progresColor=red"])
        XCTAssertTrue(typo.stderr.contains("did you mean 'progressColor'?"), typo.stderr)
        let id = try scenec(["render", path, "-o", out, "--set", "rr.progress=0.5"])
        XCTAssertEqual(id.status, 1)
        XCTAssertTrue(id.stderr.contains("--set rr.progress=0.5: error: no view has the id 'rr'; did you mean 'r'?"), id.stderr)
        let shape = try scenec(["render", path, "-o", out, "--set", "progress=0.5"])
        XCTAssertEqual(shape.status, 2)
        XCTAssertTrue(shape.stderr.contains("'progress' is not an address"), shape.stderr)
        let noValue = try scenec(["render", path, "-o", out, "--set", "r.progress"])
        XCTAssertEqual(noValue.status, 2)
        XCTAssertTrue(noValue.stderr.contains("--set needs ADDRESS=VALUE"), noValue.stderr)
        let yes = try scenec(["render", path, "-o", out, "--set", "r.clockwise=yes"])
        XCTAssertTrue(yes.stderr.contains("write true"), yes.stderr)
        XCTAssertEqual(fileNames(in: dir), ["s.scene.yaml"])
    }

    func testSetTakesListsAndAppliesToFrames() throws {
        let (dir, path) = try setUp("""
            canvas: {width: 100, height: 100}
            views:
              - {id: l, type: lines, frame: {x: 0, y: 0, width: 100, height: 100}, points: [[0, 0], [1, 1]]}
            timeline:
              animations:
                - {target: l.strokeEnd, from: 0, to: 1, duration: 1s}
            """)
        let inspect = try scenec(["inspect", path, "--json", "--set", "l.points=[[0, 50], [\"100%\", 50]]"])
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        XCTAssertTrue(inspect.stdoutText.contains("[[0, 50], [100%, 50]]"), inspect.stdoutText)
        let frames = try scenec(["frames", path, "-o", dir.appendingPathComponent("f-%d.png").path, "--range", "0",
                                 "--set", "l.strokeColor=blue"])
        XCTAssertEqual(frames.status, 0, frames.stderr)
    }
}
