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

    /// `--time T` read before any scene is: text that is no time in any scene is a mistake of the
    /// command line (exit 2). Whether T is within a scene's timeline is its check's to say
    /// (`CheckOptions.time`), which needs the timeline.
    package static func checkTimeOption(_ text: String?) throws {
        // Frames count at any fps; 30 is only what makes `12f` a number.
        _ = try time(text, fps: 30)
    }
}
