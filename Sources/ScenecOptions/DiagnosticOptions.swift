import ScenecBuild
import CommandLineOptions

/// `--diagnostics FORMAT[:FILE]`, repeatable, so one CI run can annotate its log and keep a
/// JSON artefact.
package enum DiagnosticOptions {
    package static let diagnostics = Option<[String], Shared>.repeated(
        "--diagnostics", value: "FORMAT[:FILE]",
        help: "text (on standard error), json (one array on standard output) or github (workflow commands on "
            + "standard output); with :FILE, written to that file instead; repeatable. When every format goes to a "
            + "file, text still goes to standard error",
        group: ProjectOptions.group)
    package static let all = declarations(diagnostics)
}

extension DiagnosticReporter {
    /// The reporter a command line asks for, printing to the streams given (the console's).
    package static func from<O: ReadsScenes>(_ args: Arguments<O>, standardError: @escaping @Sendable (String) -> Void,
                                             standardOutput: @escaping @Sendable (String) -> Void) throws -> DiagnosticReporter {
        var sinks: [Sink] = []
        for text in try args[O.diagnostics] {
            let name = text.split(separator: ":", maxSplits: 1).first.map(String.init) ?? text
            guard let format = Format(rawValue: name) else {
                throw UsageError("--diagnostics must be text, json or github, optionally with :FILE, not '\(text)'")
            }
            var file: String?
            if let colon = text.firstIndex(of: ":") {
                file = String(text[text.index(after: colon)...])
                guard file?.isEmpty == false else { throw UsageError("--diagnostics \(text) names no file after ':'") }
            }
            let sink = Sink(format: format, file: file)
            if sinks.contains(sink) { continue }
            sinks.append(sink)
        }
        if !sinks.contains(where: { $0.file == nil }) { sinks.append(Sink(format: .text)) }
        return DiagnosticReporter(sinks: sinks, pathRoot: try ProjectOptions.root(args), standardError: standardError,
                                  standardOutput: standardOutput)
    }
}
