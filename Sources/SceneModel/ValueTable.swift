/// The values of every view with an id, by id: what text bindings read
/// (`{download.progress:percent}`), at model values for layout or sampled ones when drawn.
public struct ValueTable: Sendable {
    var entries: [String: (kind: ViewKind, values: AttributeValues)] = [:]

    public init() {}

    /// The views of a checked scene, at their model values.
    public init(views: [SceneView]) {
        func walk(_ views: [SceneView]) {
            for view in views {
                add(view)
                walk(view.children)
            }
        }
        walk(views)
    }

    public mutating func add(_ view: SceneView) {
        if let id = view.id { entries[id] = (view.type.kind, view.values) }
    }

    /// The value of `attribute` of the view `id`, numbers clamped to their range (as drawn). A
    /// derived attribute not given is its rule's value (`{p.fillColor}` is the pie's border
    /// colour) where the rule does not read the view's size: the table is also made before
    /// layout, to measure labels, and a text measured must be the text drawn.
    public func value(_ id: String, _ attribute: String) -> Value? {
        guard let entry = entries[id], let v = entry.values[attribute] ?? Self.derived(attribute, of: entry) else { return nil }
        if case .number(let n) = v, let spec = entry.kind.attribute(named: attribute), case .number(let range) = spec.kind {
            return .number(range.clamp(n))
        }
        return v
    }

    static func derived(_ attribute: String, of entry: (kind: ViewKind, values: AttributeValues)) -> Value? {
        guard let rule = entry.kind.attribute(named: attribute)?.derivation, !rule.usesSize else { return nil }
        return rule.value(in: entry.values, size: Size(width: 0, height: 0))
    }

    /// `text` with its bindings written out; text that does not parse (checked scenes have
    /// none) is drawn as written.
    public func resolve(_ text: String, now: Double) -> String {
        guard text.contains("{") || text.contains("}") else { return text }
        switch TextTemplate.parse(text) {
        case .success(let template): return template.render(now: now) { value($0, $1) }
        case .failure: return text
        }
    }
}
