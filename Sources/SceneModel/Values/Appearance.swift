/// Light or dark, as UIKit's `userInterfaceStyle`: which side of every appearance-dependent
/// colour a render uses (`--appearance`, light by default).
public enum Appearance: String, Sendable, Hashable, CaseIterable {
    case light
    case dark
}

/// A colour that differs by appearance: a system colour (`systemBlue`) or one written
/// `{light: C, dark: C}`. Checking resolves it for the scene's appearance; the value keeps
/// both sides so `inspect` can say where the colour came from and `edit` can write it back.
public struct AdaptiveColor: Sendable, Hashable, CustomStringConvertible {
    public var light: Color
    public var dark: Color
    /// The system colour's name, as written; nil for `{light, dark}`.
    public var systemName: String?

    public init(light: Color, dark: Color, systemName: String? = nil) {
        self.light = light
        self.dark = dark
        self.systemName = systemName
    }

    public func color(for appearance: Appearance) -> Color {
        appearance == .light ? light : dark
    }

    /// Where a resolved colour came from, as inspect shows it: `systemBlue (dark)` or
    /// `{light, dark} → dark`.
    public func origin(for appearance: Appearance) -> String {
        systemName.map { "\($0) (\(appearance.rawValue))" } ?? "{light, dark} → \(appearance.rawValue)"
    }

    /// As written: the system colour's name, or `{light: #…, dark: #…}`.
    public var description: String {
        systemName ?? "{light: \(light), dark: \(dark)}"
    }
}

extension Value {
    /// A colour value's colour in `appearance` (a plain colour is the same in both); nil for
    /// values of other kinds.
    public func color(for appearance: Appearance) -> Color? {
        switch self {
        case .color(let c): return c
        case .adaptiveColor(let a): return a.color(for: appearance)
        default: return nil
        }
    }
}

extension Scene {
    /// Every `{light, dark}` and system colour the checker read, replaced by its side for
    /// `appearance` (the original kept beside it for inspect): after this, drawing, lint and
    /// animation see plain colours only. Records whether any colour depended on the appearance.
    public mutating func resolveColors(for appearance: Appearance) {
        self.appearance = appearance
        var uses = canvas.backgroundAdaptive != nil
        func resolve(_ views: inout [SceneView]) {
            for i in views.indices {
                for (name, entry) in views[i].values.explicit {
                    guard case .adaptiveColor(let adaptive) = entry.value else { continue }
                    var resolved = entry
                    resolved.value = .color(adaptive.color(for: appearance))
                    resolved.adaptive = adaptive
                    views[i].values.set(name, resolved)
                    uses = true
                }
                resolve(&views[i].children)
            }
        }
        resolve(&views)
        if var timeline {
            for a in timeline.animations.indices {
                for k in timeline.animations[a].keyframes.indices {
                    guard case .adaptiveColor(let adaptive)? = timeline.animations[a].keyframes[k].value else { continue }
                    timeline.animations[a].keyframes[k].value = .color(adaptive.color(for: appearance))
                    uses = true
                }
            }
            self.timeline = timeline
        }
        usesAppearance = uses
    }
}
