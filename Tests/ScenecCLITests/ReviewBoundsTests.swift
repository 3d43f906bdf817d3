import Foundation
import XCTest

/// The programs scenec runs (ffmpeg, rsvg-convert, pdftoppm) come only from absolute PATH
/// folders outside the project, and a hostile baseline's pictures are bounded: a PNG by
/// --max-pixels read from its header, an SVG by the build's own picture size and a time limit.
final class ReviewBoundsTests: XCTestCase {
    let square = """
        canvas: {width: 40, height: 40, background: white}
        views:
          - {type: group, frame: {x: 5, y: 5, width: 10, height: 10}, backgroundColor: "#0000ff"}
          - {id: p, type: pie, frame: {x: 20, y: 20, width: 15, height: 15}}
        timeline:
          fps: 10
          animations:
            - {target: p.progress, from: 0, to: 1, duration: 0.3s}

        """

    /// A project (its own root: no .git above a temporary folder) with committed programs, in
    /// `bin/` and at the top, that leave a marker when run.
    func hostileTree() throws -> (tree: URL, marker: URL) {
        let tree = try temporaryDirectory(self)
        let marker = tree.appendingPathComponent("MARKER")
        let bin = tree.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        // In bin/ and at the top, where an empty PATH entry (`.`) finds them.
        for name in ["ffmpeg", "rsvg-convert", "pdftoppm"] {
            for script in [bin.appendingPathComponent(name), tree.appendingPathComponent(name)] {
                try "#!/bin/sh\ntouch '\(marker.path)'\nexit 0\n".write(to: script, atomically: true, encoding: .utf8)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
            }
        }
        try FileManager.default.createDirectory(at: tree.appendingPathComponent("scenes"), withIntermediateDirectories: true)
        _ = try write(square, "scenes/x.scene.yaml", in: tree)
        return (tree, marker)
    }

    func testProgramsInsideTheProjectNeverRunAndTheInstalledOnesDo() throws {
        for program in ["ffmpeg", "rsvg-convert", "pdftoppm"] where !FileManager.default.isExecutableFile(atPath: "/usr/bin/\(program)") {
            throw XCTSkip("\(program) is not installed")
        }
        let (tree, marker) = try hostileTree()
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        // A baseline whose SVG and PDF differ from the build's, so both are rasterised.
        let base = tree.appendingPathComponent("base")
        _ = try write(square.replacingOccurrences(of: "#0000ff", with: "#ff0000"), "scenes/x.scene.yaml", in: tree)
        let first = try scenec(["build", "scenes", "-o", base.path, "--formats", "svg,pdf"], directory: tree, timeout: 60)
        XCTAssertEqual(first.status, 0, first.stderr)
        _ = try write(square, "scenes/x.scene.yaml", in: tree)
        for (label, searched) in [("bin first", tree.path + "/bin:" + path), ("leading ':'", ":" + path),
                                  ("relative bin", "bin:" + path)] {
            let video = try scenec(["build", "scenes", "-o", "out-\(label.count)", "--animated", "mp4"],
                                   environment: ["PATH": searched], directory: tree, timeout: 120)
            XCTAssertEqual(video.status, 0, "\(label): \(video.stderr)")
            XCTAssertTrue(FileManager.default.fileExists(atPath: tree.path + "/out-\(label.count)/x.mp4"), label)
            let review = try scenec(["build", "scenes", "-o", "review-\(label.count)", "--formats", "svg,pdf", "--baseline", base.path],
                                    environment: ["PATH": searched], directory: tree, timeout: 120)
            XCTAssertEqual(review.status, 0, "\(label): \(review.stderr)")
            XCTAssertTrue(review.stderr.contains("2 changed, 0 new, 0 removed, 0 same"), "\(label): \(review.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: marker.path), "\(label): a program inside the project ran")
        }
        // Only the project's own: not run, and the message says why.
        let onlyInside = try scenec(["build", "scenes", "-o", "none", "--animated", "mp4"],
                                    environment: ["PATH": tree.path + "/bin"], directory: tree, timeout: 60)
        XCTAssertEqual(onlyInside.status, 1, onlyInside.stderr)
        XCTAssertTrue(onlyInside.stderr.contains("ffmpeg is not installed (Debian package: ffmpeg); the one at 'bin/ffmpeg' is inside the project and not run"),
                      onlyInside.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: marker.path))
    }

    /// A PNG whose header claims 16384 × 16384 pixels (1 GiB decoded): refused from the header.
    func testAHugeBaselinePNGIsRefusedFromItsHeader() throws {
        let (tree, _) = try hostileTree()
        let base = tree.appendingPathComponent("base")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        func word(_ n: Int) -> [UInt8] { [UInt8(n >> 24 & 255), UInt8(n >> 16 & 255), UInt8(n >> 8 & 255), UInt8(n & 255)] }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += word(13) + Array("IHDR".utf8) + word(16384) + word(16384) + [8, 6, 0, 0, 0] + word(0)
        png += [UInt8](repeating: 0, count: 4096)
        try Data(png).write(to: base.appendingPathComponent("x.png"))
        let review = try scenec(["build", "scenes", "-o", "out", "--baseline", base.path], directory: tree, timeout: 120)
        XCTAssertNotEqual(review.status, 0, review.stderr)
        XCTAssertTrue(review.stderr.contains("is 16384 × 16384 pixels, more than --max-pixels (67108864); it is not decoded"),
                      review.stderr)
        XCTAssertTrue(review.stderr.contains("1 changed"), review.stderr)
    }

    /// A 300-byte SVG asking for 30000 × 30000 pixels through two filters is drawn at the
    /// build's 40 × 40, in bounded time; the review's temporary folders are gone afterwards.
    func testAnSVGBombInTheBaselineIsDrawnAtTheBuildsSize() throws {
        let (tree, _) = try hostileTree()
        let base = tree.appendingPathComponent("base")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
        let bomb = """
            <svg xmlns="http://www.w3.org/2000/svg" width="30000" height="30000" viewBox="0 0 100 100"><defs><filter id="f" x="0" y="0" width="1" height="1"><feGaussianBlur stdDeviation="40"/><feMorphology radius="30"/></filter></defs><rect width="100" height="100" fill="red" filter="url(#f)"/></svg>
            """
        try bomb.write(to: base.appendingPathComponent("x.svg"), atomically: true, encoding: .utf8)
        let temporary = tree.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let review = try scenec(["build", "scenes", "-o", "out", "--formats", "svg", "--baseline", base.path],
                                environment: ["TMPDIR": temporary.path], directory: tree, timeout: 120)
        XCTAssertEqual(review.status, 0, review.stderr)
        XCTAssertTrue(review.stderr.contains("1 changed, 0 new, 0 removed, 0 same"), review.stderr)
        let data = try Data(contentsOf: tree.appendingPathComponent("out/.scenec-review/summary.json"))
        let summary = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [String: Any])
        let output = try XCTUnwrap((summary["outputs"] as? [[String: Any]])?.first)
        XCTAssertEqual(output["pixels"] as? Int, 1600, "drawn at the build's 40 × 40: \(output)")
        XCTAssertEqual(fileNames(in: temporary), [], "the review's private folders are removed")
    }
}
