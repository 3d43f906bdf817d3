import SceneAnimation
import SceneCheck
import SceneLayout
import SceneModel

/// A checked scene laid out once, sampled at any time: the views every renderer draws.
struct AnimatedScene {
    let scene: Scene
    let placed: [PlacedView]
    let sampler: Sampler

    init(_ scene: Scene) {
        self.scene = scene
        placed = Layout.place(scene)
        sampler = Sampler(scene: scene)
    }

    /// The timeline's own fps (30 without a timeline): frames written as `12f` count at it.
    var fileFPS: Double { scene.timeline?.fps ?? 30 }

    func views(at time: Double) -> [PlacedView] {
        sampler.sample(placed, at: time)
    }

    /// `--time T` in seconds (`1.5s`, `250ms`, `12f`), 0 when not given.
    static func time(_ text: String?, fps: Double) throws -> Double {
        guard let text else { return 0 }
        let parsed = TimeArgument.seconds(text, fps: fps)
        guard let seconds = parsed.seconds else { throw UsageError(parsed.problem ?? "--time is not a time") }
        return seconds
    }
}
