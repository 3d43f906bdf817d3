import SceneCheck
import SceneLayout
import SceneModel
import SceneSchema
import SceneSupport
import SceneSyntax

/// `textDocument/hover`: on a key, what it takes (an attribute's kind, range, default, whether
/// it animates, its doc); on a value, what scenec reads it as (a colour as `#rrggbbaa`, a
/// length in points for the view as placed, an angle in degrees); on a view's `type` or `id`,
/// where the view was placed; inside a `{id.attribute:format}` binding, the bound value now and
/// the attribute's doc.
enum Hover {
    static func respond(_ request: FeatureRequest) -> Result<JSONValue, FeatureError> {
        let analysis = request.analysis
        guard let location = request.location else { return .success(.null) }
        if let spot = BindingSpot.find(in: analysis.references, at: location) {
            guard let text = bindingText(spot.binding, in: analysis) else { return .success(.null) }
            return .success(["contents": ["kind": "markdown", "value": .string(text)], "range": request.range(spot.binding.range)])
        }
        guard let tree = analysis.tree, let spot = Spot.find(in: tree, at: location) else { return .success(.null) }
        // `$value` in a definition: the parameter it stands for.
        if let (component, parameter, range) = Components.reference(spot, at: location, in: analysis) {
            return .success(["contents": ["kind": "markdown", "value": .string(Components.parameterDoc(parameter, of: component))],
                             "range": request.range(range)])
        }
        guard let text = spot.onKey ? keyText(spot, in: analysis) : valueText(spot, in: analysis) else { return .success(.null) }
        let range = spot.onKey ? spot.pair.keyRange : spot.node.range
        return .success(["contents": ["kind": "markdown", "value": .string(text)], "range": request.range(range)])
    }

    static func keyText(_ spot: Spot, in analysis: DocumentAnalysis? = nil) -> String? {
        // An instance's argument: its parameter (a parameter is never named like a group's attribute).
        if let analysis, let (component, parameter) = Components.parameter(spot, in: analysis) {
            return Components.parameterDoc(parameter, of: component)
        }
        // A definition's name under `components:`: the component as the checker read it.
        if let analysis, spot.mappingPath.count == 1, spot.mappingPath[0].key == "components",
           let component = analysis.references.components.last(where: { $0.name == spot.pair.key && $0.file == nil }) {
            return Components.componentDoc(component)
        }
        if let spec = Vocabulary.attribute(spot.pair.key, role: spot.role, viewType: spot.viewType) {
            return Vocabulary.attributeDoc(spec)
        }
        guard let role = spot.role else { return nil }
        // A library's top-level keys (components) are explained too.
        let keys = Vocabulary.keys(for: role, viewType: spot.viewType) + (role == .top ? Vocabulary.libraryKeys : [])
        return keys.first { $0.name == spot.pair.key }
            .flatMap { key in key.doc.map { "**\(key.name)**\n\n\($0)" } }
    }

    /// The kind of value the spot's key takes, the target's kind for an animation's values.
    static func valueKind(_ spot: Spot, in analysis: DocumentAnalysis) -> ValueKind? {
        if let (_, parameter) = Components.parameter(spot, in: analysis) { return parameter.kind }
        if spot.role == .parameter, spot.pair.key == "default" { return Components.declared(spot, in: analysis)?.kind }
        if let kind = Vocabulary.valueKind(spot.pair.key, role: spot.role, viewType: spot.viewType) { return kind }
        switch (spot.role, spot.pair.key) {
        case (.animation?, "from"), (.animation?, "to"):
            return Vocabulary.animatedKind(animation: spot.mapping, in: analysis)
        case (.keyframe?, "value"):
            return analysis.tree?.descendant(spot.mappingPath.dropLast(2)[...])
                .flatMap { Vocabulary.animatedKind(animation: $0, in: analysis) }
        default:
            return nil
        }
    }

    static func valueText(_ spot: Spot, in analysis: DocumentAnalysis) -> String? {
        let placed = spot.role == .view ? analysis.placed(spot.mapping) : nil
        switch (spot.role, spot.pair.key) {
        case (.view?, "type"), (.view?, "id"):
            var text: String
            if let name = spot.componentName {
                text = Components.instanced(spot, in: analysis).map(Components.componentDoc)
                    ?? "no component '\(name)' is defined in this file or the files it imports"
            } else {
                text = spot.viewType.map { "**\($0.rawValue)**: \(EditorVocabulary.summary(of: $0))" } ?? ""
            }
            if let placed {
                text += (text.isEmpty ? "" : "\n\n") + "placed at " + frameText(placed)
                text += derivedText(placed.resolved) + staleNote(analysis)
            }
            return text.isEmpty ? nil : text
        case (.animation?, "target"):
            guard let text = spot.node.scalar?.text, let spec = Vocabulary.target(text, in: analysis) else { return nil }
            return Vocabulary.attributeDoc(spec)
        case (.frame?, let key), (.size?, let key):
            // The frame's own numbers, as layout placed the view.
            let owner = analysis.tree?.descendant(spot.mappingPath.dropLast()[...]).flatMap(analysis.placed)
            guard let frame = owner?.frame else { return nil }
            let points: [String: Double] = ["x": frame.x, "y": frame.y, "centerX": frame.midX, "centerY": frame.midY,
                                            "width": frame.width, "height": frame.height]
            return points[key].map { "\(key): \(formatNumber($0)) pt" + staleNote(analysis) }
        default:
            break
        }
        guard let kind = valueKind(spot, in: analysis), let value = EditorVocabulary.value(spot.node, as: kind) else { return nil }
        let (text, fromPlaced) = readText(value, kind, placed)
        let drawn = drawnNote(spot, placed, in: analysis)
        return text + drawn + (fromPlaced || !drawn.isEmpty ? staleNote(analysis) : "")
    }

