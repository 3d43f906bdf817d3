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
    /// What the drawers' other shapes fall on: a recording with no extents. A bounded surface
    /// would lose glyphs, as Cairo leaves out of a glyph path every glyph whose origin lies more
    /// than ten times the font's size outside the surface (a 1×1 one kept only the first words).
    let surface: OpaquePointer

    public init?(fonts: FontLibrary, environment: RenderEnvironment) {
        guard let surface = cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let g = GraphicsContext(surface: surface, fonts: fonts) else {
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
        // Into a group thrown away after: the recording would otherwise keep every shape drawn.
        cairo_push_group(g.cr)
        drawer.draw(ResolvedView(values: values, size: Size(width: placed.frame.width, height: placed.frame.height),
                                 type: placed.view.type),
                    in: g, environment: environment)
        cairo_pattern_destroy(cairo_pop_group(g.cr))
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

    /// The text the context holds as its path (the glyphs' outlines, where the drawer put them)
    /// in `color`; `pictures`: the characters left out, set in a colour font.
    func record(color: Color, pictures: String, in cr: OpaquePointer) {
        outlines.append(TextOutline(color: color, segments: Self.segments(of: cr), pictureCharacters: pictures,
                                    clip: clips.last ?? nil))
        cairo_new_path(cr)
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
