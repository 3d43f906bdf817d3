import CommandLineOptions
import Glibc
import SceneCheck
import SceneModel
import SceneSchema
import ScenecBuild

/// The commands' names and a space or more, the summaries beside them.
let commandColumn = (commands.map(\.name.count).max() ?? 8) + 2

/// scenec: the entry point routes to one command and turns its outcome into an exit status.
let usage = """
    usage: scenec COMMAND [options]

    Compiles YAML scene files into PNG, PDF and SVG pictures.

    commands:
    \(commands.map { "  \($0.name.padding(commandColumn))\($0.summary)" }.joined(separator: "\n"))

    Run 'scenec COMMAND --help' for a command's options, 'scenec help KIND' for a view kind's
    attributes (\(ViewType.allCases.map(\.rawValue).joined(separator: ", "))), 'scenec help TOPIC'
    for \(HelpTopics.topics.map(\.name).joined(separator: ", ")), 'scenec help FILE [COMPONENT]' for the
    components a scene or library can use, and 'scenec --version' for the version, commit and
    libraries. The scene language: docs/language.md.

    """

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}

func main() -> ExitStatus {
    Interrupts.install()
    let words = Array(CommandLine.arguments.dropFirst())
    guard let first = words.first else {
        Console.error(usage)
        return .usage
    }
    if first == "help", words.count > 1 {
        return help(Array(words.dropFirst()))
    }
    if first == "help" {
        Console.output(usage + "\n" + HelpTopics.index)
        return .success
    }
    if first == "--help" || first == "-h" {
        Console.output(usage)
        return .success
    }
    if first == "--version" {
        // Printed even when the fonts are wrong (its font lines say which): a bug report needs it.
        Console.output(BuildInfo.versionReport)
        if let problem = BuildInfo.fontDirectoryProblem() {
            Console.fail(problem)
            return .usage
        }
        return .success
    }
    if let problem = BuildInfo.fontDirectoryProblem() {
        Console.fail(problem)
        return .usage
    }
    guard let command = commands.first(where: { $0.name == first }) else {
        let guess = Suggest.nearest(to: first, in: commands.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
        Console.fail("unknown command '\(first)'\(guess)")
        Console.line("run 'scenec --help' for the commands")
        return .usage
    }
    do {
        return try command.run(Array(words.dropFirst()))
    } catch let error as UsageError {
        Console.fail(error.message)
        Console.line("run 'scenec \(command.name) --help' for usage")
        return .usage
    } catch let error as PlanError {
        Console.fail(error.message)
        Console.line("run 'scenec \(command.name) --help' for usage")
        return .usage
    } catch let error as FileError {
        Console.fail(error.message)
        return .io
    } catch {
        Console.fail("\(error)")
        return .sceneError
    }
}

/// `scenec help KIND` prints a view kind's page; `scenec help COMMAND` the command's help;
/// `scenec help TOPIC` a page of the language's vocabulary (HelpTopics); `scenec help FILE
/// [COMPONENT]` the components a scene or library can use (ComponentHelp).
func help(_ topics: [String]) -> ExitStatus {
    if topics.first == "--markdown" { return synopsisTables(files: Array(topics.dropFirst())) }
    if let file = topics.first, ComponentHelp.isFile(file), topics.count <= 2 {
        return ComponentHelp.run(file, component: topics.count == 2 ? topics[1] : nil)
    }
    guard topics.count == 1, let topic = topics.first else {
        Console.fail("help takes one view kind or command, or a scene or library file and optionally one of its components")
        return .usage
    }
    if let kind = KindHelp.kind(named: topic) {
        Console.output(KindHelp.text(kind))
        return .success
    }
    if let command = commands.first(where: { $0.name == topic }) {
        Console.output(command.help + "\n")
        return .success
    }
    if let languageTopic = HelpTopics.topic(named: topic) {
        return HelpTopics.run(languageTopic)
    }
    let topicNames = ViewType.allCases.map(\.rawValue) + HelpTopics.topics.flatMap { [$0.name] + $0.aliases } + commands.map(\.name)
    // An alias found (`color` for `colr`) is suggested by the topic's listed name (`colors`).
    let guess = Suggest.nearest(to: topic, in: topicNames).map { "; did you mean '\(HelpTopics.topic(named: $0)?.name ?? $0)'?" } ?? ""
    Console.fail("no help on '\(topic)'\(guess)")
    Console.line("help covers the view kinds (\(ViewType.allCases.map(\.rawValue).joined(separator: ", "))), \(HelpTopics.topics.map(\.name).joined(separator: ", ")), the commands and the components of a file (scenec help FILE.yaml); 'scenec help' lists them")
    return .usage
}

/// `scenec help --markdown [FILE...]` (for `make docs`): each command's options as a Markdown
/// table, written between the marker pairs of the files named (the rest left as it is), or
/// printed with their markers when none is named.
func synopsisTables(files: [String]) -> ExitStatus {
    let tables = Dictionary(uniqueKeysWithValues: commands.map { ($0.name, SynopsisTables.table($0.options)) })
    guard !files.isEmpty else {
        Console.output(commands.map { command in
            let table = tables[command.name] ?? ""
            return [SynopsisTables.beginMarker("scenec", command.name), "", table, "", SynopsisTables.endMarker("scenec", command.name)]
                .joined(separator: "\n") + "\n"
        }.joined(separator: "\n"))
        return .success
    }
    for file in files {
        do {
            let text = String(decoding: try Files.read(file, limit: 16 << 20).bytes, as: UTF8.self)
            let filled = try SynopsisTables.fill(text, program: "scenec", tables: tables)
            if filled != text { try Files.write(Array(filled.utf8), to: file) }
        } catch let problem as SynopsisTables.Problem {
            Console.fail("\(file): \(problem)")
            return .sceneError
        } catch let error as FileError {
            Console.fail(error.message)
            return .io
        } catch {
            Console.fail("\(file): \(error)")
            return .io
        }
    }
    return .success
}

exit(main().rawValue)
