import XCTest

/// `frames -o anim.gif|anim.apng|anim.webp|anim.mp4|anim.webm`, each file read back by readers
/// that are not scenec's — ffprobe (frame count, size, duration) and Pillow (every frame's
/// pixels, delays, loop) through Tests/Animation/animation_check.py — and compared with scenec's
/// own PNG of each frame: exactly for APNG and WebP; for GIF every pixel must be the palette's
/// nearest entry to the PNG's colour and within 8 levels of it; for MP4 and WebM at least 40 dB
/// PSNR over the Y'CbCr planes both become.
final class AnimationOutputTests: XCTestCase {
    struct MissingTool: Error, CustomStringConvertible {
        var description: String
    }

    /// FramesCommandTests' ring under a translucent pie, at scale 3: over 256 colours in all,
    /// and frames large enough for GIF's LZW table to fill and be cleared.
    let opaqueScene = FramesCommandTests.ringAndPie.replacingOccurrences(of: "background: white", with: "background: white, scale: 3")

    /// 0.5 s, looping, on a clear canvas of odd size (63 × 45) with translucent pixels.
    let translucentScene = """
        canvas: {width: 63, height: 45}
        views:
          - {id: r, type: ring, frame: {x: 2, y: 2, width: 40, height: 40}, lineCap: round}
          - {id: p, type: pie, frame: {x: 30, y: 5, width: 30, height: 30}, opacity: 0.5}
        timeline:
          fps: 24
          loop: true
          animations:
            - {target: r.progress, from: 0, to: 1, duration: 0.5s}
            - {target: p.progress, from: 0, to: 1, duration: 0.5s}
        """

    static let formats = ["gif", "apng", "webp", "mp4", "webm"]

    func write(_ text: String) throws -> (URL, String) {
        let dir = try temporaryDirectory(self)
        let scene = dir.appendingPathComponent("a.scene.yaml")
        try text.write(to: scene, atomically: true, encoding: .utf8)
        return (dir, scene.path)
    }

    /// What animation_check.py read from `file`, with scenec's PNGs `pattern` % 0…count−1.
    func check(_ file: URL, pngs pattern: String, count: Int) throws -> [String: Any] {
        let python = ProcessInfo.processInfo.environment["PYTHON"] ?? repositoryRoot.appendingPathComponent(".venv/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw MissingTool(description: "Python with Pillow is missing at \(python): run make test (it installs Pillow into .venv), or set PYTHON")
        }
        let script = repositoryRoot.appendingPathComponent("Tests/Animation/animation_check.py").path
        let result = try runProgram(URL(fileURLWithPath: python), [script, file.path, pattern, String(count)], timeout: 120)
        XCTAssertEqual(result.status, 0, result.stderr)
        return try XCTUnwrap(JSONSerialization.jsonObject(with: result.stdout) as? [String: Any], result.stdoutText)
    }

