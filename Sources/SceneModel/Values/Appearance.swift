/// Light or dark, as UIKit's `userInterfaceStyle`: which side of every appearance-dependent
/// colour a render uses (`--appearance`, light by default).
public enum Appearance: String, Sendable, Hashable, CaseIterable {
    case light
    case dark
}

extension Value {
    /// A colour value's colour in `appearance` (a plain colour is the same in both); nil for
    /// values of other kinds.
    public func color(for appearance: Appearance) -> Color? {
        switch self {
        case .color(let c): return c
        case .colorForm(let form): return form.color(for: appearance)
        default: return nil
        }
    }
}

extension Scene {
    /// Every colour the checker read, replaced by its concrete colour for `appearance` (the
    /// form as written kept beside it, for inspect, the preview and `edit`): after this,
    /// drawing, lint and animation see plain colours only. Records whether any colour depended
    /// on the appearance.
    public mutating func resolveColors(for appearance: Appearance) {
        self.appearance = appearance
        var uses = canvas.backgroundForm?.dependsOnAppearance ?? false
        func resolve(_ views: inout [SceneView]) {
            for i in views.indices {
                for (name, entry) in views[i].values.explicit {
                    guard case .colorForm(let form) = entry.value else { continue }
                    var resolved = entry
                    resolved.value = .color(form.color(for: appearance))
                    resolved.form = form
                    views[i].values.set(name, resolved)
                    uses = uses || form.dependsOnAppearance
                }
                resolve(&views[i].children)
            }
        }
        resolve(&views)
        if var timeline {
            for a in timeline.animations.indices {
                for k in timeline.animations[a].keyframes.indices {
                    guard case .colorForm(let form)? = timeline.animations[a].keyframes[k].value else { continue }
                    timeline.animations[a].keyframes[k].value = .color(form.color(for: appearance))
                    timeline.animations[a].keyframes[k].form = form
                    uses = uses || form.dependsOnAppearance
                }
            }
            self.timeline = timeline
        }
        usesAppearance = uses
    }
}
