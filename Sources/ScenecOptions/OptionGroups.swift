import ScenecBuild
import CommandLineOptions
import SceneCodecs
import SceneModel

// The shared groups as protocols: a command's options type that conforms has the group's keys
// as its own (`RenderOptions.set`), so only commands that take a group can ask for its options,
// and code shared by those commands (SceneOptions, the reporter) is generic over them.
// OptionsDeclaredOnceTests checks that a conforming type lists the group's declarations.

/// `--root`, `--allow-read`, `--declared-input`: commands that read files of a project.
package protocol TakesProject: CommandOptions {}
extension TakesProject {
    package static var root: Option<String?, Self> { Option(ProjectOptions.root) }
    package static var allowRead: Option<[String], Self> { Option(ProjectOptions.allowRead) }
    package static var declaredInput: Option<[String], Self> { Option(ProjectOptions.declaredInput) }
}

/// The raisable limits: commands that check scenes.
package protocol TakesLimits: CommandOptions {}
extension TakesLimits {
    package static var maxFileSize: Option<Int?, Self> { Option(LimitOptions.maxFileSize) }
    package static var maxNodes: Option<Int?, Self> { Option(LimitOptions.maxNodes) }
    package static var maxTextBytes: Option<Int?, Self> { Option(LimitOptions.maxTextBytes) }
    package static var maxViews: Option<Int?, Self> { Option(LimitOptions.maxViews) }
    package static var maxNesting: Option<Int?, Self> { Option(LimitOptions.maxNesting) }
    package static var maxPixels: Option<Int?, Self> { Option(LimitOptions.maxPixels) }
    package static var maxPixelsPerSide: Option<Int?, Self> { Option(LimitOptions.maxPixelsPerSide) }
    package static var maxFrames: Option<Int?, Self> { Option(LimitOptions.maxFrames) }
}

/// `--diagnostics`, `--set`, `--appearance`, `--scene-timeout` besides the project and the
/// limits: commands that read scenes from the command line (SceneOptions).
package protocol ReadsScenes: TakesProject, TakesLimits {
    /// `--set-where-present` (false for a command that does not take it).
    static func skipsUnmatchedSets(_ args: Arguments<Self>) -> Bool
}
extension ReadsScenes {
    package static var diagnostics: Option<[String], Self> { Option(DiagnosticOptions.diagnostics) }
    package static var set: Option<[String], Self> { Option(OverrideOptions.set) }
    package static var appearance: Option<Appearance?, Self> { Option(OverrideOptions.appearance) }
    package static var sceneTimeout: Option<Double?, Self> { Option(SceneTimeoutOption.sceneTimeout) }
    package static func skipsUnmatchedSets(_ args: Arguments<Self>) -> Bool { false }
}

/// `--set-where-present`: every command that reads scenes but `edit`, which writes each `--set`.
package protocol MaySkipSets: ReadsScenes {}
extension MaySkipSets {
    package static var setWherePresent: Flag<Self> { Flag(OverrideOptions.setWherePresent) }
    package static func skipsUnmatchedSets(_ args: Arguments<Self>) -> Bool { args[setWherePresent] }
}

/// `--png-compression`: commands that write PNG.
package protocol WritesPNG: CommandOptions {}
extension WritesPNG {
    package static var pngCompression: Option<PNGCompression, Self> { Option(PNGOptions.compression) }
}

/// `--watch`: render, frames and build.
package protocol Watches: CommandOptions {}
extension Watches {
    package static var watch: Flag<Self> { Flag(OutputOptions.watch) }
}
