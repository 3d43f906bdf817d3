import SceneModel

/// Text that shows values (`{ring.progress:percent}`) as layout sees it: each binding written at
/// the widest value it can show over the scene, so a frame made for it holds every frame's text
/// and a label never reflows (or a ring's label changes size) during an animation.
enum BoundText {
    /// `text` with each binding written at whichever of its possible values
    /// (`ValueTable.possibleValues`: the value now, its range's ends, the keyframes') sets widest
    /// in `style`; text without bindings, or that does not parse, as written.
    static func widest(_ text: String, values: ValueTable, style: TextStyle, engine: TextEngine, now: Double) -> String {
        guard binds(text), case .success(let template) = TextTemplate.parse(text) else {
            return text
        }
        var out = ""
        for segment in template.segments {
            switch segment {
            case .literal(let s): out += s
            case .binding(let b):
                let written = values.possibleValues(b.viewID, b.attribute).map { TextTemplate.write($0, as: b.format, now: now) }
                out += widestOf(distinctShapes(written), style: style, engine: engine)
            }
        }
        return out
    }

    /// Whether `text` may bind values (has braces): text without is its own widest.
    static func binds(_ text: String) -> Bool {
        text.contains("{") || text.contains("}")
    }

    /// `texts` without repeats, and one text for each shape (its digits all read as 0): numbers
    /// of one shape ("17.5", "20.0") differ only in which digits they show, and the default
    /// fonts' digits all have one advance (tabular figures), so measuring one of each is
    /// measuring all. Thousands of keyframes write a handful of shapes, measured once each.
    static func distinctShapes(_ texts: [String]) -> [String] {
        var seen: Set<String> = []
        return texts.filter { text in
            seen.insert(String(text.map { $0.isASCII && $0.isNumber ? "0" : $0 })).inserted
        }
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
