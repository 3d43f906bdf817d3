import SceneAnimation
import SceneLayout
import SceneModel

/// One view's attribute values at any moment: its own values with the animated ones as the
/// sampler has them, kept within their ranges as the drawers keep them (an overshooting spring
/// draws a full ring, not more).
struct ViewTimeline {
    let placed: PlacedView
    /// The animated attributes' names.
    let animated: Set<String>
    let sampler: Sampler

    var id: String? { placed.view.id }
    var kind: ViewKind { placed.view.type.kind }
    var size: (width: Double, height: Double) { (placed.frame.width, placed.frame.height) }

    func values(at t: Double) -> ResolvedView {
        resolved(unclamped(at: t))
    }

    /// The values with `name` set to `value` (a piece's end, where the sampler has moved on).
    func values(at t: Double, setting name: String, to value: Value) -> ResolvedView {
        var values = unclamped(at: t)
        values.set(name, ResolvedValue(value: value, source: .defaultValue))
        return resolved(values)
    }

    private func resolved(_ values: AttributeValues) -> ResolvedView {
        ResolvedView(values: values.clamped(to: kind), size: Size(width: placed.frame.width, height: placed.frame.height),
                     type: placed.view.type)
    }

    private func unclamped(at t: Double) -> AttributeValues {
        var values = placed.view.values
        if let id {
            for name in animated {
                guard let v = sampler.value(of: id + "." + name, at: t) else { continue }
                let entry = values.resolved(name)
                values.set(name, ResolvedValue(value: v, source: entry?.source ?? .defaultValue, range: entry?.range ?? .none))
            }
        }
        return values
    }
}
