import ScenecBuild
/// One `scenec` subcommand: its help text next to its options, and what it runs.
protocol Command: Sendable {
    static var name: String { get }
    static var summary: String { get }
    static var help: String { get }
    static var spec: Arguments.Spec { get }
    static func run(_ args: Arguments) throws -> ExitStatus
}

/// A command as the router holds it (concrete, so no existential metatypes are needed).
struct CommandEntry: Sendable {
    let name: String
    let summary: String
    let help: String
    let spec: Arguments.Spec
    let run: @Sendable (Arguments) throws -> ExitStatus

    init<C: Command>(_ command: C.Type) {
        name = C.name
        summary = C.summary
        help = C.help
        spec = C.spec
        run = C.run
    }
}

/// Every command, in the order `scenec --help` lists them.
let commands: [CommandEntry] = [CommandEntry(RenderCommand.self), CommandEntry(FramesCommand.self), CommandEntry(BuildCommand.self),
                                CommandEntry(CheckCommand.self), CommandEntry(InspectCommand.self),
                                CommandEntry(EditCommand.self), CommandEntry(ExportCommand.self), CommandEntry(SchemaCommand.self),
                                CommandEntry(PreviewCommand.self), CommandEntry(LspCommand.self)]
