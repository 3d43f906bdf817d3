/// The values of every view with an id, by id: what text bindings read
/// (`{download.progress:percent}`), at model values for layout or sampled ones when drawn.
public struct ValueTable: Sendable {
    var entries: [String: (kind: ViewKind, values: AttributeValues)] = [:]
    /// The numbers the timeline can give, by view id and attribute (`Timeline.numbersShown`):
    /// bound text is laid out for the widest of the values it can show (`possibleValues`).
    var keyframed: [String: [String: [Double]]] = [:]

    public init() {}

    /// The views of a checked scene, at their model values, with the numbers `timeline` animates
    /// them through.
    public init(views: [SceneView], timeline: Timeline? = nil) {
        func walk(_ views: [SceneView]) {
            for view in views {
                add(view)
                walk(view.children)
            }
        }
        walk(views)
        // The model values are the entries just made: no second walk of the views.
        keyframed = timeline?.numbersShown { id, attribute in
            guard case .number(let n)? = entries[id]?.values[attribute] else { return nil }
            return n
        } ?? [:]
    }

    /// `keyframeNumbers`: the numbers the timeline gives the view's attributes, by attribute.
    public mutating func add(_ view: SceneView, keyframeNumbers: [String: [Double]] = [:]) {
        guard let id = view.id else { return }
        entries[id] = (view.type.kind, view.values)
        if !keyframeNumbers.isEmpty { keyframed[id] = keyframeNumbers }
    }

    /// Every value `attribute` of `id` may show over the scene, for laying out text that binds
    /// it: its value now, and for a number also its range's ends (a 0–1 fraction's 1 is `100%`)
    /// and the timeline's keyframe values, clamped to the range. Numbers between these write no
    /// more digits than the widest of them.
    public func possibleValues(_ id: String, _ attribute: String) -> [Value] {
        guard let now = value(id, attribute) else { return [] }
        guard case .number = now, let entry = entries[id],
              case .number(let range)? = entry.kind.attribute(named: attribute)?.kind else { return [now] }
        let numbers = [range.min, range.max].compactMap { $0 } + (keyframed[id]?[attribute] ?? [])
        return [now] + numbers.filter(\.isFinite).map { .number(range.clamp($0)) }
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
