import CCairo
import CPango
import SceneFonts
import SceneLayout
import SceneModel

/// One step of a glyph outline, in the drawing view's points (origin at its top-left corner).
public enum OutlineSegment: Equatable, Sendable {
    case move(Double, Double)
    case line(Double, Double)
    /// A cubic Bézier: two control points, then the end.
    case curve(Double, Double, Double, Double, Double, Double)
    case close
}

/// One block of text a view draws, as its drawer hands it to the graphics context: the glyphs'
/// outlines (what the PNG fills, non-zero winding) and their colour.
public struct TextOutline: Equatable, Sendable {
    public var color: Color
    public var segments: [OutlineSegment]
    /// Characters set in a colour font (emoji): their glyphs are pictures, with no outline to
    /// give, so they are not in `segments`.
    public var pictureCharacters: String
    /// The rectangle the drawer clipped the text to (overflowing text, clipped to its box), in
    /// the same coordinates; nil when unclipped.
    public var clip: Rect?
}

/// The text views draw, as outlines, for exports that cannot rely on the reader's fonts (the
/// Lottie export). It runs each kind's own drawer with a graphics context that records text
/// instead of drawing it, so the outlines sit exactly where `render` puts the glyphs — no
/// placement is worked out twice. One outliner serves many moments: `moment(_:)` says which.
public final class TextOutliner {
    let environment: RenderEnvironment
    let recorder = TextRecorder()
    let g: GraphicsContext
    /// The 1×1 picture the drawers' other shapes fall on (and are clipped away from).
    let surface: OpaquePointer

    public init?(fonts: FontLibrary, environment: RenderEnvironment) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1) else { return nil }
        guard let g = GraphicsContext(surface: surface, fonts: fonts) else {
            cairo_surface_destroy(surface)
            return nil
        }
        self.surface = surface
        self.g = g
        self.environment = environment
        g.textRecorder = recorder
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// The views as they are at the moment outlined (what bound text reads: `{ring.progress}`).
    public func moment(_ views: [PlacedView]) {
        g.values = Renderer.valueTable(views)
    }

    /// The text `placed` draws of its own (not its children's), in its own coordinates.
    public func text(of placed: PlacedView) -> [TextOutline] {
        guard let drawer = placed.view.type.drawer else { return [] }
        let values = placed.view.values.clamped(to: placed.view.type.kind)
        recorder.outlines = []
        recorder.clips = [nil]
        g.save()
        g.boundTexts = placed.boundTexts
        drawer.draw(ResolvedView(values: values, size: Size(width: placed.frame.width, height: placed.frame.height),
                                 type: placed.view.type),
                    in: g, environment: environment)
        g.restore()
        g.newPath()
        return recorder.outlines
    }
}

/// Takes the text a graphics context is asked to draw (GraphicsContext.textRecorder) as outlines.
final class TextRecorder {
    var outlines: [TextOutline] = []
    /// The clip in force, as a rectangle, at each level of the context's saved states (a clip
    /// by another shape is taken as its bounding box: drawers clip text to rectangles).
    var clips: [Rect?] = [nil]

    func save() { clips.append(clips.last ?? nil) }

    func restore() {
        if clips.count > 1 { clips.removeLast() }
    }

    /// The path about to clip, intersected with the clip in force.
    func clip(_ cr: OpaquePointer) {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_path_extents(cr, &x1, &y1, &x2, &y2)
        if let current = clips[clips.count - 1] {
            x1 = Swift.max(x1, current.x)
            y1 = Swift.max(y1, current.y)
            x2 = Swift.min(x2, current.x + current.width)
            y2 = Swift.min(y2, current.y + current.height)
        }
        clips[clips.count - 1] = Rect(x: x1, y: y1, width: Swift.max(0, x2 - x1), height: Swift.max(0, y2 - y1))
    }

    /// `block` as `pango_cairo_layout_path` gives it where the current point is — the path the
    /// PNG fills — less the runs in colour fonts, which have no outlines (Cairo would trace their
    /// bitmaps into squares).
    func record(_ block: TextBlock, color: Color, in cr: OpaquePointer) {
        var x = 0.0, y = 0.0
        cairo_get_current_point(cr, &x, &y)
        var pictures = ""
        if Self.hasPictureRuns(block) {
            cairo_new_path(cr)
            pictures = Self.pathWithoutPictures(block, x: x, y: y, in: cr)
        } else {
            pango_cairo_layout_path(cr, block.layout)
        }
        outlines.append(TextOutline(color: color, segments: Self.segments(of: cr), pictureCharacters: pictures,
                                    clip: clips.last ?? nil))
        cairo_new_path(cr)
    }

