import CCairo
import SceneCodecs
import SceneFonts
import SceneLayout
import SceneModel
import SceneRender
import XCTest

/// TextOutliner gives the path the PNG fills: its outlines (`OutlineSegment`s of each
/// `TextOutline`), filled with Cairo in their colour at each view's frame, are the rendered
/// picture pixel for pixel — wrapping, alignment, tracking, italics and bound text included.
final class TextOutlinerTests: XCTestCase {
    let scene = """
        canvas: {width: 300, height: 160, background: white}
        views:
          - {id: a, type: label, frame: {x: 10, y: 10, width: 130, height: 70}, text: "Wrapped over two lines", fontSize: 16,
             alignment: trailing, tracking: 1.5, textColor: "#0a84ff"}
          - {id: b, type: label, frame: {x: 150, y: 10, width: 140, height: 40}, text: "Italic bold", italic: true, fontWeight: bold,
             verticalAlignment: bottom}
          - {id: r, type: ring, frame: {x: 150, y: 60, width: 1, height: 1}, progress: 0.42}
          - {id: c, type: label, frame: {x: 10, y: 100, width: 280, height: 50}, text: "{r.progress:percent} of it", fontSize: 24,
             alignment: center, textColor: "rgba(255, 45, 85, 0.6)"}

        """

    func testOutlinesFilledAreTheRenderedText() throws {
        XCTAssertEqual(try checkOutlinesFilledAreRendered(scene), 3, "the three labels' text; the ring has no label")
    }

    /// Text reaching far from its view's corner (Cairo leaves out of a glyph path the glyphs more
    /// than ten times the font size outside a bounded surface): a long line, a long wrapped
    /// paragraph and a label in four scripts are outlined whole, every glyph where the PNG has it.
    func testWideAndLongTextIsOutlinedWhole() throws {
        let wide = """
            canvas: {width: 400, height: 340, background: white}
            views:
              - {id: line, type: label, frame: {x: 10, y: 10, width: 380, height: 30}, text: "The quick brown fox jumps over the lazy dog", fontSize: 12}
              - {id: para, type: label, frame: {x: 10, y: 50, width: 120, height: 240}, fontSize: 10, verticalAlignment: top,
                 text: "One two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty twenty-one twenty-two twenty-three twenty-four twenty-five twenty-six twenty-seven twenty-eight twenty-nine thirty"}
              - {id: mix, type: label, frame: {x: 140, y: 50, width: 250, height: 40}, text: "مرحبا 你好 Привет नमस्ते", fontSize: 14}

            """
        XCTAssertEqual(try checkOutlinesFilledAreRendered(wide), 3)
    }

    /// Fills each view's outlines with Cairo in their colour at the view's frame, and checks
    /// the picture is the rendered one pixel for pixel; returns how many blocks of text there were.
    func checkOutlinesFilledAreRendered(_ scene: String, file: StaticString = #filePath, line: UInt = #line) throws -> Int {
        let (parsed, placed) = try compileScene(scene)
        let fonts = FontLibrary.of(parsed)
        let rendered = try Renderer(canvas: parsed.canvas, fonts: fonts).image(placed)
        let outliner = try XCTUnwrap(TextOutliner(fonts: fonts, environment: RenderEnvironment()))
        outliner.moment(placed)
        let surface = try XCTUnwrap(cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(rendered.width), Int32(rendered.height)))
        defer { cairo_surface_destroy(surface) }
        let cr = try XCTUnwrap(cairo_create(surface))
        defer { cairo_destroy(cr) }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        var blocks = 0
        for view in placed {
            for outline in outliner.text(of: view) {
                blocks += 1
                XCTAssertEqual(outline.pictureCharacters, "")
                cairo_save(cr)
                cairo_translate(cr, view.frame.x, view.frame.y)
                for segment in outline.segments {
                    switch segment {
                    case .move(let x, let y): cairo_move_to(cr, x, y)
                    case .line(let x, let y): cairo_line_to(cr, x, y)
                    case .curve(let x1, let y1, let x2, let y2, let x, let y): cairo_curve_to(cr, x1, y1, x2, y2, x, y)
                    case .close: cairo_close_path(cr)
                    }
                }
                let c = outline.color.clamped
                cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
                cairo_fill(cr)
                cairo_restore(cr)
            }
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = try XCTUnwrap(cairo_image_surface_get_data(surface))
        var differing = 0, inked = 0
        for y in 0..<rendered.height {
            for x in 0..<rendered.width {
                let p = data.advanced(by: y * stride + x * 4)
                // ARGB32 in native (little-endian) order: B, G, R, A; opaque here.
                let mine = RGBA(Int(p[2]), Int(p[1]), Int(p[0]), Int(p[3]))
                let theirs = rendered.rgba(x, y)
                if !theirs.isClose(to: RGBA(255, 255, 255), tolerance: 0) { inked += 1 }
                if !mine.isClose(to: theirs, tolerance: 1) { differing += 1 }
            }
        }
        XCTAssertGreaterThan(inked, 1000, "the picture has text", file: file, line: line)
        XCTAssertEqual(differing, 0, "the outlines filled are the rendered text", file: file, line: line)
        return blocks
    }

    /// The bound label shows its values at the moment outlined: another progress, another path.
    func testBoundTextFollowsTheMoment() throws {
        let (parsed, placed) = try compileScene(scene)
        let outliner = try XCTUnwrap(TextOutliner(fonts: FontLibrary.of(parsed), environment: RenderEnvironment()))
        let label = try XCTUnwrap(placed.last)
        outliner.moment(placed)
        let at42 = outliner.text(of: label)
        var moved = placed
        moved[2].view.values.set("progress", ResolvedValue(value: .number(0.9), source: .defaultValue))
        outliner.moment(moved)
        let at90 = outliner.text(of: label)
        XCTAssertNotEqual(at42.first?.segments, at90.first?.segments)
        outliner.moment(placed)
        XCTAssertEqual(outliner.text(of: label), at42, "the same moment, the same outlines")
    }

    /// Where a drawer clips text (overflow, clipped to its box), the outline says to what: the
    /// rectangle of the clip in force when the text was drawn. No drawer here clips short text.
    func testUnclippedTextHasNoClip() throws {
        let (parsed, placed) = try compileScene(scene)
        let outliner = try XCTUnwrap(TextOutliner(fonts: FontLibrary.of(parsed), environment: RenderEnvironment()))
        outliner.moment(placed)
        for view in placed {
            for outline in outliner.text(of: view) { XCTAssertNil(outline.clip, "\(view.view.id ?? "")") }
        }
    }
}
