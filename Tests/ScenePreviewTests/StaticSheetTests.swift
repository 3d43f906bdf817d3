import Foundation
import XCTest

/// `scenec preview --static`: one HTML file whose pictures are, byte for byte, what `render`
/// writes for each variant cell, with nothing fetched from elsewhere.
final class PreviewSheetTests: XCTestCase {
    let showcase = repositoryRoot.appendingPathComponent("scenes/showcase.scene.yaml").path

    /// The cells' captions and SVG bytes, decoded from their `data:` URLs.
    static func cells(_ html: String) -> [(caption: String, svg: Data)] {
        let pattern = #/<figure class="cell" id="cell-\d+"><img alt="([^"]*)" src="data:image/svg\+xml,([^"]*)">/#
        return html.matches(of: pattern).map { m in
            let caption = String(m.1).replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
                .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
                .replacingOccurrences(of: "&amp;", with: "&")
            return (caption, Data((String(m.2).removingPercentEncoding ?? "").utf8))
        }
    }

    func testTheSheetHasACellPerCombinationEachTheSVGRenderWrites() throws {
        let dir = try temporaryDirectory(self)
        let sheet = dir.appendingPathComponent("sheet.html")
        let result = try scenec(["preview", showcase, "--static", "-o", sheet.path, "--vary", "download.progress=0,0.5,1",
                                 "--vary", "download.progressColor=#ff2d55,#0a84ff"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let html = try String(contentsOf: sheet, encoding: .utf8)
        let cells = Self.cells(html)
        XCTAssertEqual(cells.map(\.caption), [
            "download.progress=0 · download.progressColor=#ff2d55", "download.progress=0 · download.progressColor=#0a84ff",
            "download.progress=0.5 · download.progressColor=#ff2d55", "download.progress=0.5 · download.progressColor=#0a84ff",
            "download.progress=1 · download.progressColor=#ff2d55", "download.progress=1 · download.progressColor=#0a84ff",
        ])
        for cell in cells {
            let out = dir.appendingPathComponent("x.svg")
            let sets = cell.caption.components(separatedBy: " · ").flatMap { ["--set", $0] }
            XCTAssertEqual(try scenec(["render", showcase, "-o", out.path] + sets).status, 0)
            XCTAssertEqual(cell.svg, try Data(contentsOf: out), "the SVG of \(cell.caption)")
        }
        // The main picture inline, as render writes it without overrides.
        let plain = dir.appendingPathComponent("plain.svg")
        XCTAssertEqual(try scenec(["render", showcase, "-o", plain.path]).status, 0)
        XCTAssertTrue(html.contains("<figure class=\"scene\">" + (try String(contentsOf: plain, encoding: .utf8)) + "</figure>"))
        // Nothing outside the file: the only URLs are XML namespaces.
        let urls = html.matches(of: #/https?://[^"'%) ]*/#).map { String($0.0) }
        XCTAssertEqual(Set(urls), ["http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"])
        XCTAssertFalse(html.contains("<script"), "a still scene needs no script")
        XCTAssertFalse(html.contains("image/png"), "no bitmaps")
        // The inspector: every view with its address, every attribute with its doc.
        XCTAssertTrue(html.contains("<h3><code>download</code> ring <small>views[0].children[0]</small></h3>"), html)
        XCTAssertTrue(html.contains("<tr><td>progress</td><td>0.72</td><td>file</td><td>0</td><td>0 … 1</td><td>"))
    }

    func testAnAnimatedSceneGetsAScrubberOverAtMostSixtyFrames() throws {
        let dir = try temporaryDirectory(self)
        let sheet = dir.appendingPathComponent("sheet.html")
        let scene = repositoryRoot.appendingPathComponent("scenes/anim-ring-fill.scene.yaml").path
        let result = try scenec(["preview", scene, "--static", "-o", sheet.path, "--time", "1s"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let html = try String(contentsOf: sheet, encoding: .utf8)
        let frames = html.matches(of: #/<img class="frame" data-time="([0-9.]+)"/#).map { String($0.1) }
        XCTAssertEqual(frames.count, 60)
        XCTAssertEqual(frames.first, "0")
        XCTAssertTrue(html.contains("<input type=\"range\" id=\"scrubber\" min=\"0\" max=\"59\""))
        XCTAssertTrue(html.contains("time 1 s"))
    }

    func testVaryValuesSplitOutsideBracketsAndBadOptionsAreUsageErrors() throws {
        let dir = try temporaryDirectory(self)
        let sheet = dir.appendingPathComponent("sheet.html")
        let ok = try scenec(["preview", showcase, "--static", "-o", sheet.path,
                             "--vary", "download.progressColor=rgb(1, 2, 3), rgba(255, 0, 0, 0.5),#00ff00"])
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertEqual(Self.cells(try String(contentsOf: sheet, encoding: .utf8)).map(\.caption), [
            "download.progressColor=rgb(1, 2, 3)", "download.progressColor=rgba(255, 0, 0, 0.5)",
            "download.progressColor=#00ff00",
        ])
        let tooMany = try scenec(["preview", showcase, "--static", "-o", sheet.path,
                                  "--vary", "download.progress=0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8",
                                  "--vary", "upload.progress=0,0.1,0.2,0.3,0.4,0.5,0.6,0.7"])
        XCTAssertEqual(tooMany.status, 2, tooMany.stderr)
        XCTAssertTrue(tooMany.stderr.contains("at most 64"), tooMany.stderr)
        XCTAssertEqual(try scenec(["preview", showcase, "--static", "-o", sheet.path, "--vary", "download.progress"]).status, 2)
        XCTAssertEqual(try scenec(["preview", showcase, "--static", "-o", sheet.path, "--vary", "download.progress=0,,1"]).status, 2)
        XCTAssertEqual(try scenec(["preview", showcase, "--static"]).status, 2, "no -o")
        let bad = try scenec(["preview", showcase, "--static", "-o", sheet.path, "--vary", "download.progress=0,2"])
        XCTAssertEqual(bad.status, 1, "a bad value is a scene error")
        XCTAssertTrue(bad.stderr.contains("download.progress=2"), bad.stderr)
    }
}