    /// What scenec reads a value as, `placed` its view as placed (what a percent is of), and
    /// whether it was worked out from the view as placed.
    static func readText(_ value: Value, _ kind: ValueKind, _ placed: PlacedView?) -> (String, fromPlaced: Bool) {
        switch value {
        case .color(let c): return ("color \(Colors.hex(c))", false)
        case .colorForm(let form):
            return (form.dependsOnAppearance ? "color \(form): \(Colors.sides(form))" : "color \(Colors.hex(form.color(for: .light)))", false)
        case .angle(let a): return ("\(formatNumber(a.degrees))°", false)
        case .length(let l):
            guard let reference = reference(kind, placed) else { return ("\(l.description)", false) }
            return ("\(formatNumber(l.resolved(against: reference))) pt (\(l.description) of \(formatNumber(reference)) pt)", true)
        case .number(let n):
            if case .length = kind, let reference = reference(kind, placed) {
                return ("\(formatNumber(Length.pt(n).resolved(against: reference))) pt", true)
            }
            return ("\(kind.name): \(formatNumber(n))", false)
        default:
            return ("\(kind.name): \(value.description)", false)
        }
    }

    /// `download.progress` as the still draws it (at `canvas.poster`, 0 without one: the timeline's
    /// value then, derived defaults worked out) and as the binding writes it, then the attribute's doc.
    static func bindingText(_ b: References.Binding, in analysis: DocumentAnalysis) -> String? {
        guard let type = analysis.references.viewTypes[b.id] else { return "no view has the id '\(b.id)'" }
        guard let spec = type.kind.attribute(named: b.attribute) else { return "\(type.rawValue) '\(b.id)' has no attribute '\(b.attribute)'" }
        var text = "**\(b.id).\(b.attribute)** (\(type.rawValue))"
        if let value = analysis.placed(id: b.id)?.resolved.value(of: b.attribute) {
            text += " = \(value.description)"
            let shown = TextTemplate.write(value, as: b.format, now: 0)
            if shown != value.description { text += ", shown as \(shown)" }
            if let note = stillNote("\(b.id).\(b.attribute)", in: analysis) { text += "\n\n" + note }
            text += staleNote(analysis)
        }
        return text + "\n\n" + Vocabulary.attributeDoc(spec)
    }

    /// Said under a value the timeline animates: the picture (`scenec render`, `inspect`) draws it
    /// at the still's moment, which is where the value shown was taken.
    static func stillNote(_ key: String, in analysis: DocumentAnalysis) -> String? {
        guard let (time, animation) = analysis.stillAnimation(of: key) else { return nil }
        let which = animation.component.map { "\($0.name)'s animation" }
            ?? "timeline.animations[\(animation.index)] (line \(animation.range.start.line))"
        return "at \(formatNumber(time)) s, the moment the still shows (`canvas.poster`): \(which) animates it"
    }

    /// Under a view's own value that the timeline animates: the value is the file's, and the
    /// still draws another (the one a binding to it shows).
    static func drawnNote(_ spot: Spot, _ placed: PlacedView?, in analysis: DocumentAnalysis) -> String {
        guard spot.role == .view, let placed, let id = placed.view.id, let drawn = placed.resolved.value(of: spot.pair.key),
              let note = stillNote("\(id).\(spot.pair.key)", in: analysis) else { return "" }
        return " (the file's value)\n\ndrawn as \(drawn.description) " + note
    }

    /// Said under what was read off a placed view while the document does not check: the view
    /// is as the last version that checked placed it, which may since have changed.
    static func staleNote(_ analysis: DocumentAnalysis) -> String {
        analysis.placesFromLastGood ? "\n\n*as placed in the last version of this file that checked*" : ""
    }

    /// What a length's percent is of, for the view as placed.
    static func reference(_ kind: ValueKind, _ placed: PlacedView?) -> Double? {
        guard case .length(let reference) = kind, let frame = placed?.frame else { return nil }
        switch reference {
        case "the smaller side": return Swift.min(frame.width, frame.height)
        case "the radius": return Swift.min(frame.width, frame.height) / 2
        default: return nil
        }
    }

    /// The defaults the view works out from its other values, as drawn (the registry's rules).
    static func derivedText(_ view: ResolvedView) -> String {
        view.kind.attributes.compactMap { spec -> String? in
            guard case .derived = view.source(of: spec.name), let value = view.value(of: spec.name) else { return nil }
            return "\n\n\(spec.name): \(value.description) (\(spec.defaultDescription))"
        }.joined()
    }

    static func frameText(_ placed: PlacedView) -> String {
        let f = placed.canvasFrame
        return "x \(formatNumber(f.x)), y \(formatNumber(f.y)), \(formatNumber(f.width)) × \(formatNumber(f.height)) pt (canvas coordinates)"
    }
}
