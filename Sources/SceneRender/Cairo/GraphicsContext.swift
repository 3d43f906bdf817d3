import CCairo
import CPango
import SceneFonts
import SceneLayout
import SceneModel

/// Owns a `cairo_t` and speaks in the scene's terms (colours, angles in degrees, caps by name).
/// The one place drawing code touches Cairo's drawing calls.
final class GraphicsContext {
    let cr: OpaquePointer
    /// The fonts text is set in.
    let fonts: FontLibrary
    /// The views being drawn, for text that shows their values.
    private let drawn: [PlacedView]
    /// Every view's values at the time drawn, made at the first text that needs them (set
    /// anew for each frame by TextOutliner, which draws many frames with one context).
    lazy var values = Renderer.valueTable(drawn)
    /// When set, text is handed to it as outlines instead of drawn (TextOutliner).
    var textRecorder: TextRecorder?
    /// The bound texts at their widest of the view being drawn (`PlacedView.boundTexts`), set
    /// before each view's drawer runs: a drawer sees a ResolvedView, which does not carry them.
    var boundTexts: [String: String] = [:]
    /// Pango for this drawing, taken at the first text (most scenes have none).
    var text: TextEngine {
        if let leased { return leased }
        let engine = TextEngine.lease(fonts)
        leased = engine
        return engine
    }
    private var leased: TextEngine?

    init?(surface: OpaquePointer, fonts: FontLibrary = .standard, views: [PlacedView] = []) {
        guard let cr = cairo_create(surface), cairo_status(cr) == CAIRO_STATUS_SUCCESS else { return nil }
        self.cr = cr
        self.fonts = fonts
        drawn = views
    }

    deinit {
        cairo_destroy(cr)
        if let leased { TextEngine.giveBack(leased) }
    }

    var statusMessage: String? {
        let status = cairo_status(cr)
        guard status != CAIRO_STATUS_SUCCESS else { return nil }
        return String(cString: cairo_status_to_string(status))
    }

    func save() {
        cairo_save(cr)
        textRecorder?.save()
    }

    func restore() {
        cairo_restore(cr)
        textRecorder?.restore()
    }
    func translate(_ x: Double, _ y: Double) { cairo_translate(cr, x, y) }
    func rotate(degrees: Double) { cairo_rotate(cr, degrees * Double.pi / 180) }
    func scale(_ s: Double) { cairo_scale(cr, s, s) }

    func setColor(_ c: Color) {
        let k = c.clamped
        cairo_set_source_rgba(cr, k.red, k.green, k.blue, k.alpha)
    }

    func newPath() { cairo_new_path(cr) }
    func move(to x: Double, _ y: Double) { cairo_move_to(cr, x, y) }
    func line(to x: Double, _ y: Double) { cairo_line_to(cr, x, y) }
    func closePath() { cairo_close_path(cr) }

    /// An arc about (cx, cy); angles in degrees, clockwise on screen when `clockwise`.
    func arc(cx: Double, cy: Double, radius: Double, from start: Double, to end: Double, clockwise: Bool = true) {
        let a = start * Double.pi / 180, b = end * Double.pi / 180
        if clockwise {
            cairo_arc(cr, cx, cy, radius, a, b)
        } else {
            cairo_arc_negative(cr, cx, cy, radius, a, b)
        }
    }

    func circle(cx: Double, cy: Double, radius: Double) {
        cairo_new_sub_path(cr)
        cairo_arc(cr, cx, cy, radius, 0, 2 * Double.pi)
        cairo_close_path(cr)
    }

    /// A rectangle with corners rounded by `radius` (clamped to half the smaller side).
    func roundedRect(x: Double, y: Double, width: Double, height: Double, radius: Double) {
        let r = Swift.max(0, Swift.min(radius, Swift.min(width, height) / 2))
        cairo_new_sub_path(cr)
        if r <= 0 {
            cairo_rectangle(cr, x, y, width, height)
            return
        }
        let half = Double.pi / 2
        cairo_arc(cr, x + width - r, y + r, r, -half, 0)
        cairo_arc(cr, x + width - r, y + height - r, r, 0, half)
        cairo_arc(cr, x + r, y + height - r, r, half, 2 * half)
        cairo_arc(cr, x + r, y + r, r, 2 * half, 3 * half)
        cairo_close_path(cr)
    }

