import SceneCheck
import SceneModel
import SceneSupport

/// `scenec help KIND` and `scenec schema --markdown KIND`: one view kind's page, generated from
/// the registry like docs/language.md's tables: its summary, every attribute (kind, range, default,
/// animatable, doc) and a minimal scene using it, which the tests check.
public enum KindHelp {
    public static func kind(named name: String) -> ViewKind? {
        ViewType(rawValue: name)?.kind
    }

    /// The page as plain text for a terminal.
    public static func text(_ kind: ViewKind) -> String {
        var out = "\(kind.type.rawValue): \(kind.summary)\n"
        if let notes = AttributeTables.notes(on: kind) { out += "\n" + notes + "\n" }
        let keys = Registry.structuralKeys + (kind.type.isContainer ? Registry.containerKeys : [])
        out += "\nkeys of every view: " + keys.joined(separator: ", ") + "\n"
        let sections = [("\(kind.type.rawValue) attributes", kind.ownAttributes),
                        ("layer attributes (every view has them)", kind.layerAttributes)]
        for (title, specs) in sections where !specs.isEmpty {
            out += "\n\(title):\n"
            let rows = [["attribute", "kind", "range", "default", "animatable"]] + specs.map { spec in
                [spec.name, kindWord(spec.kind), range(spec.kind), spec.defaultDescription,
                 AttributeTables.animatable(spec.animatable)]
            }
            let widths = (0..<5).map { c in rows.map { $0[c].count }.max() ?? 0 }
            for (i, row) in rows.enumerated() {
                out += "  " + row.enumerated().map { c, cell in
                    c == 4 ? cell : cell + String(repeating: " ", count: widths[c] - cell.count)
                }.joined(separator: "  ") + "\n"
                if i > 0 { out += "      " + specs[i - 1].doc + "\n" }
            }
        }
        out += "\nexample (a scene that checks):\n\n"
        out += example(kind).split(separator: "\n").map { "    " + $0 }.joined(separator: "\n") + "\n"
        return out
    }

    /// The page as Markdown.
    public static func markdown(_ kind: ViewKind) -> String {
        var out = "### `\(kind.type.rawValue)`\n\n\(kind.summary)\n"
        if let notes = AttributeTables.notes(on: kind) { out += "\n" + notes + "\n" }
        out += "\n| attribute | kind | range | default | animatable | description |\n|---|---|---|---|---|---|\n"
        for spec in kind.attributes {
            let kindCell: String
            switch spec.kind {
            case .number, .integer: kindCell = kindWord(spec.kind)
            default: kindCell = AttributeTables.kindText(spec.kind)
            }
            let cells = ["`\(spec.name)`", kindCell, range(spec.kind), spec.defaultDescription,
                         AttributeTables.animatable(spec.animatable), spec.doc]
            out += "| " + cells.map(AttributeTables.escaped).joined(separator: " | ") + " |\n"
        }
        out += "\nA scene with one:\n\n```yaml\n" + example(kind) + "```\n"
        return out
    }

    /// The kind without its range, which has a column of its own.
    static func kindWord(_ kind: ValueKind) -> String {
        switch kind {
        case .number: return "number"
        case .integer: return "whole number"
        default: return kind.name
        }
    }

    static func range(_ kind: ValueKind) -> String {
        switch kind {
        case .number(let r): return r.description
        case .integer(let min): return "≥ \(min)"
        case .length(let reference): return "points or % of \(reference)"
        case .angle: return "degrees, deg, rad or turn"
        case .timeOfDay: return "0:00–47:59:59 or now"
        default: return ""
        }
    }

    /// A minimal scene with one view of the kind: a frame, the attributes it must have, and
    /// children for a container.
    public static func example(_ kind: ViewKind) -> String {
        var lines = ["canvas: {width: 200, height: 200}", "views:", "  - id: example",
                     "    type: \(kind.type.rawValue)", "    frame: {x: 20, y: 20, width: 160, height: 160}"]
        for spec in kind.attributes where spec.isRequired {
            lines.append("    \(spec.name): \(spec.example)")
        }
        switch kind.children {
        case .placedByFrame:
            lines.append("    children:")
            lines.append("      - {type: pie, frame: {x: 0, y: 0}}")
        case .placedByContainer:
            lines.append("    children:")
            lines.append("      - {type: pie}")
            lines.append("      - {type: ring}")
        case .none:
            break
        }
        return lines.joined(separator: "\n") + "\n"
    }

}

extension SceneSchema {
    /// One kind's definition from the scene schema (its `$ref`s point into the whole schema).
    public static func text(of kind: ViewKind) -> String {
        definition(of: kind).prettyPrinted
    }
}
