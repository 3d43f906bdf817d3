import SceneFiles
import ScenecBuild

/// `--diagnostics FORMAT[:FILE]` and the reporter a command line asks for; the reporter itself
/// (formats, collecting, writing) is ScenecBuild's, printing through the console.
extension DiagnosticReporter {
    convenience init(sinks: [Sink] = [Sink(format: .text)], pathRoot: ProjectRoot? = nil) {
        self.init(sinks: sinks, pathRoot: pathRoot, standardError: { Console.error($0) }, standardOutput: { Console.output($0) })
    }

    static let optionHelp = """
          --diagnostics FORMAT[:FILE]
                                   text (on standard error), json (one array on standard
                                   output) or github (workflow commands on standard output);
                                   with :FILE, written to that file instead; repeatable. When
                                   every format goes to a file, text still goes to standard error
        """ + "\n" + ProjectOptions.help
    static let valuedOptions = ["--diagnostics"] + ProjectOptions.valued

    /// The reporter a command line asks for.
    static func from(_ args: Arguments) throws -> DiagnosticReporter {
        var sinks: [Sink] = []
        for text in args.values["--diagnostics"] ?? [] {
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
        return DiagnosticReporter(sinks: sinks, pathRoot: try ProjectOptions.root(args))
    }
}
