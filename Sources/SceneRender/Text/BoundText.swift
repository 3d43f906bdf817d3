import SceneModel

/// Text that shows values (`{ring.progress:percent}`) as layout sees it: each binding written at
/// the widest value it can show over the scene, so a frame made for it holds every frame's text
/// and a label never reflows (or a ring's label changes size) during an animation.
enum BoundText {
    /// `text` with each binding written at whichever of its possible values
    /// (`ValueTable.possibleValues`: the value now, its range's ends, the keyframes') sets widest
    /// in `style`; text without bindings, or that does not parse, as written.
    static func widest(_ text: String, values: ValueTable, style: TextStyle, engine: TextEngine, now: Double) -> String {
        guard text.contains("{") || text.contains("}"), case .success(let template) = TextTemplate.parse(text) else {
            return text
        }
        var out = ""
        for segment in template.segments {
            switch segment {
            case .literal(let s): out += s
            case .binding(let b):
                var written: [String] = []
                for value in values.possibleValues(b.viewID, b.attribute) {
                    let text = TextTemplate.write(value, as: b.format, now: now)
                    if !written.contains(text) { written.append(text) }
                }
                out += widestOf(written, style: style, engine: engine)
            }
        }
        return out
    }

    /// The widest of `texts` set on one line in `style` (the first of equals; "" for none).
    static func widestOf(_ texts: [String], style: TextStyle, engine: TextEngine) -> String {
        guard texts.count > 1 else { return texts.first ?? "" }
        var best = texts[0], bestWidth = -1.0
        for text in texts {
            let width = TextBox.measure(text, style: style, width: nil, engine: engine).width
            if width > bestWidth {
                best = text
                bestWidth = width
            }
        }
        return best
    }
}
