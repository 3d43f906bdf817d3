import SceneAnimation
import SceneCheck
import SceneLayout
import SceneModel
import SceneSyntax

/// What `scenec inspect` shows: every view with its placed frame and every inspectable
/// attribute's value, source and animatability. The JSON shape (documented in docs/commands.md):
///
///     {"appearance", "canvas": {"width", "height", "scale", "background", "backgroundAppearance"?},
///      "views": [{"id"?, "address", "type", "frame": {"x", "y", "width", "height"},
///                 "attributes": [{"name", "value", "kind", "source", "style"?, "default", "range"?,
///                                 "animatable", "appearance"?}],
///                 "children": [...]}]}
///
/// `appearance` is the one the colours were resolved for (light or dark); a colour written as
/// an iOS system colour or `{light, dark}` has `appearance`: `{"from", "light", "dark"}`, where
/// `from` says what gave `value` (`systemBlue (dark)`, `{light, dark} → dark`).
///
/// `value` is a JSON number or boolean where the attribute is one, else the text scenec would
/// accept for it; a derived default is computed for the view (`default` says what it follows),
/// and is `null` only where it is "none". `source` is "default", "style", "file", "--set" or
/// "timeline" (animated at the time shown); `style` names the style when the source is one. `address` is the view's index path (`views[1].children[0]`),
/// which `--set` takes for any view, with an id or without.
package struct InspectReport: Encodable, Sendable {
    package struct CanvasInfo: Encodable, Sendable {
        package var width: Double
        package var height: Double
        package var scale: Double
        package var background: String
        package var backgroundAppearance: AppearanceInfo?
    }

    /// Where a colour that depends on the appearance came from, and both of its sides.
    package struct AppearanceInfo: Encodable, Sendable {
        package var from: String
        package var light: String
        package var dark: String

        /// Nil for a colour the same in both appearances.
        init?(_ form: ColorForm, _ appearance: Appearance) {
            guard form.dependsOnAppearance else { return nil }
            from = form.origin(for: appearance)
            light = form.color(for: .light).description
            dark = form.color(for: .dark).description
        }
    }

    package struct Frame: Encodable, Sendable {
        package var x: Double
        package var y: Double
        package var width: Double
        package var height: Double
    }

    package struct AttributeInfo: Encodable, Sendable {
        package var name: String
        package var value: JSONScalar
        package var kind: String
        package var source: String
        package var style: String?
        package var `default`: String
        /// The allowed numbers ("0–1", "≥ 0"), for number attributes that have a range.
        package var range: String?
        package var animatable: Bool
        package var appearance: AppearanceInfo?
    }

    package struct ViewInfo: Encodable, Sendable {
        package var id: String?
        package var address: String
        package var type: String
        package var frame: Frame
        package var attributes: [AttributeInfo]
        package var children: [ViewInfo]
    }

    package var appearance: String
    package var canvas: CanvasInfo
    package var views: [ViewInfo]

    /// `placed` are the scene's views at `time`; with the scene's `sampler`, values its
    /// timeline animates are marked as coming from the timeline.
    package init(scene: Scene, placed: [PlacedView], sampler: Sampler? = nil, time: Double = 0) {
        let canvas = scene.canvas
        appearance = scene.appearance.rawValue
        self.canvas = CanvasInfo(width: canvas.width, height: canvas.height, scale: canvas.scale,
                                 background: canvas.background.description,
                                 backgroundAppearance: canvas.backgroundForm.flatMap { AppearanceInfo($0, scene.appearance) })
        // A checked scene keeps every view of the file, in order, so positions are index paths.
        views = placed.enumerated().map {
            Self.info($1, at: ViewPath(root: $0), appearance: scene.appearance, sampler: sampler, time: time)
        }
    }

    package static func info(_ placed: PlacedView, at path: ViewPath, appearance: Appearance = .light,
                            sampler: Sampler? = nil, time: Double = 0) -> ViewInfo {
        let view = placed.view
        let f = placed.canvasFrame
        let attributes = view.type.kind.attributes.map { spec -> AttributeInfo in
            let entry = view.values.resolved(spec.name)
            var source = "default", style: String?
            switch entry?.source {
            case .style(let name)?: source = "style"; style = name
            case .file?: source = "file"
            case .commandLine?: source = "--set"
            default: break
            }
            var adaptive = entry?.form.flatMap { AppearanceInfo($0, appearance) }
            if let id = view.id, sampler?.value(of: "\(id).\(spec.name)", at: time) != nil {
                source = "timeline"
                style = nil
                adaptive = nil
            }
            var range: String?
            if case .number(let r) = spec.kind, !r.description.isEmpty { range = r.description }
            return AttributeInfo(name: spec.name, value: JSONScalar(entry?.value ?? DerivedDefaults.value(of: spec.name, in: placed)),
                                 kind: spec.kind.name, source: source, style: style, default: spec.defaultDescription,
                                 range: range, animatable: spec.animatable != .no, appearance: adaptive)
        }
        return ViewInfo(id: view.id, address: path.description, type: view.type.rawValue,
                        frame: Frame(x: f.x, y: f.y, width: f.width, height: f.height), attributes: attributes,
                        children: placed.children.enumerated().map {
                            info($1, at: path.child($0), appearance: appearance, sampler: sampler, time: time)
                        })
    }
}

