import ScenecBuild
import CommandLineOptions
import SceneModel

/// `scenec completions bash|zsh|fish`: the shell's completion script, from the declarations.
enum CompletionsCommand: Command {
    static let name = "completions"
    static let summary = "print a shell completion script (bash, zsh or fish)"
    static let usage = """
        usage: scenec completions bash|zsh|fish

        Prints a script that completes scenec's commands, each command's options, the words an
        option takes (--formats, --animated, --appearance, …) and file names where a path goes.
        bash: source it from ~/.bashrc, or save it as ~/.local/share/bash-completion/completions/scenec;
        zsh: save it as _scenec in a folder of $fpath; fish: save it as
        ~/.config/fish/completions/scenec.fish.
        """
    static var positionalWords: [String]? { CompletionScript.Shell.allCases.map(\.rawValue) }

    static func run(_ args: Arguments<CompletionsOptions>) throws -> ExitStatus {
        let shells = CompletionScript.Shell.allCases.map(\.rawValue)
        guard args.positionals.count == 1, let name = args.positionals.first else {
            throw UsageError("completions takes one shell: \(shells.joined(separator: ", "))")
        }
        guard let shell = CompletionScript.Shell(rawValue: name) else {
            let guess = Suggest.nearest(to: name, in: shells).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("scenec has completions for \(shells.joined(separator: ", ")), not '\(name)'\(guess)")
        }
        Console.output(CompletionScript.script(shell, program: "scenec", commands: completed))
        return .success
    }

    /// Every command as completions see it, and `help` with its topics.
    static var completed: [CompletionScript.Command] {
        commands.map { CompletionScript.Command(name: $0.name, summary: $0.summary, options: $0.options, arguments: $0.positionalWords) }
            + [CompletionScript.Command(name: "help", summary: "a view kind's attributes, a command's options, or colors, easing, values, components", options: [],
                                        arguments: ViewType.allCases.map(\.rawValue) + HelpTopics.topics.map(\.name) + commands.map(\.name))]
    }
}
