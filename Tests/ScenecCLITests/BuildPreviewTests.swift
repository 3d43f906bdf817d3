import Foundation
import XCTest

/// `scenec build --preview`: a static sheet per scene beside its outputs, owned and keyed by the
/// manifest like every other output.
final class BuildPreviewTests: XCTestCase {
    func testASheetPerSceneIsBuiltKeptAndThenReportedStale() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        for name in ["showcase", "anim-ring-fill"] {
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("scenes/\(name).scene.yaml"),
                                             to: scenes.appendingPathComponent("\(name).scene.yaml"))
        }
        let out = dir.appendingPathComponent("out")
        let first = try scenec(["build", scenes.path, "-o", out.path, "--formats", "svg", "--preview"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(fileNames(in: out).filter { !$0.hasPrefix(".") }, [
            "anim-ring-fill.preview.html", "anim-ring-fill.svg", "showcase.preview.html", "showcase.svg",
        ])
        // The sheet's picture is the still the build wrote, inline.
        let sheet = try String(contentsOf: out.appendingPathComponent("showcase.preview.html"), encoding: .utf8)
        let still = try String(contentsOf: out.appendingPathComponent("showcase.svg"), encoding: .utf8)
        XCTAssertTrue(sheet.contains("<figure class=\"scene\">\(still)</figure>"))
        XCTAssertTrue(try String(contentsOf: out.appendingPathComponent("anim-ring-fill.preview.html"), encoding: .utf8)
            .contains("id=\"scrubber\""))
        let manifest = try String(contentsOf: out.appendingPathComponent(".scenec-manifest.json"), encoding: .utf8)
        XCTAssertTrue(manifest.contains("\"group\" : \"sheet\"") || manifest.contains("\"group\":\"sheet\""), manifest)

        let again = try scenec(["build", scenes.path, "-o", out.path, "--formats", "svg", "--preview"])
        XCTAssertTrue(again.stderr.contains("0 built, 2 up to date"), again.stderr)
        let without = try scenec(["build", scenes.path, "-o", out.path, "--formats", "svg"])
        XCTAssertTrue(without.stderr.contains("showcase.preview.html (not asked for by --preview)"), without.stderr)
        XCTAssertEqual(try scenec(["build", scenes.path, "-o", out.path, "--preview", "--emit-ninja", "b.ninja"]).status, 2)
    }
}
