import Foundation
import SceneCodecs
import XCTest
import SceneRender

/// docs/language.md §6: the same input gives byte-identical files; PDF dates come from SOURCE_DATE_EPOCH
/// when set, else a fixed date.
final class DeterminismTests: XCTestCase {
    /// Every view kind, with group opacity (SVG masks and surfaces) and a rotation.
    static let scene = """
        canvas: {width: 240, height: 120, background: "#1c1c1e"}
        views:
          - type: ring
            frame: {x: 10, y: 10, width: 100, height: 100}
            progress: 0.4
            opacity: 0.7
          - type: group
            frame: {x: 120, y: 10, width: 110, height: 100}
            opacity: 0.5
            rotation: 15
            children:
              - {type: pie, frame: {x: 0, y: 0}, progress: 0.3}
              - {type: clock, frame: {x: 40, y: 0, width: 60, height: 60}, time: "10:09:30", opacity: 0.8}
              - {type: indicator, frame: {x: 0, y: 60, width: 30, height: 30}, on: true}
              - type: lines
                frame: {x: 40, y: 60, width: 60, height: 30}
                points: [[0, 0], ["100%", "100%"], [0, "100%"]]
                closed: true
                dash: [4, 2]
                fillColor: "#ffffff80"
        """

    static let other = """
        canvas: {width: 50, height: 50}
        views:
          - {type: indicator, frame: {x: 0, y: 0, width: 50, height: 50}, opacity: 0.5}
        """

    func testRenderingTwiceGivesTheSameBytesInEveryFormat() throws {
        for format in OutputFormat.allCases {
            let first = try renderBytes(Self.scene, as: format)
            // Another scene in between moves Cairo's process-wide id counters on.
            let other = try renderBytes(Self.other, as: format)
            let second = try renderBytes(Self.scene, as: format)
            XCTAssertFalse(first.isEmpty, "\(format)")
            XCTAssertEqual(first, second, "\(format): two renders of one scene differ")
            // The second PNG of `other` (clear canvas, a group with opacity) is drawn on the
            // surface the first one left (KeptBuffers): cleared, it gives the same bytes.
            XCTAssertEqual(other, try renderBytes(Self.other, as: format), "\(format): a kept surface gave other bytes")
        }
    }

    func testSVGIdsAreNumberedFromOneInEachFile() throws {
        _ = try renderBytes(Self.other, as: .svg)
        let svg = String(decoding: try renderBytes(Self.scene, as: .svg), as: UTF8.self)
        // The opacity groups are masks over surfaces; their ids restart in every file.
        XCTAssertTrue(svg.contains("id=\"mask1\""), "no mask1 in the SVG")
        XCTAssertTrue(svg.contains("id=\"surface1\""), "no surface1 in the SVG")
        XCTAssertTrue(svg.contains("url(#mask1)"), "mask1 is not used")
        XCTAssertGreaterThan(svg.components(separatedBy: "<mask ").count - 1, 1, "several masks")
    }

    func testPDFCreationDateComesFromTheSourceDateEpochElseAFixedDate() throws {
        let (scene, placed) = try compileScene(Self.scene)
        let directory = try temporaryDirectory(self)
        // 1700000000 s after 1970 is 2023-11-14 22:13:20 UTC.
        let cases: [(epoch: Int?, date: String)] = [(1_700_000_000, "2023-11-14T22:13:20"),
                                                    (0, "1970-01-01T00:00:00"),
                                                    (nil, "2000-01-01T00:00:00")]
        var paths: [String] = []
        var files: [[UInt8]] = []
        for (index, item) in cases.enumerated() {
            let pdf = try Renderer(canvas: scene.canvas, sourceDateEpoch: item.epoch).render(placed, as: .pdf)
            let again = try Renderer(canvas: scene.canvas, sourceDateEpoch: item.epoch).render(placed, as: .pdf)
            XCTAssertEqual(pdf, again, "epoch \(String(describing: item.epoch)): the same bytes")
            let file = directory.appendingPathComponent("date-\(index).pdf")
            try Data(pdf).write(to: file)
            paths.append(file.path)
            files.append(pdf)
        }
        XCTAssertNotEqual(files[0], files[2], "the epoch changes the file")
        // -isodates prints the date as ISO 8601; TZ=UTC keeps it in UTC.
        let report = try runTool("sh", ["-c", "for f in \"$@\"; do echo '=== file'; pdfinfo -isodates \"$f\"; done",
                                        "sh"] + paths, environment: ["TZ": "UTC"])
        let infos = report.components(separatedBy: "=== file\n").dropFirst()
        XCTAssertEqual(infos.count, cases.count)
        for (item, info) in zip(cases, infos) {
            let line = info.split(separator: "\n").first { $0.hasPrefix("CreationDate:") }.map(String.init) ?? "none"
            XCTAssertTrue(line.hasSuffix(item.date + "Z") || line.hasSuffix(item.date + "+00"),
                          "epoch \(String(describing: item.epoch)): pdfinfo shows \(line)")
        }
    }

    func testPNGRenderIsTheSamePixelsAsTheImage() throws {
        // The PNG file decodes to exactly the pixels tests probe.
        let png = try renderBytes(Self.scene, as: .png)
        let decoded = try RasterImage(png: png)
        let image = try renderImage(Self.scene)
        XCTAssertEqual(decoded.width, image.width)
        XCTAssertEqual(decoded.height, image.height)
        for (x, y) in [(60, 15), (20, 60), (150, 40), (200, 80), (5, 5)] {
            XCTAssertEqual(decoded.rgba(x, y), image.rgba(x, y), "pixel (\(x), \(y))")
        }
    }
}
