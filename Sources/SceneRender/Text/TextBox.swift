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
    /// it, the block of lines placed in its height.
    func draw(in size: (width: Double, height: Double), g: GraphicsContext) {
        guard !text.isEmpty, !color.isClear, size.width > 0,
              let block = g.text.block(text, style: style, width: size.width) else { return }
        let height = block.size.height
        let y: Double
        switch verticalAlignment {
        case "top": y = 0
        case "bottom": y = size.height - height
        default: y = (size.height - height) / 2
        }
        g.draw(block, x: 0, y: y, color: color)
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
