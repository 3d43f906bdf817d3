import Foundation
import TestSupport
import XCTest

/// `canvas.poster`: the moment `render` (without `--time`) and `build`'s stills and asset
/// catalogs show. The ring fills from 0 to 1 over 2.5 s, so a probe on its left side (three
/// quarters round from twelve o'clock) is the green track at 0 and the red fill at 2.5 s.
final class PosterTests: XCTestCase {
    static func ring(poster: String?) -> String {
        let poster = poster.map { ", poster: \($0)" } ?? ""
        return """
        canvas: {width: 100, height: 100, background: "#0000ff"\(poster)}
        views:
          - {type: ring, id: r, frame: {x: 0, y: 0, width: 100, height: 100}, lineWidth: 30, trackColor: "#00ff00", progressColor: "#ff0000", progress: 1}
        timeline:
          animations:
            - {target: r.progress, from: 0, to: 1, duration: 2.5s, easing: linear}

        """
    }

    func scene(_ text: String) throws -> URL {
        let root = try temporaryDirectory(self)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        try text.write(to: root.appendingPathComponent("scenes/ring.scene.yaml"), atomically: true, encoding: .utf8)
        return root
    }

    func leftSide(_ url: URL) throws -> [Int] { rgb(try readPNG(url), 8, 50) }

    func testRenderDrawsThePosterUnlessTimeIsGiven() throws {
        let root = try scene(Self.ring(poster: "2.5s"))
        XCTAssertEqual(try scenec(["render", "scenes/ring.scene.yaml", "-o", "poster.png"], directory: root).status, 0)
        XCTAssertEqual(try leftSide(root.appendingPathComponent("poster.png")), [255, 0, 0], "the filled ring of 2.5 s")
        XCTAssertEqual(try scenec(["render", "scenes/ring.scene.yaml", "--time", "0", "-o", "zero.png"], directory: root).status, 0)
        XCTAssertEqual(try leftSide(root.appendingPathComponent("zero.png")), [0, 255, 0], "--time wins over the poster")
        let plain = try scene(Self.ring(poster: nil))
        XCTAssertEqual(try scenec(["render", "scenes/ring.scene.yaml", "-o", "plain.png"], directory: plain).status, 0)
        XCTAssertEqual(try leftSide(plain.appendingPathComponent("plain.png")), [0, 255, 0], "no poster: t = 0")
    }

    func testAssetCatalogHoldsThePoster() throws {
        let root = try scene(Self.ring(poster: "75f"))  // 75 frames at the default 30 fps: 2.5 s
        let run = try scenec(["build", "scenes", "--asset-catalog", "A.xcassets"], directory: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        let catalog = root.appendingPathComponent("A.xcassets")
        let pngs = try XCTUnwrap(FileManager.default.subpathsOfDirectory(atPath: catalog.path)).filter { $0.hasSuffix(".png") }
        XCTAssertFalse(pngs.isEmpty)
        for png in pngs {
            let image = try readPNG(catalog.appendingPathComponent(png))
            XCTAssertEqual(rgb(image, image.width * 8 / 100, image.height / 2), [255, 0, 0], png)
        }
        // A changed poster rebuilds: the scene's bytes are in the build key.
        try Self.ring(poster: "0").write(to: root.appendingPathComponent("scenes/ring.scene.yaml"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try scenec(["build", "scenes", "--asset-catalog", "A.xcassets"], directory: root).status, 0)
        for png in pngs {
            let image = try readPNG(catalog.appendingPathComponent(png))
            XCTAssertEqual(rgb(image, image.width * 8 / 100, image.height / 2), [0, 255, 0], png)
        }
    }

    func testPosterPastTheEndIsALocatedErrorNamingTheLength() throws {
        let root = try scene(Self.ring(poster: "3s"))
        let run = try scenec(["render", "scenes/ring.scene.yaml", "-o", "x.png"], directory: root)
        XCTAssertEqual(run.status, 1, run.stderr)
        XCTAssertTrue(run.stderr.contains("ring.scene.yaml:1:"), run.stderr)
        XCTAssertTrue(run.stderr.contains("canvas poster 3 s is past the end of the timeline, which lasts 2.5 s"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("x.png").path))
    }

    func testPosterWithoutTimelineWarns() throws {
        let root = try scene("canvas: {width: 10, height: 10, poster: 1s}\nviews: []\n")
        let run = try scenec(["render", "scenes/ring.scene.yaml", "-o", "x.png"], directory: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stderr.contains("canvas poster does nothing"), run.stderr)
    }
}