    /// Checks every format of `scene` rendered with `options` against its PNG frames.
    func checkEveryFormat(_ scene: String, options: [String] = [], frames: Int, size: (Int, Int),
                          duration: Double, loops: Bool, delays: [String: [Double]]) throws {
        let (dir, path) = try write(scene)
        let pattern = dir.appendingPathComponent("png/f-%03d.png").path
        let pngs = try scenec(["frames", path, "-o", pattern, "--quiet"] + options)
        XCTAssertEqual(pngs.status, 0, pngs.stderr)
        let evenSize = (size.0 + size.0 % 2, size.1 + size.1 % 2)
        for format in Self.formats {
            let file = dir.appendingPathComponent("anim.\(format)")
            let run = try scenec(["frames", path, "-o", file.path, "--quiet"] + options, timeout: 120)
            XCTAssertEqual(run.status, 0, "\(format): \(run.stderr)")
            let read = try check(file, pngs: pattern, count: frames)
            let probe = try XCTUnwrap(read["ffprobe"] as? [String: Any], format)
            if format == "webp" {
                // Debian 12's ffprobe (FFmpeg 5.1) knows the codec but cannot decode animated WebP
                // (FFmpeg 7.1 can); libwebp's webpmux reads count, size and duration instead, and
                // Pillow (libwebp's demuxer) the frames below.
                XCTAssertEqual(probe["codec"] as? String, "webp")
                let mux = try XCTUnwrap(read["webpmux"] as? [String: Any], "webpmux -info")
                XCTAssertEqual(mux["frames"] as? Int, frames, "webpmux frames")
                XCTAssertEqual(mux["width"] as? Int, size.0, "webpmux width")
                XCTAssertEqual(mux["height"] as? Int, size.1, "webpmux height")
                XCTAssertEqual(try XCTUnwrap(mux["duration"] as? Double, "webpmux duration"), duration, accuracy: 0.0015)
            } else {
                XCTAssertEqual(probe["frames"] as? Int, frames, format)
                let video = format == "mp4" || format == "webm"
                XCTAssertEqual(probe["width"] as? Int, video ? evenSize.0 : size.0, format)
                XCTAssertEqual(probe["height"] as? Int, video ? evenSize.1 : size.1, format)
                XCTAssertEqual(try XCTUnwrap(probe["duration"] as? Double, format), duration, accuracy: 0.0015, format)
            }
            if let pillow = read["pillow"] as? [String: Any] {
                XCTAssertEqual(pillow["frames"] as? Int, frames, format)
                XCTAssertEqual(pillow["size"] as? [Int], [size.0, size.1], format)
                // Looping: play for ever (0); not: GIF without a loop block, APNG and WebP play once.
                XCTAssertEqual(pillow["loop"] as? Int, loops ? 0 : format == "gif" ? nil : 1, "\(format) plays")
                let durations = try XCTUnwrap(pillow["durations"] as? [Double], format)
                if let expected = delays[format] {
                    for (got, want) in zip(durations, expected) {
                        XCTAssertEqual(got, want, accuracy: 1e-9, "\(format) delays: \(durations)")
                    }
                }
                XCTAssertEqual(durations.reduce(0, +) / 1000, duration, accuracy: 0.0015, "\(format) total duration")
                let differences = try XCTUnwrap(pillow["difference"] as? [Int], format)
                XCTAssertEqual(differences.count, frames, format)
                if format == "gif" {
                    XCTAssertEqual(pillow["paletteExcess"] as? Int, 0, "every GIF pixel is its colour's nearest palette entry")
                    XCTAssertLessThanOrEqual(differences.max() ?? 99, 8, "GIF within palette error: \(differences)")
                } else {
                    XCTAssertEqual(differences, Array(repeating: 0, count: frames), "\(format) is lossless")
                }
            } else {
                let psnr = try XCTUnwrap(read["psnr"] as? [Double], format)
                XCTAssertEqual(psnr.count, frames, format)
                XCTAssertGreaterThanOrEqual(psnr.min() ?? 0, 40, "\(format) PSNR per frame: \(psnr)")
                // In RGB, 4:2:0's halved colour resolution alone costs this scene's thin coloured
                // edges ~8 dB (logged, not a bound of the encoder's).
                print("\(format) RGB PSNR per frame:", (read["rgbPSNR"] as? [Double] ?? []).map { Int($0) })
            }
        }
    }

    func testEveryFormatReadsBackAsScenecsOwnFrames() throws {
        // 10 fps: every delay is 100 ms, 1/10 s in APNG.
        try checkEveryFormat(opaqueScene, frames: 11, size: (192, 192), duration: 1.1, loops: false,
                             delays: ["gif": [100, 100], "apng": [100, 100], "webp": [100, 100]])
    }

    func testTranslucentOddSizedLoopAtAnotherFPS() throws {
        // --fps 30 over a 0.5 s loop: 15 frames of 1/30 s; GIF's hundredths and WebP's
        // milliseconds accumulate so the total stays 0.5 s. GIF's transparency is one bit (a
        // pixel under half opaque is transparent): the script compares it so; APNG and WebP keep
        // every alpha exactly; the videos pad 63 × 45 to 64 × 46 and show the frames over black.
        let third = 1000.0 / 30
        try checkEveryFormat(translucentScene, options: ["--fps", "30"], frames: 15, size: (63, 45), duration: 0.5,
                             loops: true, delays: ["gif": [30, 40, 30, 30, 40, 30], "webp": [33, 34, 33, 33, 34, 33],
                                                "apng": [third, third, third]])
    }

    func testSameCommandTwiceAndAnyJobsGiveIdenticalBytes() throws {
        let (dir, path) = try write(translucentScene)
        for format in Self.formats {
            var files: [Data] = []
            for (i, jobs) in ["1", "2", "2"].enumerated() {
                let file = dir.appendingPathComponent("\(i).\(format)")
                XCTAssertEqual(try scenec(["frames", path, "-o", file.path, "--jobs", jobs]).status, 0, format)
                files.append(try Data(contentsOf: file))
            }
            XCTAssertEqual(files[0], files[1], "\(format): --jobs 1 and 2")
            XCTAssertEqual(files[1], files[2], "\(format): the same command twice")
        }
    }

