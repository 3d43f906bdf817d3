import SceneAnimation
import SceneLayout
import SceneModel

/// A checked scene laid out once, sampled at any time: the views every renderer draws.
public struct AnimatedScene: Sendable {
    public let scene: Scene
    public let placed: [PlacedView]
    public let sampler: Sampler

    public init(_ scene: Scene) {
        self.scene = scene
        placed = Layout.place(scene)
        sampler = Sampler(scene: scene)
    }

    /// The timeline's own fps (30 without a timeline): frames written as `12f` count at it.
    public var fileFPS: Double { scene.timeline?.fps ?? 30 }

    public func views(at time: Double) -> [PlacedView] {
        sampler.sample(placed, at: time)
    }
}
