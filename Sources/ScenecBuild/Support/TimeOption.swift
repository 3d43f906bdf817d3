import SceneCheck
import ScenecKit

extension AnimatedScene {
    /// `--time T` in seconds (`1.5s`, `250ms`, `12f`), 0 when not given.
    package static func time(_ text: String?, fps: Double) throws -> Double {
        guard let text else { return 0 }
        let parsed = TimeArgument.seconds(text, fps: fps)
        guard let seconds = parsed.seconds else { throw PlanError(parsed.problem ?? "--time is not a time") }
        return seconds
    }
}
