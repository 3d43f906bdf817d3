import ScenecBuild
import CommandLineOptions
import SceneCheck
import SceneEdit
import SceneFiles
import SceneSyntax
import ScenecOptions

/// `scenec edit SCENE --set ADDRESS=VALUE... --move VIEW=INDEX... [--diff] [--dry-run]`
enum EditCommand: Command {
    static let name = "edit"
    static let summary = "write --set values into the scene file itself, changing nothing else"
    static let usage = """
        usage: scenec edit SCENE [--set ADDRESS=VALUE...] [--move VIEW=INDEX...] [--diff] [--dry-run] [options]

        Writes each value into the scene file as a careful person would: only the value's
        text is rewritten, or, where the view does not say it (the value is a default, or
        comes from a style or an alias), one key: value is added beside its siblings —
        before the } of a {…} mapping, or on a new line at their indent. Comments, blank
        lines, line endings, quoting and key order stay byte for byte. Values are written
        as a person writes them: 0.5, "#ff2d55", "50%", round, true. --move puts a view at
        another index of its own list (the order a stack or grid places its children in, and
        the order views are drawn in), its lines and the comment lines above it with it.

        The edited text is checked first and must give the scene --set gives; otherwise
        nothing is written and the problems are reported (exit 1). The file is replaced
        atomically and keeps its permissions and owner; a file its owner may not write
        (chmod u-w) is refused and left alone (exit 1). A scene given as a symbolic link is
        edited where the link points now; a link put in its place meanwhile is not followed.

        """

    static func run(_ args: Arguments<EditOptions>) throws -> ExitStatus {
        guard args.positionals.count == 1, let path = args.positionals.first else {
            throw UsageError(args.positionals.isEmpty ? "edit needs a scene file" : "edit takes one scene file")
        }
        guard path != "-" else { throw UsageError("edit changes a file in place; it cannot edit standard input") }
        let options = try SceneOptions(args)
        let overrides = options.frontend.options.overrides
        let moves = try args[EditOptions.move].map(Self.move)
        guard !overrides.isEmpty || !moves.isEmpty else {
            throw UsageError("edit needs at least one --set ADDRESS=VALUE, such as --set download.progress=0.5, or --move VIEW=INDEX")
        }
        var edit = SceneFileEdit(path: path, scene: options.settings)
        edit.moves = moves
        edit.dryRun = args[EditOptions.dryRun]
        if args[EditOptions.diff] { edit.showDiff = Console.output(bytes:) }
        return try edit.run(sink: EventConsole(reporter: options.reporter).show, finishing: options.reporter.finish)
    }

    /// `views[0].children[2]=0`: a view's address and the index it goes to.
    static func move(_ text: String) throws -> ViewMove {
        guard let eq = text.lastIndex(of: "=") else {
            throw UsageError("--move needs VIEW=INDEX, such as --move 'views[0].children[2]=0'; got '\(text)'")
        }
        let index = text[text.index(after: eq)...]
        // Digits only, as in an address's brackets: no sign (`-1`, `+1`).
        guard !index.isEmpty, index.allSatisfy({ $0.isASCII && $0.isNumber }), let to = Int(index) else {
            throw UsageError("--move \(text): the index is a whole number from 0, not '\(index)'")
        }
        do throws(AddressError) {
            return ViewMove(view: try ViewPath(parsing: String(text[..<eq])), to: to)
        } catch {
            throw UsageError("--move \(text): \(error.message)")
        }
    }
}
