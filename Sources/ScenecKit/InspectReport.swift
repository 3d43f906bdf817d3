import SceneAnimation
import SceneCheck
import SceneLayout
import SceneFonts
import SceneModel
import SceneRender
import SceneSyntax

/// What `scenec inspect` shows: every view with its placed frame and every inspectable
/// attribute's value, source and animatability. The JSON shape (documented in docs/commands.md):
///
///     {"appearance", "canvas": {"width", "height", "scale", "background", "backgroundAppearance"?},
///      "views": [{"id"?, "address", "type", "component"?, "frame": {"x", "y", "width", "height"},
///                 "arguments"?: [{"name", "value", "kind", "source", "line"?, "file"?, "option"?, "provenance"}],
///                 "attributes": [{"name", "value", "kind", "source", "style"?, "importedFrom"?,
///                                 "derivedFrom"?, "default", "range"?, "animatable", "form"?, "appearance"?,
///                                 "animation"?: {"address", "line", "valueAddress"?, "atTimeAddress"?,
///                                               "component"?, "file"?}}],
///                 "children": [...]}],
///      "timeline": [{"address", "value", "line"}]}
///
/// `appearance` is the one the colours were resolved for (light or dark); a colour written as
/// an iOS system colour or `{light, dark}` has `appearance`: `{"from", "light", "dark"}`, where
/// `from` says what gave `value` (`systemBlue (dark)`, `{light, dark} → dark`). Every colour
/// the scene writes (in the file, a style or `--set`) has `form`: the colour as written, in YAML
/// (`systemBlue`, `{color: red, alpha: 0.5}`, `"#ff0000"`), which `--set` and `edit` take back.
///
/// `value` is a JSON number or boolean where the attribute is one, else the text scenec would
/// accept for it; a derived default is its registry rule's value for the view (`default` says
/// the rule, `derivedFrom` lists what it reads; a ring's labelSize is measured as drawn), and is
/// `null` only where it is "none". `source` is "default", "style", "file", "--set" or
/// "timeline" (animated at the time shown, `animation` naming the one that drives it); `style`
/// names the style when the source is one, `importedFrom` the imported file that defines it.
/// `timeline` lists every value `--set timeline.animations[…]…` can change (InspectTimeline.swift).
/// `address` is the view's index path (`views[1].children[0]`),
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

        package init(_ rect: Rect) {
            x = rect.x
            y = rect.y
            width = rect.width
            height = rect.height
        }
    }

    package struct AttributeInfo: Encodable, Sendable {
        package var name: String
        package var value: JSONScalar
        package var kind: String
        package var source: String
        package var style: String?
        /// The imported file the style is defined in.
        package var importedFrom: String?
        /// What a derived default was worked out from: attribute names, and `size` for the view's size.
        package var derivedFrom: [String]?
        package var `default`: String
        /// The allowed numbers ("0–1", "≥ 0"), for number attributes that have a range.
        package var range: String?
        package var animatable: Bool
        /// A written colour as written (`ColorForm.description`); nil for a default, a derived
        /// colour and one the timeline gives.
        package var form: String?
        package var appearance: AppearanceInfo?
        package var animation: AnimationInfo?
    }

    /// One argument of an instance: its value as written and where it came from.
    package struct ArgumentInfo: Encodable, Sendable {
        package var name: String
        /// YAML flow text, as written (`0.42`, `systemGreen`).
        package var value: String
        /// The parameter's kind as declared (`ring.progress`).
        package var kind: String
        /// "file", "repeat item", "default" or "--set".
        package var source: String
        /// The line it is written at (in `file` when that is given: a library's), for "file" and "repeat item".
        package var line: Int?
        package var file: String?
        /// The option, for "--set".
        package var option: String?
        /// Where, as the text shows it: "file line 10", "--set cpu.value=0.9".
        package var provenance: String

        init(_ argument: InstanceArgument) {
            name = argument.name
            value = argument.value
            kind = argument.kind
            source = argument.source.word
            line = argument.source.line
            provenance = argument.source.description
            switch argument.source {
            case .file(_, let f), .repeatItem(_, let f): file = f
            case .commandLine(let o): option = o
            case .defaultValue: break
            }
        }
    }

    package struct ViewInfo: Encodable, Sendable {
        package var id: String?
        package var address: String
        package var type: String
        /// The component the view is an instance of (a group holding its views); absent otherwise.
        package var component: String?
        /// An instance's arguments, in the order of its parameters; absent for other views.
        package var arguments: [ArgumentInfo]?
        package var frame: Frame
        package var attributes: [AttributeInfo]
        package var children: [ViewInfo]
    }

    package var appearance: String
    package var canvas: CanvasInfo
    package var views: [ViewInfo]
    package var timeline: [TimelineValue]

    /// `placed` are the scene's views at `time`; with the scene's `sampler`, values its
    /// timeline animates are marked as coming from the timeline.
    package init(scene: Scene, placed: [PlacedView], sampler: Sampler? = nil, time: Double = 0) {
        let canvas = scene.canvas
        appearance = scene.appearance.rawValue
        self.canvas = CanvasInfo(width: canvas.width, height: canvas.height, scale: canvas.scale,
                                 background: canvas.background.description,
                                 backgroundAppearance: canvas.backgroundForm.flatMap { AppearanceInfo($0, scene.appearance) })
        // Text is measured (with the scene's fonts) only where a default needs it.
        let measured = Self.measures(placed) ? MeasuredDefaults(fonts: FontLibrary.of(scene), views: placed) : nil
        // A checked scene keeps every view of the file, in order, so positions are index paths.
        views = placed.enumerated().map {
            Self.info($1, at: ViewPath(root: $0), appearance: scene.appearance, sampler: sampler, time: time,
                      measured: measured)
        }
        timeline = Self.timelineValues(scene.timeline)
    }

    /// Whether a view's default is measured from text (`MeasuredAttribute`: a ring's labelSize).
    static func measures(_ views: [PlacedView]) -> Bool {
        views.contains { placed in
            let measured = placed.view.type.kind.attributes.contains {
                $0.derivation?.isMeasured == true && placed.values.explicit[$0.name] == nil
            }
            return measured || measures(placed.children)
        }
    }

    package static func info(_ placed: PlacedView, at path: ViewPath, appearance: Appearance = .light,
                            sampler: Sampler? = nil, time: Double = 0, measured: MeasuredDefaults? = nil) -> ViewInfo {
        let view = placed.view
        let resolved = placed.resolved
        let f = placed.canvasFrame
        let attributes = view.type.kind.attributes.map { spec -> AttributeInfo in
            let entry = view.values.resolved(spec.name)
            var source = "default", style: String?, importedFrom: String?, derivedFrom: [String]?
            switch resolved.source(of: spec.name) {
            case .style(let name): source = "style"; style = name
            case .imported(let name, let file): source = "style"; style = name; importedFrom = file
            case .derived(let inputs): derivedFrom = inputs
            case .file: source = "file"
            case .commandLine: source = "--set"
            case .defaultValue: break
            }
            var form = entry?.form
            var adaptive = form.flatMap { AppearanceInfo($0, appearance) }
            var animation: AnimationInfo?
            if let id = view.id, let driving = sampler?.animation(driving: "\(id).\(spec.name)", at: time) {
                source = "timeline"
                style = nil
                importedFrom = nil
                derivedFrom = nil
                form = nil
                adaptive = nil
                animation = AnimationInfo(driving, at: time)
            }
            var range: String?
            if case .number(let r) = spec.kind, !r.description.isEmpty { range = r.description }
            let value = resolved.value(of: spec.name) ?? measured?.value(of: spec.name, in: resolved, boundTexts: placed.boundTexts, now: 0)
            return AttributeInfo(name: spec.name, value: JSONScalar(value),
                                 kind: spec.kind.name, source: source, style: style, importedFrom: importedFrom,
                                 derivedFrom: derivedFrom, default: spec.defaultDescription,
                                 range: range, animatable: spec.animatable != .no, form: form?.description, appearance: adaptive,
                                 animation: animation)
        }
        return ViewInfo(id: view.id, address: path.description, type: view.type.rawValue, component: view.component,
                        arguments: view.component == nil ? nil : view.arguments.map(ArgumentInfo.init),
                        frame: Frame(f), attributes: attributes,
                        children: placed.children.enumerated().map {
                            info($1, at: path.child($0), appearance: appearance, sampler: sampler, time: time,
                                 measured: measured)
                        })
    }
}

