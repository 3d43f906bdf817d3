import ScenecBuild
import CommandLineOptions
import SceneLanguageServer
import ScenecOptions

/// `scenec lsp`: the language server editors start (docs/editors.md).
enum LspCommand: Command {
    static let name = "lsp"
    static let summary = "a language server for editors (LSP over standard input and output)"
    static let usage = """
        usage: scenec lsp [--debounce MS] [options]

        Speaks the Language Server Protocol on standard input and output, for *.scene.yaml
        files: the diagnostics scenec check prints, as you type; completion; hover; colour
        swatches and pickers; go to definition; the view tree as symbols; renaming an id; quick
        fixes. Editors start it themselves (docs/editors.md). Imports and fonts are read from
        inside the folder the editor opened (its rootUri), unless --root names another. Exits 0
        after the client's shutdown and exit, 1 when input ends without them.

        """

    static func run(_ args: Arguments<LspOptions>) throws -> ExitStatus {
        guard args.positionals.isEmpty else { throw UsageError("lsp takes no files: the editor sends them") }
        let sceneOptions = try SceneOptions(projectAndLimits: args)
        var options = LanguageServer.Options(frontend: sceneOptions.frontend)
        let limit = sceneOptions.maxFileSize
        options.maxFileSize = limit
        options.rootFromClient = !args.isGiven(ProjectOptions.root.declaration)
        options.oversize = { size in size > limit ? SceneSettings.tooLarge(limit) : nil }
        if let ms = try args[LspOptions.debounce] { options.debounce = Double(ms) / 1000 }
        options.diagnosticsPage = LanguageServer.diagnosticsPage(besides: BuildCommand.executablePath())
        return LanguageServer.serve(options: options) == 0 ? .success : .sceneError
    }
}
