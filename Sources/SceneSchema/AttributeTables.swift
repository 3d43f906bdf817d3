import SceneCheck
import SceneModel
import SceneSupport

/// The attribute tables of docs/language.md (`scenec schema --markdown`), generated from the registry like
/// the JSON Schema, so the docs cannot drift from what the checker accepts.
public enum AttributeTables {
    public static var markdown: String {
        var out = "### Common to every view\n\n"
        out += "Besides `" + Registry.structuralKeys.joined(separator: "`, `")
            + "` (and `" + Registry.containerKeys.joined(separator: "`, `") + "` for containers), every view has these layer attributes.\n\n"
        out += table(Layer.attributes)
        for kind in Registry.kinds {
            out += "\n### `\(kind.type.rawValue)`\n\n\(kind.summary)\n"
            if let notes = notes(on: kind) { out += "\n" + notes + "\n" }
            let own = kind.ownAttributes
            out += own.isEmpty ? "\nNo attributes of its own besides the common ones.\n" : "\n" + table(own)
        }
        return out + "\n" + systemColors
    }

    /// Every iOS system colour with its light and dark value, from `SystemColors`.
    static var systemColors: String {
        var out = "### iOS system colours\n\n"
        out += "Any colour attribute, `canvas.background` and keyframe value takes these names, spelt as UIKit spells them; "
            + "`--appearance` picks the column (light by default). Values are sRGB, alpha where it is not 1.\n\n"
        out += "| name | light | dark |\n|---|---|---|\n"
        func cell(_ c: Color) -> String {
            let channels = [c.red, c.green, c.blue].map { formatNumber(($0 * 255).rounded()) }.joined(separator: ", ")
            return "`\(c)` " + (c.alpha < 1 ? "rgba(\(channels), \(formatNumber(c.alpha)))" : "rgb(\(channels))")
        }
        for entry in SystemColors.all {
            out += "| `\(entry.name)` | \(cell(entry.light)) | \(cell(entry.dark)) |\n"
        }
        return out
    }

    /// What a kind changes of the common attributes (pie's border and background) and its own
    /// size, which ViewKind carries beside the attribute list.
    static func notes(on kind: ViewKind) -> String? {
        var lines: [String] = []
        let changed = zip(Layer.attributes, kind.layerAttributes).filter { $0.defaultDescription != $1.defaultDescription }
        if !changed.isEmpty {
            let list = changed.map { "`\($1.name)` \($1.defaultDescription)" }.joined(separator: ", ")
            lines.append("Its own defaults for common attributes: \(list).")
        }
        if let size = kind.intrinsicSize {
            lines.append("Its size when neither a frame nor a size gives one: \(formatNumber(size.width)) × \(formatNumber(size.height)).")
        } else if kind.sizesToContent {
            lines.append("Its size when neither a frame nor a size gives one: its text's (a frame with a width and no height wraps the text to the width).")
        }
        return lines.isEmpty ? nil : lines.joined(separator: " ")
    }

    static func table(_ specs: [AttributeSpec]) -> String {
        var out = "| attribute | kind | default | animatable | description |\n|---|---|---|---|---|\n"
        for spec in specs {
            let cells = ["`\(spec.name)`", kindText(spec.kind), spec.defaultDescription, animatable(spec.animatable), spec.doc]
            out += "| " + cells.map(escaped).joined(separator: " | ") + " |\n"
        }
        return out
    }

    static func kindText(_ kind: ValueKind) -> String {
        switch kind {
        case .length(let reference): return "length (% of \(reference))"
        case .choice(let words): return words.map { "`\($0)`" }.joined(separator: " ")
        default: return kind.name
        }
    }

    static func animatable(_ a: Animatability) -> String {
        switch a {
        case .no: return "no"
        case .interpolated: return "yes"
        case .steps: return "yes (steps)"
        }
    }

    /// A `|` would end the cell.
    static func escaped(_ text: String) -> String {
        text.split(separator: "|", omittingEmptySubsequences: false).joined(separator: "\\|")
    }
}
