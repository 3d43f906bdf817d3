import SceneCodecs
import SceneRender
import XCTest

/// `--png-compression` and the work frame sequences skip: every setting writes the same pixels,
/// held frames are copies of exactly the bytes a fresh encoding gives, and nothing depends on
/// `--jobs`.
final class PNGCompressionTests: XCTestCase {
    /// Animated for the first half second, then held for the second half (frames 5–10 at 10 fps).
    let heldScene = """
        canvas: {width: 48, height: 48}
        views:
          - {id: r, type: ring, frame: {x: 0, y: 0, width: 48, height: 48}, lineCap: round}
          - {id: p, type: pie, frame: {x: 12, y: 12, width: 24, height: 24}, opacity: 0.5}
        timeline:
          fps: 10
          duration: 1s
          animations:
            - {target: r.progress, from: 0, to: 0.8, duration: 0.5s}
            - {target: p.progress, from: 0, to: 1, duration: 0.3s}
        """

    func setUp(_ text: String) throws -> (URL, String) {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("a.scene.yaml")
        try text.write(to: path, atomically: true, encoding: .utf8)
        return (dir, path.path)
    }

    func bytes(_ url: URL) throws -> Data { try Data(contentsOf: url) }

    func testHeldFramesAreTheBytesOfAFreshEncodingAtEveryCompression() throws {
        let (dir, path) = try setUp(heldScene)
        for compression in ["fast", "default", "small"] {
            let out = dir.appendingPathComponent(compression)
            let r = try scenec(["frames", path, "-o", out.appendingPathComponent("%02d.png").path,
                                "--png-compression", compression])
            XCTAssertEqual(r.status, 0, r.stderr)
            XCTAssertEqual(fileNames(in: out).count, 11)
            // Frames 5–10 are one held picture; each must be what rendering that moment alone gives.
            for i in [4, 5, 6, 10] {
                let single = dir.appendingPathComponent("\(compression)-t\(i).png")
                XCTAssertEqual(try scenec(["render", path, "--time", "\(i)f", "-o", single.path,
                                           "--png-compression", compression]).status, 0)
                XCTAssertEqual(try bytes(out.appendingPathComponent(String(format: "%02d.png", i))), try bytes(single),
                               "\(compression) frame \(i)")
            }
            XCTAssertEqual(try bytes(out.appendingPathComponent("05.png")), try bytes(out.appendingPathComponent("10.png")))
            XCTAssertNotEqual(try bytes(out.appendingPathComponent("04.png")), try bytes(out.appendingPathComponent("05.png")))
        }
    }

    func testAStaticSceneGivesTheSameFileForEveryFrame() throws {
        let (dir, path) = try setUp("""
            canvas: {width: 40, height: 30, background: white}
            views:
              - {type: clock, frame: {x: 5, y: 0, width: 30, height: 30}, time: "10:09:30"}
            timeline: {fps: 30, duration: 2s}
            """)
        let out = dir.appendingPathComponent("f")
        XCTAssertEqual(try scenec(["frames", path, "-o", out.appendingPathComponent("%02d.png").path, "--jobs", "2"]).status, 0)
        let still = dir.appendingPathComponent("still.png")
        XCTAssertEqual(try scenec(["render", path, "-o", still.path]).status, 0)
        let names = fileNames(in: out)
        XCTAssertEqual(names.count, 61)
        for name in names { XCTAssertEqual(try bytes(out.appendingPathComponent(name)), try bytes(still), name) }
    }

    func testFilesDoNotDependOnJobsAtAnyCompression() throws {
        let (dir, path) = try setUp(heldScene)
        for compression in ["fast", "default", "small"] {
            var runs: [[Data]] = []
            for jobs in ["1", "2", "3"] {
                let out = dir.appendingPathComponent("\(compression)-\(jobs)")
                XCTAssertEqual(try scenec(["frames", path, "-o", out.appendingPathComponent("%02d.png").path,
                                           "--jobs", jobs, "--png-compression", compression]).status, 0)
                runs.append(try fileNames(in: out).map { try bytes(out.appendingPathComponent($0)) })
            }
            XCTAssertEqual(runs[0], runs[1], compression)
            XCTAssertEqual(runs[0], runs[2], compression)
        }
        // No temporary file is left behind.
        XCTAssertTrue(fileNames(in: dir).allSatisfy { !$0.hasPrefix(".") })
    }

    func testSettingsTradeSizeNotPixels() throws {
        let (dir, path) = try setUp(heldScene)
        var files: [String: [UInt8]] = [:]
        for compression in ["fast", "default", "small"] {
            let out = dir.appendingPathComponent("\(compression).png")
            XCTAssertEqual(try scenec(["render", path, "--time", "0.2s", "-o", out.path, "--png-compression", compression]).status, 0)
            files[compression] = [UInt8](try bytes(out))
        }
        XCTAssertLessThanOrEqual(files["small"]?.count ?? 0, files["fast"]?.count ?? 0)
        let images = try ["fast", "default", "small"].map { try RasterImage(png: files[$0] ?? []) }
        for image in images.dropFirst() {
            for y in 0..<48 {
                for x in 0..<48 { XCTAssertTrue(image.pixel(x, y) == images[0].pixel(x, y), "pixel \(x), \(y)") }
            }
        }
    }

    func testAnUnknownSettingIsAUsageErrorEverywhere() throws {
        let (dir, path) = try setUp(heldScene)
        for args in [["render", path, "-o", dir.appendingPathComponent("x.png").path],
                     ["frames", path, "-o", dir.appendingPathComponent("%d.png").path],
                     ["build", path, "-o", dir.appendingPathComponent("out").path]] {
            // `passing` is the preview's own level, not offered here.
            for setting in ["sometimes", "passing"] {
                let r = try scenec(args + ["--png-compression", setting])
                XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
                XCTAssertTrue(r.stderr.contains("fast, default or small, not '\(setting)'"), r.stderr)
            }
        }
        XCTAssertEqual(fileNames(in: dir), ["a.scene.yaml"])
    }

    func testBuildRebuildsOnlyPNGsWhenTheCompressionChanges() throws {
        let (dir, _) = try setUp(heldScene)
        let scenes = dir.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try heldScene.write(to: scenes.appendingPathComponent("a.scene.yaml"), atomically: true, encoding: .utf8)
        let build = ["build", "scenes", "-o", "out", "--formats", "png,svg"]
        XCTAssertEqual(try scenec(build, directory: dir).status, 0)
        func inode(_ name: String) throws -> Int {
            let attributes = try FileManager.default.attributesOfItem(atPath: dir.appendingPathComponent("out/\(name)").path)
            return (attributes[.systemFileNumber] as? Int) ?? -1
        }
        let (png, svg) = (try inode("a.png"), try inode("a.svg"))
        let small = try scenec(build + ["--png-compression", "small"], directory: dir)
        XCTAssertTrue(small.stderr.contains("1 built"), small.stderr)
        XCTAssertNotEqual(try inode("a.png"), png, "the PNG is rewritten")
        XCTAssertEqual(try inode("a.svg"), svg, "the SVG does not depend on PNG compression")
        let again = try scenec(build + ["--png-compression", "small"], directory: dir)
        XCTAssertTrue(again.stderr.contains("0 built, 1 up to date"), again.stderr)
    }
}
