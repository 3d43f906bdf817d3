import XCTest

/// `render --scales` (pictures read back with Pillow), and the usage errors of `build
/// --asset-catalog` and `--android-res`, whose exit status and message are the point. The
/// catalogs and Android resources themselves are built in-process in
/// ScenecBuildTests.AssetDestinationTests.
final class AssetOutputTests: XCTestCase {
    /// Red, with the right half blue: a probe at a quarter of the width is red and one at three
    /// quarters blue, at any scale.
    static func halves(width: Int = 30, height: Int = 20) -> String {
        """
        canvas: {width: \(width), height: \(height), background: "#ff0000", scale: 5}
        views:
          - {type: group, frame: {x: "50%", y: 0, width: "50%", height: "100%"}, backgroundColor: "#0000ff"}

        """
    }

    func makeScenes(_ files: [String: String]) throws -> URL {
        let root = try temporaryDirectory(self)
        for (path, text) in files {
            let url = root.appendingPathComponent("scenes/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    // MARK: render --scales

    func testScalesWriteOnePNGPerScaleAtThatMultipleOfTheCanvas() throws {
        let root = try makeScenes(["icon.scene.yaml": Self.halves()])
        let run = try scenec(["render", "scenes/icon.scene.yaml", "--scales", "3,1,2", "-o", "out/icon.png", "-o", "out/icon.pdf"],
                             directory: root)
        XCTAssertEqual(run.status, 0, run.stderr)
        let out = root.appendingPathComponent("out")
        XCTAssertEqual(fileNames(in: out), ["icon.pdf", "icon.png", "icon@2x.png", "icon@3x.png"],
                       "a PNG per scale; the PDF, which has no pixels, once")
        let read = try pillowProbes(["icon.png", "icon@2x.png", "icon@3x.png"].map { out.appendingPathComponent($0) })
        for (name, scale) in [("icon.png", 1), ("icon@2x.png", 2), ("icon@3x.png", 3)] {
            let png = try XCTUnwrap(read[out.appendingPathComponent(name).path], name)
            XCTAssertEqual([png.width, png.height], [30 * scale, 20 * scale], "\(name): the canvas × \(scale), not its own scale 5")
            XCTAssertEqual([png.left, png.right], ["ff0000", "0000ff"], name)
        }
        // The 2× file is the picture `--scale 2` draws, byte for byte.
        XCTAssertEqual(try scenec(["render", "scenes/icon.scene.yaml", "--scale", "2", "-o", "two.png"], directory: root).status, 0)
        XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent("two.png")),
                       try Data(contentsOf: out.appendingPathComponent("icon@2x.png")))
    }

    func testBadScalesAreUsageErrorsAndWriteNothing() throws {
        let root = try makeScenes(["icon.scene.yaml": Self.halves()])
        for (extra, message) in [
            (["--scales", "1,0"], "--scales takes scales greater than 0 separated by commas (1,2,3), not '0'"),
            (["--scales", "1,,2"], "not ''"),
            (["--scales", "two"], "not 'two'"),
            (["--scales", "1,2", "--scale", "2"], "--scale and --scales both set the pixels per point"),
        ] {
            let run = try scenec(["render", "scenes/icon.scene.yaml", "-o", "out/icon.png"] + extra, directory: root)
            XCTAssertEqual(run.status, 2, "\(extra): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(message), run.stderr)
        }
        let svgOnly = try scenec(["render", "scenes/icon.scene.yaml", "--scales", "1,2", "-o", "out/icon.svg"], directory: root)
        XCTAssertEqual(svgOnly.status, 2)
        XCTAssertTrue(svgOnly.stderr.contains("none of the outputs is a PNG"), svgOnly.stderr)
        let stdout = try scenec(["render", "scenes/icon.scene.yaml", "--scales", "1,2", "-o", "-"], directory: root)
        XCTAssertEqual(stdout.status, 2)
        XCTAssertTrue(stdout.stderr.contains("-o - is a single stream"), stdout.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))
        // The pixel limits are checked at the largest scale, and the message names --scales.
        let big = try scenec(["render", "scenes/icon.scene.yaml", "--scales", "1,1000", "-o", "out/icon.png"], directory: root)
        XCTAssertEqual(big.status, 1)
        XCTAssertTrue(big.stderr.contains("the picture would be 30000 × 20000 pixels at --scales 1000"), big.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("out").path))
    }

    // MARK: build --asset-catalog, --android-res

    func testCatalogAndAndroidOptionMistakesAreUsageErrorsAndWriteNothing() throws {
        let root = try makeScenes(["d1/x.scene.yaml": Self.halves(), "d2/x.scene.yaml": Self.halves()])
        // The options' mistakes: usage errors (exit 2) before anything is read. (Two scenes of
        // one name are ScenecBuildTests.AssetDestinationTests'.)
        for (extra, message) in [
            (["--asset-catalog", "A.xcassets", "--scales", "1,4"], "an asset catalog holds scales 1, 2 and 3 only, not 4"),
            (["--asset-catalog", "A.xcassets", "--scales", "1,-2"], "not '-2'"),
            (["--asset-catalog", "Assets"], "--asset-catalog takes a folder whose name ends in .xcassets"),
            (["--asset-catalog", "A.xcassets", "-o", "out"], "-o and --asset-catalog each name where the build writes"),
            (["--asset-catalog", "A.xcassets", "--formats", "svg"], "--formats does not go with --asset-catalog"),
            (["--asset-catalog", "A.xcassets", "--asset-catalog-format", "svg"], "--asset-catalog-format must be png or pdf"),
            (["--asset-catalog", "A.xcassets", "--animated", "frames"], "--animated frames does not go with --asset-catalog"),
            (["-o", "out", "--scales", "2"], "--scales does not go with -o"),
            (["--android-res", "res", "--scales", "2"], "Android's densities are fixed"),
            (["--asset-catalog", "A.xcassets", "--asset-catalog-format", "pdf", "--scales", "2"], "which has no scales"),
            (["--asset-catalog", "A.xcassets", "--appearance", "dark"], "--appearance does not go with --asset-catalog"),
        ] {
            let run = try scenec(["build", "scenes/d1"] + extra, directory: root)
            XCTAssertEqual(run.status, 2, "\(extra): \(run.stderr)")
            XCTAssertTrue(run.stderr.contains(message), "\(extra): \(run.stderr)")
        }
        XCTAssertEqual(fileNames(in: root), ["scenes"])
    }
}