    static func hasPictureRuns(_ block: TextBlock) -> Bool {
        var found = false
        forEachRun(block) { run, _ in
            if isPicture(run.pointee.item?.pointee.analysis.font) { found = true }
        }
        return found
    }

    /// The runs' glyph paths, each where Pango's renderer puts it (the run's logical x on its
    /// line's baseline), leaving out runs in colour fonts; returns their characters.
    static func pathWithoutPictures(_ block: TextBlock, x: Double, y: Double, in cr: OpaquePointer) -> String {
        var pictures = ""
        let unit = Double(PANGO_SCALE)
        let text = pango_layout_get_text(block.layout).map { String(cString: $0) } ?? ""
        let bytes = Array(text.utf8)
        forEachRun(block) { run, iter in
            guard let item = run.pointee.item, let glyphs = run.pointee.glyphs else { return }
            let font = item.pointee.analysis.font
            if isPicture(font) {
                let start = Swift.max(0, Swift.min(bytes.count, Int(item.pointee.offset)))
                let end = Swift.max(start, Swift.min(bytes.count, start + Int(item.pointee.length)))
                // Less the zero-width spaces LongWords puts in for breaking.
                pictures += String(decoding: bytes[start..<end], as: UTF8.self).filter { $0 != "\u{200B}" }
                return
            }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iter, nil, &logical)
            let baseline = pango_layout_iter_get_baseline(iter)
            cairo_move_to(cr, x + Double(logical.x) / unit, y + Double(baseline) / unit)
            pango_cairo_glyph_string_path(cr, font, glyphs)
        }
        return pictures
    }

    static func forEachRun(_ block: TextBlock, _ body: (UnsafeMutablePointer<PangoGlyphItem>, OpaquePointer) -> Void) {
        guard let iter = pango_layout_get_iter(block.layout) else { return }
        defer { pango_layout_iter_free(iter) }
        repeat {
            if let run = pango_layout_iter_get_run_readonly(iter) { body(run, iter) }
        } while pango_layout_iter_next_run(iter) != 0
    }

    /// Whether `font` is a colour font (its glyphs pictures: Noto Color Emoji's bitmaps).
    static func isPicture(_ font: UnsafeMutablePointer<PangoFont>?) -> Bool {
        guard let font, let scaled = pango_cairo_font_get_scaled_font(OpaquePointer(font)),
              let face = cairo_ft_scaled_font_lock_face(scaled) else { return false }
        defer { cairo_ft_scaled_font_unlock_face(scaled) }
        return face.pointee.face_flags & FT_FACE_FLAG_COLOR != 0
    }

    /// The context's current path as segments.
    static func segments(of cr: OpaquePointer) -> [OutlineSegment] {
        guard let path = cairo_copy_path(cr) else { return [] }
        defer { cairo_path_destroy(path) }
        guard path.pointee.status == CAIRO_STATUS_SUCCESS, let data = path.pointee.data else { return [] }
        var segments: [OutlineSegment] = []
        var i = 0
        let count = Int(path.pointee.num_data)
        while i < count {
            let header = data[i].header
            let length = Swift.max(1, Int(header.length))
            guard i + length <= count else { break }
            func point(_ k: Int) -> (Double, Double) { (data[i + k].point.x, data[i + k].point.y) }
            switch header.type {
            case CAIRO_PATH_MOVE_TO:
                let p = point(1)
                segments.append(.move(p.0, p.1))
            case CAIRO_PATH_LINE_TO:
                let p = point(1)
                segments.append(.line(p.0, p.1))
            case CAIRO_PATH_CURVE_TO:
                let (a, b, c) = (point(1), point(2), point(3))
                segments.append(.curve(a.0, a.1, b.0, b.1, c.0, c.1))
            case CAIRO_PATH_CLOSE_PATH:
                segments.append(.close)
            default:
                break
            }
            i += length
        }
        return segments
    }
}
