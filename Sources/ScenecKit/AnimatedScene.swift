import SceneAnimation
import SceneFonts
import SceneLayout
import SceneModel
import SceneRender

/// A checked scene laid out once, sampled at any time: the views every renderer draws.
package struct AnimatedScene: Sendable {
    package let scene: Scene
    package let placed: [PlacedView]
    package let sampler: Sampler
    /// DejaVu and the scene's `fonts:` files: what its text is measured and drawn with.
    package let fonts: FontLibrary

    package init(_ scene: Scene) {
        self.scene = scene
        fonts = FontLibrary.of(scene)
        placed = Layout.place(scene, measurer: TextMeasurer(fonts: fonts, scene: scene))
        sampler = Sampler(scene: scene)
    }

    /// The timeline's own fps (30 without a timeline): frames written as `12f` count at it.
    package var fileFPS: Double { scene.timeline?.fps ?? 30 }

    package func views(at time: Double) -> [PlacedView] {
        sampler.sample(placed, at: time)
    }
}