extension InspectReport.AttributeInfo {
    /// The source as the text shows it: "style card from styles.yaml", "derived from borderColor".
    package var provenance: String {
        if let animation {
            // A definition's animation: where it is written, not an index the file does not have.
            if let component = animation.component {
                return "timeline: \(component)'s animation, \(animation.file.map { "\($0) " } ?? "")line \(animation.line)"
            }
            return "timeline: \(animation.address), line \(animation.line)"
        }
        if let style { return "style \(style)" + (importedFrom.map { " from \($0)" } ?? "") }
        if let derivedFrom { return "derived from \(derivedFrom.joined(separator: ", "))" }
        return source
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
                let name = (v.id.map { "\(v.type) '\($0.escaped(.text))'" } ?? v.type) + (v.component.map { " (\($0))" } ?? "")
                let f = v.frame
                out += "\n\(indent)\(name) at \(v.address)  frame x \(formatNumber(f.x)), y \(formatNumber(f.y)), width \(formatNumber(f.width)), height \(formatNumber(f.height))\n"
                let heading = ["attribute", "value", "source", "animatable"] + (wide ? ["default", "range"] : [])
                let rows = [heading] + v.attributes.map { a in
                    var value = a.value.text == "—" ? "(\(a.default))" : a.value.text
                    if let from = a.appearance?.from {
                        value += " from \(from)"
                    } else if let form = a.form, form != value, form != "\"\(value)\"" {
                        value += " from \(form)"  // `#ff000080 from {color: red, alpha: 0.5}`; not a hex again
                    }
                    let source = a.provenance
                    let more = wide ? [a.default, a.range ?? ""] : []
                    return [a.name, value.escaped(.text), source.escaped(.text), a.animatable ? "yes" : "no"] + more
                }
                out += table(rows, indent: indent + "  ")
                if let arguments = v.arguments, !arguments.isEmpty {
                    out += "\n" + table([["argument", "value", "source"]] + arguments.map { a in
                        [a.name, a.value.escaped(.text), a.provenance.escaped(.text)]
                    }, indent: indent + "  ")
                }
                walk(v.children, depth: depth + 1)
            }
        }
        walk(views, depth: 0)
        return out + timelineText
    }

    /// Rows as aligned columns, the first row the heading.
    private func table(_ rows: [[String]], indent: String) -> String {
        guard let heading = rows.first else { return "" }
        let widths = heading.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        var out = ""
        for row in rows {
            let cells = row.enumerated().map { i, cell in
                i == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[i] - cell.count)
            }
            var line = indent + cells.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }  // an empty last cell
            out += line + "\n"
        }
        return out
    }
}
