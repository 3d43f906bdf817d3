import Foundation
import SceneCheck
import ScenePreview
import SceneSyntax
import ScenecKit
import TestSupport
import XCTest

/// `scenec preview --static`'s sheet (StaticSheet, made in process as the command makes it): one
/// HTML file whose pictures are, byte for byte, what `render` writes for each variant cell (what
/// `SceneFile` renders), with nothing fetched from elsewhere. (The command's exit codes stay in
/// ScenecCLITests/PreviewSheetTests.)
final class StaticSheetTests: XCTestCase {
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

    /// The sheet `scenec preview SCENE --static -o SHEET --vary …` writes at `time`.
    func sheet(_ scene: String, vary: [String] = [], at time: Double = 0) throws -> Result<String, StaticSheet.Failure> {
        let source = SourceFile(name: scene, bytes: [UInt8](try Data(contentsOf: URL(fileURLWithPath: scene))))
        var frontend = Frontend()
        // Imports beside the scene, as the command reads them.
        frontend.options.readImport = SceneReading.importReader(limit: SceneReading.maxFileSize, scope: .around(scene))
        return StaticSheet(base: CompiledScene(source, frontend: frontend), frontend: frontend, baseSet: [],
                           variants: try Variants(vary), environment: Surroundings.renderEnvironment)
            .html(at: time).map { String(decoding: $0, as: UTF8.self) }
    }