    func fill(_ color: Color, preserve: Bool = false) {
        setColor(color)
        if preserve { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
    }

    func stroke(_ color: Color, width: Double) {
        setColor(color)
        cairo_set_line_width(cr, width)
        cairo_stroke(cr)
    }

    func clip() {
        textRecorder?.clip(cr)
        cairo_clip(cr)
    }
    func paint(_ color: Color) {
        setColor(color)
        cairo_paint(cr)
    }

    func setLineCap(_ name: String) {
        switch name {
        case "round": cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
        case "square": cairo_set_line_cap(cr, CAIRO_LINE_CAP_SQUARE)
        default: cairo_set_line_cap(cr, CAIRO_LINE_CAP_BUTT)
        }
    }

    func setLineJoin(_ name: String) {
        switch name {
        case "round": cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        case "bevel": cairo_set_line_join(cr, CAIRO_LINE_JOIN_BEVEL)
        default: cairo_set_line_join(cr, CAIRO_LINE_JOIN_MITER)
        }
    }

    func setDash(_ lengths: [Double], offset: Double) {
        lengths.withUnsafeBufferPointer { buffer in
            cairo_set_dash(cr, buffer.baseAddress, Int32(buffer.count), offset)
        }
    }

    /// Starts drawing into an offscreen group, so opacity applies to a view and children as one.
    func beginGroup() { cairo_push_group(cr) }

    func endGroup(opacity: Double) {
        cairo_pop_group_to_source(cr)
        cairo_paint_with_alpha(cr, opacity)
    }

    /// Draws `block` with its top-left corner at (x, y), in `color`.
    func draw(_ block: TextBlock, x: Double, y: Double, color: Color) {
        cairo_save(cr)
        if let options = TextEngine.fontOptions() {
            cairo_set_font_options(cr, options)
            cairo_font_options_destroy(options)
        }
        setColor(color)
        let runs = block.runs
        let colored = runs.contains(where: \.isColor)
        // A colour glyph is drawn in its own colours, which ignore the source's alpha: a
        // translucent text colour is applied to the whole block at once, alike in every format.
        let alpha = color.clamped.alpha
        let grouped = colored && alpha < 1
        if grouped {
            cairo_push_group(cr)
            let k = color.clamped
            cairo_set_source_rgba(cr, k.red, k.green, k.blue, 1)
        }
        cairo_move_to(cr, x, y)
        if let textRecorder {
            // The path the PNG fills, less the colour runs' pictures (no outlines to give).
            if colored {
                outlineRuns(runs, x: x, y: y)
            } else {
                pango_cairo_layout_path(cr, block.layout)
            }
            textRecorder.record(color: color, pictures: colored ? block.characters(of: runs.filter(\.isColor)) : "", in: cr)
        } else if cairo_surface_get_type(cairo_get_target(cr)) == CAIRO_SURFACE_TYPE_IMAGE {
            // Pixels: the glyphs' outlines filled where they fall. Cairo's glyph cache would
            // round each glyph to a whole pixel, so text would not scale exactly with --scale
            // nor match what librsvg and poppler draw from the SVG and PDF.
            if colored {
                drawRuns(runs, x: x, y: y)
            } else {
                pango_cairo_layout_path(cr, block.layout)
                cairo_fill(cr)
            }
        } else {
            // PDF and SVG keep real glyphs: a subset of the font embedded in the PDF, and each
            // glyph's outline as an SVG <symbol>; Cairo writes a colour glyph as an image.
            pango_cairo_show_layout(cr, block.layout)
        }
        if grouped {
            cairo_pop_group_to_source(cr)
            cairo_paint_with_alpha(cr, alpha)
        }
        cairo_restore(cr)
    }

    /// A block with colour glyphs into pixels: the other runs' outlines filled as one path (as
    /// `pango_cairo_layout_path` would; a colour font has no outlines, and Cairo would trace
    /// its bitmaps into specks), then the colour runs drawn as glyphs, in their own colours.
    private func drawRuns(_ runs: [TextBlock.Run], x: Double, y: Double) {
        outlineRuns(runs, x: x, y: y)
        cairo_fill(cr)
        for run in runs where run.isColor {
            cairo_move_to(cr, x + run.x, y + run.baseline)
            pango_cairo_show_glyph_string(cr, run.font, run.glyphs)
        }
    }

    /// The non-colour runs' glyph outlines as the current path, each run on its own baseline.
    private func outlineRuns(_ runs: [TextBlock.Run], x: Double, y: Double) {
        cairo_new_path(cr)
        for run in runs where !run.isColor {
            cairo_move_to(cr, x + run.x, y + run.baseline)
            pango_cairo_glyph_string_path(cr, run.font, run.glyphs)
        }
    }
}
