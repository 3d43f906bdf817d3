import XCTest

final class FramesCommandTests: XCTestCase {
    let scene = FramesCommandTests.ringAndPie

    /// 1 s at 10 fps (11 frames) of a ring filling under a translucent pie.
    static let ringAndPie = """
        canvas: {width: 64, height: 64, background: white}
        views:
          - {id: r, type: ring, frame: {x: 0, y: 0, width: 64, height: 64}}
          - {id: p, type: pie, frame: {x: 10, y: 10, width: 44, height: 44}, opacity: 0.5}
        timeline:
          fps: 10
          animations:
            - {target: r.progress, from: 0, to: 1, duration: 1s, easing: easeInEaseOut}
            - {target: p.progress, from: 0, to: 1, duration: 1s}
        """

    func setUpScene(_ text: String? = nil) throws -> (URL, String) {
        let dir = try temporaryDirectory(self)
        let path = dir.appendingPathComponent("a.scene.yaml")
        try (text ?? scene).write(to: path, atomically: true, encoding: .utf8)
        return (dir, path.path)
    }

    func testOneSecondAtTenFPSIsElevenFramesAndTenWhenLooping() throws {
        let (dir, path) = try setUpScene()
        let result = try scenec(["frames", path, "-o", dir.appendingPathComponent("f/%03d.png").path])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(fileNames(in: dir.appendingPathComponent("f")), (0...10).map { String(format: "%03d.png", $0) })
        let looping = try setUpScene(scene.replacingOccurrences(of: "fps: 10", with: "fps: 10\n  loop: true"))
        XCTAssertEqual(try scenec(["frames", looping.1, "-o", looping.0.appendingPathComponent("l/%d.png").path]).status, 0)
        XCTAssertEqual(fileNames(in: looping.0.appendingPathComponent("l")).count, 10)
    }

    func testFrameIEqualsRenderAtIOverFPSByteForByte() throws {
        let (dir, path) = try setUpScene()
        for format in ["png", "svg", "pdf"] {
            let pattern = dir.appendingPathComponent("\(format)/f-%02d.\(format)").path
            XCTAssertEqual(try scenec(["frames", path, "-o", pattern]).status, 0)
            for i in [0, 3, 7, 10] {
                let single = dir.appendingPathComponent("t\(i).\(format)")
                let r = try scenec(["render", path, "--time", "\(Double(i) / 10)", "-o", single.path])
                XCTAssertEqual(r.status, 0, r.stderr)
                let frame = dir.appendingPathComponent(String(format: "\(format)/f-%02d.\(format)", i))
                XCTAssertEqual(try Data(contentsOf: frame), try Data(contentsOf: single), "\(format) frame \(i)")
            }
        }
        // Times in frames count at the file's fps.
        let byFrames = dir.appendingPathComponent("f7.png")
        XCTAssertEqual(try scenec(["render", path, "--time", "7f", "-o", byFrames.path]).status, 0)
        XCTAssertEqual(try Data(contentsOf: byFrames), try Data(contentsOf: dir.appendingPathComponent("png/f-07.png")))
    }

    func testRangeWritesExactlyThoseFramesWithTheirOwnNumbers() throws {
        let (dir, path) = try setUpScene()
        let out = dir.appendingPathComponent("r")
        XCTAssertEqual(try scenec(["frames", path, "-o", out.appendingPathComponent("%04d.png").path, "--range", "3-5"]).status, 0)
        XCTAssertEqual(fileNames(in: out), ["0003.png", "0004.png", "0005.png"])
        let tail = dir.appendingPathComponent("tail")
        XCTAssertEqual(try scenec(["frames", path, "-o", tail.appendingPathComponent("%d.png").path, "--range", "9-"]).status, 0)
        XCTAssertEqual(fileNames(in: tail), ["10.png", "9.png"])
        let one = dir.appendingPathComponent("one")
        XCTAssertEqual(try scenec(["frames", path, "-o", one.appendingPathComponent("%d.png").path, "--range", "4"]).status, 0)
        XCTAssertEqual(fileNames(in: one), ["4.png"])
        for bad in ["5-3", "11", "x", "3-99"] {
            let r = try scenec(["frames", path, "-o", one.appendingPathComponent("%d.png").path, "--range", bad])
            XCTAssertEqual(r.status, 2, "--range \(bad): \(r.stderr)")
        }
    }

