import SceneModel

/// Whether two checked scenes draw the same: the same canvas, views, values and timeline,
/// wherever in the file each was written and whatever its source. An edit must give the scene
/// its overrides give, and nothing else.
enum SceneComparison {
    static func same(_ a: Scene, _ b: Scene) -> Bool {
        a.canvas == b.canvas && sameViews(a.views, b.views) && placeless(a.timeline) == placeless(b.timeline)
    }

    static func sameViews(_ a: [SceneView], _ b: [SceneView]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy(sameView)
    }

    static func sameView(_ x: SceneView, _ y: SceneView) -> Bool {
        guard x.id == y.id, x.type == y.type, x.frame == y.frame, x.size == y.size else { return false }
        let names = x.type.kind.attributes.map(\.name)
        return names.allSatisfy { x.values.resolved($0)?.value == y.values.resolved($0)?.value } && sameViews(x.children, y.children)
    }

    /// The timeline with the places its animations were written at (line and list index) left out.
    static func placeless(_ timeline: Timeline?) -> Timeline? {
        guard var timeline else { return nil }
        timeline.animations = timeline.animations.map { animation in
            var a = animation
            a.range = .none
            a.index = 0  // a deleted animation renumbers the ones after it
            return a
        }
        return timeline
    }
}
