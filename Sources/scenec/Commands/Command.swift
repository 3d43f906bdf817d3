import CommandLineOptions
import ScenecBuild
import ScenecOptions

/// One `scenec` subcommand: its usage and description, its options (declared in Options/), and
/// what it runs.
protocol Command: Sendable {
    associatedtype Options: CommandOptions
    static var name: String { get }
    static var summary: String { get }
    /// The usage lines and the description; `--help` adds the options from their declarations.
    static var usage: String { get }
    /// What completions offer for the positionals; nil: file names.
    static var positionalWords: [String]? { get }
    static func run(_ args: Arguments<Options>) throws -> ExitStatus
}

extension Command {
    static var positionalWords: [String]? { nil }
    /// One blank line between the description and the options, however `usage` ends.
    static var help: String {
        var description = usage
        while description.last == "\n" { description.removeLast() }
        return description + "\n\n" + HelpText.options(Options.all)
    }
}

/// A command as the router holds it (concrete, so no existential metatypes are needed).
struct CommandEntry: Sendable {
    let name: String
    let summary: String
    /// Made when asked for: laying out every command's options at each start cost every run
    /// ~8 ms, more than `scenec --version` itself.
    var help: String { makeHelp() }
    private let makeHelp: @Sendable () -> String
    let options: [OptionDeclaration]
    /// Which shared groups it takes (OptionsDeclaredOnceTests checks them against `options`).
    let optionsType: any CommandOptions.Type
    let positionalWords: [String]?
    /// Parses the words after the command's name, prints the help when asked, else runs.
    let run: @Sendable ([String]) throws -> ExitStatus

    init<C: Command>(_ command: C.Type) {
        name = C.name
        summary = C.summary
        makeHelp = { C.help }
        options = C.Options.all
        optionsType = C.Options.self
        positionalWords = C.positionalWords
        run = { words in
            let args = try Arguments<C.Options>.parse(words, declarations: C.Options.all, nearest: Suggest.nearest(to:in:))
            if args.helpRequested {
                Console.output(C.help + "\n")
                return .success
            }
            return try C.run(args)
        }
    }
}

/// Every command, in the order `scenec --help` lists them.
let commands: [CommandEntry] = [CommandEntry(RenderCommand.self), CommandEntry(FramesCommand.self), CommandEntry(BuildCommand.self),
                                CommandEntry(CheckCommand.self), CommandEntry(InspectCommand.self),
                                CommandEntry(EditCommand.self), CommandEntry(FmtCommand.self), CommandEntry(ExportCommand.self), CommandEntry(SchemaCommand.self),
                                CommandEntry(PreviewCommand.self), CommandEntry(LspCommand.self),
                                CommandEntry(CompletionsCommand.self)]