    func testMissingFFmpegNamesThePackageAndLeavesThePreviousFile() throws {
        let (dir, path) = try write(opaqueScene)
        for format in ["mp4", "webm"] {
            let output = dir.appendingPathComponent("anim.\(format)")
            try Data("previous".utf8).write(to: output)
            let run = try scenec(["frames", path, "-o", output.path], environment: ["PATH": dir.appendingPathComponent("empty").path])
            XCTAssertEqual(run.status, 1)
            XCTAssertEqual(run.stderr, "scenec: error: cannot write '\(output.path)': ffmpeg is not installed (Debian package: ffmpeg)\n")
            XCTAssertEqual(try Data(contentsOf: output), Data("previous".utf8))
        }
        XCTAssertEqual(fileNames(in: dir), ["a.scene.yaml", "anim.mp4", "anim.webm"])
    }

    func testFailingFFmpegIsReportedInItsWordsAndLeavesNothing() throws {
        let (dir, path) = try write(opaqueScene)
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        // An ffmpeg that writes part of its output file, reads a little and fails.
        let fake = bin.appendingPathComponent("ffmpeg")
        try """
            #!/bin/sh
            for a; do out=$a; done
            echo partial > "$out"
            head -c 1000 > /dev/null
            echo "Unknown encoder 'libx264'" >&2
            exit 1

            """.write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let previous = dir.appendingPathComponent("kept.mp4")
        try Data("previous".utf8).write(to: previous)
        for output in [previous, dir.appendingPathComponent("new.webm")] {
            let run = try scenec(["frames", path, "-o", output.path], environment: ["PATH": bin.path + ":/usr/bin:/bin"])
            XCTAssertEqual(run.status, 1)
            XCTAssertEqual(run.stderr,
                           "scenec: error: cannot write '\(output.path)': ffmpeg failed (exit status 1): Unknown encoder 'libx264'\n")
        }
        XCTAssertEqual(try Data(contentsOf: previous), Data("previous".utf8))
        XCTAssertEqual(fileNames(in: dir), ["a.scene.yaml", "bin", "kept.mp4"])
    }

    func testInterruptedVideoLeavesNothingEvenIfFFmpegWouldCarryOn() throws {
        let (dir, path) = try write(opaqueScene.replacingOccurrences(of: "duration: 1s", with: "duration: 100s"))
        let bin = dir.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        // An ffmpeg deaf to Ctrl-C and SIGTERM that writes its output once its input ends, as
        // one that was still running when scenec exited would: scenec must kill it first.
        let fake = bin.appendingPathComponent("ffmpeg")
        try """
            #!/bin/sh
            trap '' INT TERM HUP
            for a; do out=$a; done
            touch "\(bin.path)/started"
            cat > /dev/null
            echo late > "$out"

            """.write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let process = Process()
        process.executableURL = scenecBinary()
        process.arguments = allowingTemporaryFolder(["frames", path, "-o", dir.appendingPathComponent("anim.mp4").path])
        process.environment = ["PATH": bin.path + ":/usr/bin:/bin"]
        process.standardError = Pipe()
        try process.run()
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: bin.appendingPathComponent("started").path), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 128 + SIGTERM)
        Thread.sleep(forTimeInterval: 0.5)  // time for an ffmpeg left running to write its file
        XCTAssertEqual(fileNames(in: dir), ["a.scene.yaml", "bin"])
    }

    func testAGIFFasterThanFiftyFPSIsWrittenWithAWarning() throws {
        let (dir, path) = try write(opaqueScene)
        let fast = try scenec(["frames", path, "-o", dir.appendingPathComponent("fast.gif").path, "--fps", "60"])
        XCTAssertEqual(fast.status, 0)
        XCTAssertTrue(fast.stderr.contains("scenec: warning: GIF counts time in hundredths of a second"), fast.stderr)
        XCTAssertTrue(fast.stderr.contains("at 60 fps"), fast.stderr)
        let fifty = try scenec(["frames", path, "-o", dir.appendingPathComponent("fifty.gif").path, "--fps", "50"])
        XCTAssertEqual(fifty.stderr, "")
    }

    func testAPatternWithAnAnimationsExtensionIsRefused() throws {
        let (dir, path) = try write(opaqueScene)
        let run = try scenec(["frames", path, "-o", dir.appendingPathComponent("f-%03d.gif").path])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("one animated file"), run.stderr)
        XCTAssertEqual(fileNames(in: dir), ["a.scene.yaml"])
    }
}
