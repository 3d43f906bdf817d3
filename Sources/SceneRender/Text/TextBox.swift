import SceneModel

/// Text set in a box: what a label draws, and what ring and clock labels draw through the same
/// code, so a ring's "72%" is exactly a label's "72%".
struct TextBox {
    var text: String
    var style: TextStyle
    var color: Color
    /// top, center or bottom.
    var verticalAlignment = "center"

    /// Draws the text in the box (origin 0,0, `size`): lines wrapped to its width and aligned in
    /// it, the block of lines placed in its height. Text taller than the box starts at its top
    /// (the first line shows), and ink that would fall outside the box is clipped to it, so text
    /// never draws over other views (the lint reports the overflow, `TextFit`).
    func draw(in size: (width: Double, height: Double), g: GraphicsContext) {
        guard !text.isEmpty, !color.isClear, size.width > 0,
              let block = g.text.block(text, style: style, width: size.width) else { return }
        let height = block.size.height
        var y: Double
        switch Self.isTaller(block, than: size.height) ? "top" : verticalAlignment {
        case "top": y = 0
        case "bottom": y = size.height - height
        default: y = (size.height - height) / 2
        }
        // Glyphs may reach past their advance box (a T's arm, an italic's slant, a j's tail):
        // nudge the text so its ink stays inside the frame wherever it fits.
        let ink = block.inkRect
        let x = Self.nudge(ink.x, ink.width, into: size.width)
        y += Self.nudge(y + ink.y, ink.height, into: size.height)
        // Clipped only where ink would leave the box: a clip in a PDF or SVG is bytes of its own.
        let outside = x + ink.x < 0 || x + ink.x + ink.width > size.width
            || y + ink.y < 0 || y + ink.y + ink.height > size.height
        if outside {
            g.save()
            g.newPath()
            g.roundedRect(x: 0, y: 0, width: size.width, height: Swift.max(0, size.height), radius: 0)
            g.clip()
        }
        g.draw(block, x: x, y: y, color: color)
        if outside { g.restore() }
    }

    /// Whether `block` needs more height than `height`: lines past the first that do not fit, or
    /// a single line whose ink and box both do not. A single line's box is taller than its ink (DejaVu's is
    /// 1.16 × the size), so 14-point text in a 16-point frame fits: it stays centred, and its
    /// ink is nudged inside the frame, as before overflow was reported.
    static func isTaller(_ block: TextBlock, than height: Double) -> Bool {
        let slack = 0.01
        if block.lineCount > 1 { return block.size.height > height + slack }
        // One line: only when neither its line box nor its ink fits. A label sized to its text
        // has its line box's height, which a colour emoji's picture may pass by a hair.
        return block.size.height > height + slack && block.inkRect.height > height + slack
    }

    /// How far to move a span at `start` of `length` to lie within 0…`extent` (0 when it does
    /// or cannot).
    static func nudge(_ start: Double, _ length: Double, into extent: Double) -> Double {
        guard length <= extent else { return 0 }
        if start < 0 { return -start }
        if start + length > extent { return extent - (start + length) }
        return 0
    }

    /// The size of `text` in `style` set on its own (no width: only its line breaks wrap it).
    static func measure(_ text: String, style: TextStyle, width: Double?, engine: TextEngine) -> Size {
        engine.block(text, style: style, width: width)?.size ?? Size(width: 0, height: 0)
    }
}

extension TextStyle {
    /// A label's style, from its values.
    init(label values: AttributeValues) {
        self.init(family: values[Label.font].string, size: values[Label.fontSize], weight: values[Label.fontWeight],
                  italic: values[Label.italic], tracking: values[Label.tracking], lineSpacing: values[Label.lineSpacing],
                  alignment: values[Label.alignment], lineLimit: values[Label.lineLimit])
    }
}
