import Foundation
import TestSupport
import XCTest

/// `build --time T` (and `render`, `inspect`, `preview --static` without `--time` at the poster):
/// the moment handed off. The ring of PosterTests fills from 0 to 1 over 2.5 s, so a probe on its
/// left side is the green track at 0 and the red fill at 2.5 s.
final class BuildTimeTests: XCTestCase {
    func leftSide(_ url: URL) throws -> [Int] { rgb(try readPNG(url), 8, 50) }

    func scene(_ text: String, extra: [String: String] = [:]) throws -> URL {
        let root = try temporaryDirectory(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try text.write(to: root.appendingPathComponent("scenes/ring.scene.yaml"), atomically: true, encoding: .utf8)
        for (name, text) in extra {
            try text.write(to: root.appendingPathComponent("scenes/\(name)"), atomically: true, encoding: .utf8)
        }
        return root
    }

    /// The left side of every PNG of the image set `name` in the catalog.
    func catalogLeftSides(_ root: URL, _ name: String = "ring") throws -> [[Int]] {
        let set = root.appendingPathComponent("A.xcassets/\(name).imageset")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: set.path).filter { $0.hasSuffix(".png") }.sorted()
        XCTAssertFalse(pngs.isEmpty, "no PNG in \(set.path)")
        return try pngs.map { png in
            let image = try readPNG(set.appendingPathComponent(png))
            return rgb(image, image.width * 8 / 100, image.height / 2)
        }
    }

    func testBuildTimeDrawsTheAssetCatalogAtThatMoment() throws {
        let root = try scene(PosterTests.ring(poster: nil))
        let run = try scenec(["build", "scenes", "--asset-catalog", "A.xcassets", "--time", "2.5"], directory: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        for side in try catalogLeftSides(root) { XCTAssertEqual(side, [255, 0, 0], "the filled ring of 2.5 s") }
        // The time is in the key: another time rebuilds, the same one is up to date.
        let zero = try scenec(["build", "scenes", "--asset-catalog", "A.xcassets", "--time", "0"], directory: root)
        XCTAssertEqual(zero.status, 0, zero.stderr)
        XCTAssertTrue(zero.stderr.contains("1 built"), zero.stderr)
        for side in try catalogLeftSides(root) { XCTAssertEqual(side, [0, 255, 0], "the empty ring of 0 s") }
        let again = try scenec(["build", "scenes", "--asset-catalog", "A.xcassets", "--time", "0"], directory: root)
        XCTAssertTrue(again.stderr.contains("1 up to date"), again.stderr)
    }

    func testPosterAndBuildTimeAgreeAndTimeWins() throws {
        // canvas.poster: 2.5s and --time 2.5 write the same state; --time wins over the poster.
        let root = try scene(PosterTests.ring(poster: "2.5s"))
        XCTAssertEqual(try scenec(["build", "scenes", "--asset-catalog", "A.xcassets"], directory: root).status, 0)
        for side in try catalogLeftSides(root) { XCTAssertEqual(side, [255, 0, 0], "the poster's filled ring") }
        let stills = try scenec(["build", "scenes", "-o", "out", "--time", "0"], directory: root)
        XCTAssertEqual(stills.status, 0, stills.stderr)
        XCTAssertEqual(try leftSide(root.appendingPathComponent("out/ring.png")), [0, 255, 0], "--time 0 over the poster")
        let android = try scenec(["build", "scenes", "--android-res", "res", "--time", "75f"], directory: root)
        XCTAssertEqual(android.status, 0, android.stderr)
        let drawable = try readPNG(root.appendingPathComponent("res/drawable-mdpi/ring.png"))
        XCTAssertEqual(rgb(drawable, drawable.width * 8 / 100, drawable.height / 2), [255, 0, 0], "75 frames at 30 fps: 2.5 s")
    }

    func testTimePastTheEndIsALocatedErrorNamingTheLengthAndWritesNothing() throws {
        // A second scene, without a timeline, is built: --time does not apply to it.
        let root = try scene(PosterTests.ring(poster: nil),
                             extra: ["still.scene.yaml": "canvas: {width: 10, height: 10, background: \"#0000ff\"}\nviews: []\n"])
        let run = try scenec(["build", "scenes", "--asset-catalog", "A.xcassets", "--time", "99", "--keep-going"], directory: root)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("scenes/ring.scene.yaml:4:1: error: --time 99 s is past the end of the timeline, which lasts 2.5 s"),
                      run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("A.xcassets/ring.imageset").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("A.xcassets/still.imageset").path))
        XCTAssertFalse(run.stderr.contains("still.scene.yaml:"), "no word about the scene without a timeline: \(run.stderr)")

        // render --time past the end: the same error, exit 1, no file.
        let render = try scenec(["render", "scenes/ring.scene.yaml", "--time", "3s", "-o", "x.png"], directory: root)
        XCTAssertEqual(render.status, 1, render.stderr)
        XCTAssertTrue(render.stderr.contains("ring.scene.yaml:4:1: error: --time 3 s is past the end of the timeline, which lasts 2.5 s"),
                      render.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("x.png").path))
        // Not a time at all: a mistake of the command line, exit 2, whatever the scenes.
        XCTAssertEqual(try scenec(["build", "scenes", "-o", "out", "--time", "soon"], directory: root).status, 2)
    }

    func testNinjaEdgesPassTheTimeAndBazelTargetsRefuseIt() throws {
        let root = try scene(PosterTests.ring(poster: nil))
        let ninja = try scenec(["build", "scenes", "-o", "out", "--emit-ninja", "build.ninja", "--time", "1.5s"], directory: root)
        XCTAssertEqual(ninja.status, 0, ninja.stderr)
        let text = try String(contentsOf: root.appendingPathComponent("build.ninja"), encoding: .utf8)
        XCTAssertTrue(text.contains("--time 1.5s"), text)
        let bazel = try scenec(["build", "scenes", "--emit-bazel", "ws", "--time", "1"], directory: root)
        XCTAssertEqual(bazel.status, 2, bazel.stderr)
        XCTAssertTrue(bazel.stderr.contains("--time does not go with --emit-bazel"), bazel.stderr)
    }

    func testInspectAndStaticSheetOpenAtThePoster() throws {
        let root = try scene(PosterTests.ring(poster: "2.5s"))
        let inspect = try scenec(["inspect", "scenes/ring.scene.yaml", "--json"], directory: root)
        XCTAssertEqual(inspect.status, 0, inspect.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: inspect.stdout) as? [String: Any])
        let views = try XCTUnwrap(json["views"] as? [[String: Any]])
        let attributes = try XCTUnwrap(views.first?["attributes"] as? [[String: Any]])
        let progress = try XCTUnwrap(attributes.first(where: { $0["name"] as? String == "progress" }))
        XCTAssertEqual(progress["value"] as? Double, 1, "the ring's progress at the poster, 2.5 s")
        let sheet = try scenec(["preview", "scenes/ring.scene.yaml", "--static", "-o", "sheet.html"], directory: root)
        XCTAssertEqual(sheet.status, 0, sheet.stderr)
        let html = try String(contentsOf: root.appendingPathComponent("sheet.html"), encoding: .utf8)
        XCTAssertTrue(html.contains("· time 2.5 s"), "the sheet's heading names the poster's time")
    }
}
