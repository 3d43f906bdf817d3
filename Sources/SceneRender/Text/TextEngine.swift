import CPango
import SceneFonts
import SceneModel

/// How a block of text is set: the label's attributes, and what ring and clock text use.
struct TextStyle {
    var family = Label.defaultFamily
    var size = 17.0
    var weight = 400.0
    var italic = false
    var tracking = 0.0
    var lineSpacing = 0.0
    /// leading, center or trailing.
    var alignment = "leading"
    /// 0: as many lines as the text needs.
    var lineLimit = 0
}

/// Pango over one `FontLibrary`: a font map and context of its own, so each render (each frame
/// of `frames --jobs`, on its own thread) has its own Pango objects over the shared, read-only
/// fontconfig set. Set for reproducible text: no hinting, unhinted metrics, unrounded glyph
/// positions, grey antialiasing — so text at scale 2 is text at scale 1 drawn larger.
///
/// Taken with `lease` and given back with `giveBack` rather than made for each use: a new font
/// map opens its fonts and shapes their glyphs again, which took a tenth of the preview's time
/// per picture (layout, the lint and the drawing each made one). An engine is used by one
/// holder at a time (IdlePool).
final class TextEngine {
    let library: FontLibrary
    let fontMap: UnsafeMutablePointer<PangoFontMap>?
    let context: OpaquePointer?

    init(library: FontLibrary) {
        self.library = library
        var map: UnsafeMutablePointer<PangoFontMap>?
        if let config = library.config, let created = pango_cairo_font_map_new_for_font_type(CAIRO_FONT_TYPE_FT) {
            // Never the default font map: that one reads the system's fonts.
            if let fc = scenec_fc_font_map(created) {
                pango_fc_font_map_set_config(fc, config)
                map = created
            } else {
                g_object_unref(created)
            }
        }
        fontMap = map
        context = map.flatMap { pango_font_map_create_context($0) }
        if let context {
            if let options = Self.fontOptions() {
                pango_cairo_context_set_font_options(context, options)
                cairo_font_options_destroy(options)
            }
            pango_context_set_round_glyph_positions(context, 0)
        }
    }

    deinit {
        if let context { g_object_unref(UnsafeMutableRawPointer(context)) }
        if let fontMap { g_object_unref(fontMap) }
    }

    /// Engines given back, at most `keptIdle` (each holds its library's fonts open).
    private static let idle = IdlePool<TextEngine>(capacity: 8)
    static var keptIdle: Int { idle.capacity }

    /// An engine over `library` no one else uses until it is given back: one given back
    /// earlier (its fonts already open), or a new one.
    static func lease(_ library: FontLibrary) -> TextEngine {
        idle.take { $0.library === library } ?? TextEngine(library: library)
    }

    /// How many engines wait to be taken (tests).
    static var idleCount: Int { idle.count }

    /// Lets every waiting engine go, so the next lease makes a new one (tests).
    static func forgetIdle() { idle.removeAll() }

    /// Done with `engine`: the next `lease` of its library may take it. No text block made with
    /// it may be used after this (the holders make theirs and drop them within one call).
    static func giveBack(_ engine: TextEngine) {
        // A scene's own fonts make a library per compile (the preview's every change): the
        // engines of an older one of those will not be asked for again.
        let library = engine.library
        idle.put(engine, dropping: { library !== FontLibrary.standard && $0.library !== FontLibrary.standard && $0.library !== library })
    }

    static func fontOptions() -> OpaquePointer? {
        guard let options = cairo_font_options_create() else { return nil }
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        return options
    }

    /// `text` set in `style`, wrapped to `width` points when given; nil when Pango is not there.
    func block(_ text: String, style: TextStyle, width: Double?) -> TextBlock? {
        guard let context, let layout = pango_layout_new(context) else { return nil }
        let block = TextBlock(layout: layout)
        if let desc = pango_font_description_new() {
            pango_font_description_set_family(desc, library.fallbackList(for: style.family))
            pango_font_description_set_absolute_size(desc, Double(Self.units(style.size)))
            pango_font_description_set_weight(desc, PangoWeight(rawValue: UInt32(Swift.max(100, Swift.min(1000, style.weight)))))
            pango_font_description_set_style(desc, style.italic ? PANGO_STYLE_ITALIC : PANGO_STYLE_NORMAL)
            pango_layout_set_font_description(layout, desc)
            pango_font_description_free(desc)
        }
        if style.tracking != 0, let attributes = pango_attr_list_new() {
            pango_attr_list_insert(attributes, pango_attr_letter_spacing_new(Self.units(style.tracking)))
            pango_layout_set_attributes(layout, attributes)
            pango_attr_list_unref(attributes)
        }
        pango_layout_set_spacing(layout, Self.units(style.lineSpacing))
        switch style.alignment {
        case "center": pango_layout_set_alignment(layout, PANGO_ALIGN_CENTER)
        case "trailing": pango_layout_set_alignment(layout, PANGO_ALIGN_RIGHT)
        default: pango_layout_set_alignment(layout, PANGO_ALIGN_LEFT)
        }
        if let width {
            // Rounded up, so text measured to a width fits in that width when drawn. Pango breaks
            // lines with tracking's half space still at each end of the line and takes both off
            // after: a line that fits measures up to the tracking more while it is being broken
            // ("abc x" measured unwrapped would wrap at its own width).
            pango_layout_set_width(layout, Self.units(width + Swift.max(0, style.tracking), roundingUp: true))
            pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
            if style.lineLimit > 0 {
                // A negative height is a number of lines; the last one ends in an ellipsis.
                pango_layout_set_height(layout, -Int32(Swift.min(style.lineLimit, 1_000_000)))
                pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
            }
        }
        pango_layout_set_text(layout, LongWords.breakable(text), -1)
        return block
    }

    /// Points as Pango units (1/1024 pt), clamped to what an Int32 holds.
    static func units(_ points: Double, roundingUp: Bool = false) -> Int32 {
        let scaled = points * Double(PANGO_SCALE)
        let bounded = Swift.max(-2e9, Swift.min(2e9, scaled.isFinite ? scaled : 0))
        return Int32(roundingUp ? bounded.rounded(.up) : bounded.rounded())
    }
}

/// One laid-out block of text (a `PangoLayout`).
final class TextBlock {
    let layout: OpaquePointer

    init(layout: OpaquePointer) {
        self.layout = layout
    }

    deinit {
        g_object_unref(UnsafeMutableRawPointer(layout))
    }

    /// The logical box (line heights, advances), in points: what sizes and aligns text.
    var size: Size {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        return Size(width: Double(logical.width) / Double(PANGO_SCALE), height: Double(logical.height) / Double(PANGO_SCALE))
    }

    /// How many lines the text is set on (after wrapping and the line limit).
    var lineCount: Int { Int(pango_layout_get_line_count(layout)) }

    /// Where the glyphs' ink lies, in points from the layout's origin.
    var inkRect: (x: Double, y: Double, width: Double, height: Double) {
        var ink = PangoRectangle(), logical = PangoRectangle()
        pango_layout_get_extents(layout, &ink, &logical)
        let unit = Double(PANGO_SCALE)
        return (Double(ink.x) / unit, Double(ink.y) / unit, Double(ink.width) / unit, Double(ink.height) / unit)
    }
}
