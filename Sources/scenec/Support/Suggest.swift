import ScenecBuild
import SceneCheck

/// "Did you mean" for options and commands, with the checker's distance.
enum Suggest {
    @Sendable static func nearest(to word: String, in candidates: [String]) -> String? {
        Suggestions.nearest(to: word, in: candidates)
    }
}
