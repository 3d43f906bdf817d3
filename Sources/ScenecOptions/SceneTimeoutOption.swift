import SceneModel
import SceneSyntax
import ScenecBuild

/// `--scene-timeout SECONDS`: how long one scene may take to draw, make its frames or export,
/// so a hostile scene cannot hold a CI runner for hours. The clock starts when the command (or
/// the build, for each scene) starts reading the scene; drawing reads it before every view,
/// frame sequences before every frame, the Lottie export before every view.
package enum SceneTimeoutOption {
    package static let defaultSeconds = 60.0
}

extension SceneOptions {
    /// The deadline of a scene whose work starts now.
    package func deadline() -> SceneDeadline { settings.deadline() }
}