    func testJobsOneAndTwoWriteIdenticalFiles() throws {
        let (dir, path) = try setUpScene()
        for format in ["png", "svg"] {
            for jobs in ["1", "2"] {
                let out = dir.appendingPathComponent("\(format)-\(jobs)/%02d.\(format)").path
                XCTAssertEqual(try scenec(["frames", path, "-o", out, "--jobs", jobs]).status, 0)
            }
            let one = dir.appendingPathComponent("\(format)-1"), two = dir.appendingPathComponent("\(format)-2")
            XCTAssertEqual(fileNames(in: one), fileNames(in: two))
            for name in fileNames(in: one) {
                XCTAssertEqual(try Data(contentsOf: one.appendingPathComponent(name)),
                               try Data(contentsOf: two.appendingPathComponent(name)), "\(format) \(name)")
            }
        }
    }

    func testFlipbookHasOnePagePerFrame() throws {
        let (dir, path) = try setUpScene()
        let book = dir.appendingPathComponent("book.pdf")
        XCTAssertEqual(try scenec(["frames", path, "-o", book.path]).status, 0)
        XCTAssertTrue(try pdfinfo(book).contains("Pages:           11"))
        let part = dir.appendingPathComponent("part.pdf")
        XCTAssertEqual(try scenec(["frames", path, "-o", part.path, "--range", "2-4"]).status, 0)
        XCTAssertTrue(try pdfinfo(part).contains("Pages:           3"))
    }

    func testFPSOverrideResamples() throws {
        let (dir, path) = try setUpScene()
        let out = dir.appendingPathComponent("f")
        XCTAssertEqual(try scenec(["frames", path, "-o", out.appendingPathComponent("%d.png").path, "--fps", "4"]).status, 0)
        XCTAssertEqual(fileNames(in: out).count, 5)
    }

    func testCommandLineMistakesExitTwo() throws {
        let (dir, path) = try setUpScene()
        for args in [["frames", path, "-o", dir.appendingPathComponent("x.png").path],
                     ["frames", path, "-o", dir.appendingPathComponent("%q.png").path],
                     ["frames", path, "-o", dir.appendingPathComponent("%d-%d.png").path],
                     ["frames", path, "-o", dir.appendingPathComponent("%d.png").path, "--jobs", "0"],
                     ["frames", path, "-o", dir.appendingPathComponent("%d.png").path, "--fps", "0"],
                     ["render", path, "-o", dir.appendingPathComponent("x.png").path, "--time", "-1"],
                     ["render", path, "-o", dir.appendingPathComponent("x.png").path, "--time", "soon"]] {
            let r = try scenec(args)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
        }
        XCTAssertEqual(fileNames(in: dir), ["a.scene.yaml"])
    }

    /// A scene whose timeline has errors exits 1 with them located and writes no frame (each
    /// error's message is SceneCheckTests/TimelineCheckTests, in process).
    func testTimelineErrorsAreLocated() throws {
        let (dir, path) = try setUpScene("""
            canvas: {width: 64, height: 64}
            views: []
            timeline: {fps: 500, animations: [{target: rr.progress, to: 1}]}
            """)
        let r = try scenec(["frames", path, "-o", dir.appendingPathComponent("%d.png").path])
        XCTAssertEqual(r.status, 1)
        for expected in ["a.scene.yaml:3:17: error: fps must be between 1 and 240",
                         "a.scene.yaml:3:44: error: animation target 'rr.progress' names no view"] {
            XCTAssertTrue(r.stderr.contains(expected), "missing: \(expected)\n\(r.stderr)")
        }
        XCTAssertEqual(fileNames(in: dir), ["a.scene.yaml"])
    }

    func testTooManyFramesIsALocatedErrorNotAHang() throws {
        let (dir, path) = try setUpScene("""
            canvas: {width: 64, height: 64}
            views: []
            timeline:
              fps: 240
              duration: 100000s
            """)
        let r = try scenec(["frames", path, "-o", dir.appendingPathComponent("%d.png").path], timeout: 5)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stderr.contains("a.scene.yaml:5:13: error: the timeline has 24000001 frames"), r.stderr)
    }

    func pdfinfo(_ url: URL) throws -> String {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["pdfinfo", url.path]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