    func testTheSheetHasACellPerCombinationEachTheSVGRenderWrites() throws {
        let html = try sheet(showcase, vary: ["download.progress=0,0.5,1", "download.progressColor=#ff2d55,#0a84ff"]).get()
        let cells = Self.cells(html)
        XCTAssertEqual(cells.map(\.caption), [
            "download.progress=0 · download.progressColor=#ff2d55", "download.progress=0 · download.progressColor=#0a84ff",
            "download.progress=0.5 · download.progressColor=#ff2d55", "download.progress=0.5 · download.progressColor=#0a84ff",
            "download.progress=1 · download.progressColor=#ff2d55", "download.progress=1 · download.progressColor=#0a84ff",
        ])
        let scene = try SceneFile(contentsOf: showcase)
        for cell in cells {
            // What `scenec render SHOWCASE -o x.svg --set …` writes.
            let svg = try scene.render(.svg, overrides: cell.caption.components(separatedBy: " · "))
            XCTAssertEqual(cell.svg, Data(svg), "the SVG of \(cell.caption)")
        }
        // The main picture inline, as render writes it without overrides.
        let plain = String(decoding: try scene.render(.svg), as: UTF8.self)
        XCTAssertTrue(html.contains("<figure class=\"scene\">" + plain + "</figure>"))
        // Nothing outside the file: the only URLs are XML namespaces.
        let urls = html.matches(of: #/https?://[^"'%) ]*/#).map { String($0.0) }
        XCTAssertEqual(Set(urls), ["http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"])
        XCTAssertFalse(html.contains("<script"), "a still scene needs no script")
        XCTAssertFalse(html.contains("image/png"), "no bitmaps")
        // The inspector: every view with its address, every attribute with its doc.
        XCTAssertTrue(html.contains("<h3><code>download</code> ring <small>views[0].children[0]</small></h3>"), html)
        XCTAssertTrue(html.contains("<tr><td>progress</td><td>0.72</td><td>file</td><td>0</td><td>0 … 1</td><td>"))
    }

    /// The cells sit in a table whose column headers are the last `--vary`'s values and whose row
    /// headers are the first's (`th` with `scope`), each address written once above its headers,
    /// not in every cell.
    func testTheVariantTableHeadsItsRowsAndColumnsWithTheValues() throws {
        let html = try sheet(showcase, vary: ["download.progress=0,0.5,1", "download.progressColor=#ff2d55,#0a84ff"]).get()
        let columns = html.matches(of: #/<th scope="col" title="download.progressColor">([^<]*)</th>/#).map { String($0.1) }
        XCTAssertEqual(columns, ["#ff2d55", "#0a84ff"])
        let rows = html.matches(of: #/<tr><th scope="row" title="download.progress">([^<]*)</th>/#).map { String($0.1) }
        XCTAssertEqual(rows, ["0", "0.5", "1"])
        XCTAssertEqual(html.ranges(of: "<code>download.progressColor</code>").count, 1, "the column axis named once")
        XCTAssertEqual(html.ranges(of: "<code>download.progress</code>").count, 1, "the row axis named once")
        XCTAssertTrue(html.contains("<th scope=\"colgroup\" colspan=\"2\" class=\"axis\">"))
        XCTAssertFalse(html.contains("<figcaption>"), "the headers say the values; no caption repeats the addresses")
        // Row 0.5, column #0a84ff is cell 3, whose picture is drawn with both values.
        XCTAssertTrue(html.contains(#"<tr><th scope="row" title="download.progress">0.5</th><td><figure class="cell" id="cell-2">"#), html)
        XCTAssertEqual(Self.cells(html)[3].caption, "download.progress=0.5 · download.progressColor=#0a84ff")
        // One --vary: a strip with column headers and no row header.
        let strip = try sheet(showcase, vary: ["download.progress=0,1"]).get()
        XCTAssertEqual(strip.matches(of: #/<th scope="col" title="download.progress">([^<]*)</th>/#).map { String($0.1) }, ["0", "1"])
        XCTAssertFalse(strip.contains("scope=\"row\""))
    }

    /// The inspector's source column is inspect's provenance, word for word: an imported style
    /// with its file, a derived default with what it reads, the animation that drives a value.
    func testTheSourceColumnSaysWhatInspectSays() throws {
        let dir = try temporaryDirectory(self)
        try Data("styles:\n  card: {progressColor: \"#ff2d55\"}\n".utf8).write(to: dir.appendingPathComponent("styles.yaml"))
        let scene = dir.appendingPathComponent("sheet.scene.yaml")
        try Data("""
            imports: [styles.yaml]
            canvas: {width: 200, height: 100}
            views:
              - {id: r, type: ring, style: card, frame: {x: 0, y: 0, width: 100, height: 100}, progress: 0.3}
              - {id: p, type: pie, frame: {x: 100, y: 0, width: 100, height: 100}, borderColor: "#bf0000"}
            timeline:
              animations:
                - {target: r.progress, from: 0, to: 1, duration: 1s}

            """.utf8).write(to: scene)
        let html = try sheet(scene.path, at: 0.5).get()
        /// The source cell of `attribute` in the first table row that names it after `view`'s heading.
        func source(_ view: String, _ attribute: String) throws -> String? {
            guard let section = html.range(of: "<h3><code>\(view)</code>") else { return nil }
            let row = html[section.upperBound...].firstMatch(of: try Regex("<tr><td>\(attribute)</td><td>[^<]*</td><td>([^<]*)</td>"))
            return row.flatMap { $0.output[1].substring.map(String.init) }
        }
        XCTAssertEqual(try source("r", "progress"), "timeline: timeline.animations[0], line 8")
        XCTAssertEqual(try source("r", "progressColor"), "style card from \(dir.appendingPathComponent("styles.yaml").path)")
        XCTAssertEqual(try source("p", "fillColor"), "derived from borderColor")
        XCTAssertEqual(try source("p", "borderColor"), "file")
    }

    func testAnAnimatedSceneGetsAScrubberOverAtMostSixtyFrames() throws {
        let scene = repositoryRoot.appendingPathComponent("scenes/anim-ring-fill.scene.yaml").path
        let html = try sheet(scene, at: 1).get()  // --time 1s
        let frames = html.matches(of: #/<img class="frame" data-time="([0-9.]+)"/#).map { String($0.1) }
        XCTAssertEqual(frames.count, 60)
        XCTAssertEqual(frames.first, "0")
        XCTAssertTrue(html.contains("<input type=\"range\" id=\"scrubber\" min=\"0\" max=\"59\""))
        XCTAssertTrue(html.contains("time 1 s"))
    }

    func testVaryValuesSplitOutsideBracketsAndBadOptionsAreRefused() throws {
        let html = try sheet(showcase, vary: ["download.progressColor=rgb(1, 2, 3), rgba(255, 0, 0, 0.5),#00ff00"]).get()
        XCTAssertEqual(Self.cells(html).map(\.caption), [
            "download.progressColor=rgb(1, 2, 3)", "download.progressColor=rgba(255, 0, 0, 0.5)",
            "download.progressColor=#00ff00",
        ])
        /// The usage problem of `--vary`s (exit 2 on the command line).
        func problem(_ vary: [String]) -> String? {
            do throws(Variants.UsageProblem) {
                _ = try Variants(vary)
                return nil
            } catch {
                return error.message
            }
        }
        let tooMany = problem(["download.progress=0,0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8", "upload.progress=0,0.1,0.2,0.3,0.4,0.5,0.6,0.7"])
        XCTAssertTrue(tooMany?.contains("at most 64") ?? false, tooMany ?? "accepted")
        XCTAssertNotNil(problem(["download.progress"]))
        XCTAssertNotNil(problem(["download.progress=0,,1"]))
        // A bad value is a scene error (exit 1), reported against its --set.
        guard case .failure(let bad) = try sheet(showcase, vary: ["download.progress=0,2"]) else {
            return XCTFail("a sheet with download.progress=2")
        }
        let printed = bad.scene.diagnostics.map { $0.rendered(in: bad.scene.file) }.joined()
        XCTAssertTrue(printed.contains("download.progress=2"), printed)
    }
}