/// A value as JSON: numbers and booleans as themselves, everything else as its text.
package enum JSONScalar: Encodable, Sendable {
    case number(Double)
    case bool(Bool)
    case text(String)
    case null

    package init(_ value: Value?) {
        switch value {
        case .number(let v)?: self = .number(v)
        case .bool(let b)?: self = .bool(b)
        case let v?: self = .text(v.description)
        case nil: self = .null
        }
    }

    package func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .number(let v): try c.encode(v)
        case .bool(let b): try c.encode(b)
        case .text(let s): try c.encode(s)
        case .null: try c.encodeNil()
        }
    }

    package var text: String {
        switch self {
        case .number(let v): return formatNumber(v)
        case .bool(let b): return b ? "true" : "false"
        case .text(let s): return s
        case .null: return "—"
        }
    }
}

extension InspectReport {
    /// The readable form: a heading per view, then an aligned table of its attributes; `wide`
    /// adds each attribute's default and range. What the scene wrote (ids, values, style names)
    /// is shown as `String.escaped(.text)` shows it, so a line feed in a value is `␊` and no
    /// value starts a line of its own (a forged `::error` in a CI log).
    package var text: String { text(wide: false) }

    package func text(wide: Bool) -> String {
        let background = (canvas.background + (canvas.backgroundAppearance.map { " from \($0.from)" } ?? "")).escaped(.text)
        var out = "canvas \(formatNumber(canvas.width)) × \(formatNumber(canvas.height)) pt, scale \(formatNumber(canvas.scale)), background \(background), appearance \(appearance)\n"
        func walk(_ views: [ViewInfo], depth: Int) {
            for v in views {
                let indent = String(repeating: "  ", count: depth)
                let name = v.id.map { "\(v.type) '\($0.escaped(.text))'" } ?? v.type
                let f = v.frame
                out += "\n\(indent)\(name) at \(v.address)  frame x \(formatNumber(f.x)), y \(formatNumber(f.y)), width \(formatNumber(f.width)), height \(formatNumber(f.height))\n"
                let heading = ["attribute", "value", "source", "animatable"] + (wide ? ["default", "range"] : [])
                let rows = [heading] + v.attributes.map { a in
                    var value = a.value.text == "—" ? "(\(a.default))" : a.value.text
                    if let from = a.appearance?.from { value += " from \(from)" }
                    let source = a.style.map { "style \($0)" } ?? a.source
                    let more = wide ? [a.default, a.range ?? ""] : []
                    return [a.name, value.escaped(.text), source.escaped(.text), a.animatable ? "yes" : "no"] + more
                }
                let widths = heading.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
                for row in rows {
                    let cells = row.enumerated().map { i, cell in
                        i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count)
                    }
                    var line = indent + "  " + cells.joined(separator: "  ")
                    while line.hasSuffix(" ") { line.removeLast() }  // an empty last cell
                    out += line + "\n"
                }
                walk(v.children, depth: depth + 1)
            }
        }
        walk(views, depth: 0)
        return out
    }
}
