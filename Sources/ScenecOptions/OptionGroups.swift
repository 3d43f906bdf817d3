import ScenecBuild
import CommandLineOptions
import SceneCodecs
import SceneModel

// The shared groups as protocols: a command's options type that conforms has the group's keys
// as its own (`RenderOptions.set`), so only commands that take a group can ask for its options,
// and code shared by those commands (SceneOptions, the reporter) is generic over them.
// OptionsDeclaredOnceTests checks that a conforming type lists the group's declarations.

/// `--root`, `--allow-read`: commands that read files of a project.
protocol TakesProject: CommandOptions {}
extension TakesProject {
    static var root: Option<String?, Self> { Option(ProjectOptions.root) }
    static var allowRead: Option<[String], Self> { Option(ProjectOptions.allowRead) }
}

/// The raisable limits: commands that check scenes.
protocol TakesLimits: CommandOptions {}
extension TakesLimits {
    static var maxFileSize: Option<Int?, Self> { Option(LimitOptions.maxFileSize) }
    static var maxNodes: Option<Int?, Self> { Option(LimitOptions.maxNodes) }
    static var maxTextBytes: Option<Int?, Self> { Option(LimitOptions.maxTextBytes) }
    static var maxViews: Option<Int?, Self> { Option(LimitOptions.maxViews) }
    static var maxNesting: Option<Int?, Self> { Option(LimitOptions.maxNesting) }
    static var maxPixels: Option<Int?, Self> { Option(LimitOptions.maxPixels) }
    static var maxPixelsPerSide: Option<Int?, Self> { Option(LimitOptions.maxPixelsPerSide) }
    static var maxFrames: Option<Int?, Self> { Option(LimitOptions.maxFrames) }
}

/// `--diagnostics`, `--set`, `--appearance`, `--scene-timeout` besides the project and the
/// limits: commands that read scenes from the command line (SceneOptions).
protocol ReadsScenes: TakesProject, TakesLimits {
    /// `--set-where-present` (false for a command that does not take it).
    static func skipsUnmatchedSets(_ args: Arguments<Self>) -> Bool
}
extension ReadsScenes {
    static var diagnostics: Option<[String], Self> { Option(DiagnosticOptions.diagnostics) }
    static var set: Option<[String], Self> { Option(OverrideOptions.set) }
    static var appearance: Option<Appearance?, Self> { Option(OverrideOptions.appearance) }
    static var sceneTimeout: Option<Double?, Self> { Option(SceneTimeoutOption.sceneTimeout) }
    static func skipsUnmatchedSets(_ args: Arguments<Self>) -> Bool { false }
}

/// `--set-where-present`: every command that reads scenes but `edit`, which writes each `--set`.
protocol MaySkipSets: ReadsScenes {}
extension MaySkipSets {
    static var setWherePresent: Flag<Self> { Flag(OverrideOptions.setWherePresent) }
    static func skipsUnmatchedSets(_ args: Arguments<Self>) -> Bool { args[setWherePresent] }
}

/// `--png-compression`: commands that write PNG.
protocol WritesPNG: CommandOptions {}
extension WritesPNG {
    static var pngCompression: Option<PNGCompression, Self> { Option(PNGOptions.compression) }
}

/// `--watch`: render, frames and build.
protocol Watches: CommandOptions {}
extension Watches {
    static var watch: Flag<Self> { Flag(OutputOptions.watch) }
}
