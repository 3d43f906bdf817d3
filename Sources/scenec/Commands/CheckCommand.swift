import ScenecBuild
import CommandLineOptions
import ScenecOptions

/// `scenec check SCENE...`
enum CheckCommand: Command {
    static let name = "check"
    static let summary = "validate scenes and report every problem"
    static let usage = """
        usage: scenec check SCENE... [--diagnostics FORMAT[:FILE]]... [options]

        Checks each scene and reports every problem found, sorted by position, as
        file:line:col: error: message, with the source line and a caret. Writes nothing.
        A library (styles: and/or components:, no canvas or views) is checked as a library.
        Exits 0 when all scenes are valid, 1 when any has errors or may not be read (outside
        --root, not a regular file), 3 when one cannot be read.

        """

    static func run(_ args: Arguments<CheckCommandOptions>) throws -> ExitStatus {
        guard !args.positionals.isEmpty else { throw UsageError("check needs at least one scene file") }
        let options = try SceneOptions(args)
        let reporter = options.reporter
        var status = ExitStatus.success
        for path in args.positionals {
            switch options.settings.check(path, sink: EventConsole(reporter: reporter).show) {
            case .success: continue
            case .failure(let failed) where failed.status == .io: status = .io
            case .failure(let failed): if status == .success { status = failed.status }
            }
        }
        do {
            try reporter.finish()
        } catch let error as FileError {
            Console.fail(error.message)
            return .io
        }
        return status
    }
}
