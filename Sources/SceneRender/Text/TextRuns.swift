import CPango

extension TextBlock {
    /// One run of glyphs set in one font, where it lies in the block. Its pointers belong to the
    /// block's layout: used while the block lives, never kept.
    struct Run {
        let font: UnsafeMutablePointer<PangoFont>
        let glyphs: UnsafeMutablePointer<PangoGlyphString>
        /// The run's left edge and its baseline (the line's, shifted as the run is), in points
        /// from the block's origin.
        let x: Double
        let baseline: Double
        /// Set in a colour font (bitmaps, no outlines): colour emoji.
        let isColor: Bool
        /// Where its characters are in the layout's text, in UTF-8 bytes.
        let bytes: Range<Int>
    }

    /// The block's runs, line by line, left to right as they are shown.
    var runs: [Run] {
        guard let iter = pango_layout_get_iter(layout) else { return [] }
        defer { pango_layout_iter_free(iter) }
        var out: [Run] = []
        let unit = Double(PANGO_SCALE)
        repeat {
            // nil at the end of each line.
            guard let run = pango_layout_iter_get_run_readonly(iter), let item = run.pointee.item,
                  let font = item.pointee.analysis.font, let glyphs = run.pointee.glyphs else { continue }
            var logical = PangoRectangle()
            pango_layout_iter_get_run_extents(iter, nil, &logical)
            out.append(Run(font: font, glyphs: glyphs, x: Double(logical.x) / unit,
                           baseline: Double(pango_layout_iter_get_run_baseline(iter)) / unit,
                           isColor: scenec_font_is_color(font) != 0,
                           bytes: Int(item.pointee.offset)..<Int(item.pointee.offset) + Swift.max(0, Int(item.pointee.length))))
        } while pango_layout_iter_next_run(iter) != 0
        return out
    }
}

extension TextBlock.Run {
    /// The family Pango chose for the run (which default font or `fonts:` file draws it).
    var family: String {
        guard let description = pango_font_describe(font) else { return "" }
        defer { pango_font_description_free(description) }
        return pango_font_description_get_family(description).map { String(cString: $0) } ?? ""
    }
}

extension TextBlock {
    /// The characters `runs` show, less the zero-width spaces LongWords puts in for breaking.
    func characters(of runs: [Run]) -> String {
        let text = pango_layout_get_text(layout).map { String(cString: $0) } ?? ""
        let bytes = Array(text.utf8)
        return runs.map { run in
            let range = run.bytes.clamped(to: 0..<bytes.count)
            return String(decoding: bytes[range], as: UTF8.self).filter { $0 != "\u{200B}" }
        }.joined()
    }

    /// How many characters Pango found no font for (each drawn as a box with its code point).
    var unknownGlyphs: Int { Int(pango_layout_get_unknown_glyphs_count(layout)) }
}
