import CommandLineOptions
import ScenecOptions

/// The shared groups as the command line reads them (ScenecOptions): the reporter's formats,
/// collecting and writing are ScenecBuild's, printing goes through the console.
extension SceneOptions {
    init<O: ReadsScenes>(_ args: Arguments<O>) throws {
        try self.init(args, standardError: { Console.error($0) }, standardOutput: { Console.output($0) })
    }

    /// What the language server takes: the project and the limits (the editor sends the rest).
    init<O: TakesProject & TakesLimits>(projectAndLimits args: Arguments<O>) throws {
        try self.init(projectAndLimits: args, standardError: { Console.error($0) }, standardOutput: { Console.output($0) })
    }
}
