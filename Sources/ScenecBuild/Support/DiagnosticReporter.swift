import Glibc
import SceneCheck
import SceneFiles
import ScenecKit
import SceneSyntax
import SceneSupport

/// Where and how diagnostics go: `--diagnostics FORMAT[:FILE]`, repeatable, so one CI run can
/// annotate its log and keep a JSON artefact. Shared by the threads of a parallel build, so
/// every print is whole; a build hands over each scene's diagnostics in path order.
package final class DiagnosticReporter: Sendable {
    package enum Format: String, CaseIterable, Sendable {
        /// `file:line:col: error: …` with the source line and a caret; standard error by default.
        case text
        /// One JSON array of every diagnostic when the command ends; standard output by default.
        case json
        /// GitHub Actions workflow commands, so errors show inline on pull requests; standard
        /// output by default.
        case github
    }

    /// One destination: a format, and a file to write when the command ends (nil: the stream).
    package struct Sink: Equatable, Sendable {
        package var format: Format
        package var file: String?

        package init(format: Format, file: String? = nil) {
            self.format = format
            self.file = file
        }
    }

    package let sinks: [Sink]
    /// Annotations name files relative to this directory (the project root), as GitHub needs.
    package let pathRoot: ProjectRoot?
    /// Where text for standard error and standard output goes (the console, which escapes it).
    package let standardError: @Sendable (String) -> Void
    package let standardOutput: @Sendable (String) -> Void
    /// What file sinks and `json` collect until the command ends; the lock keeps prints whole.
    private let collected: Locked<[[String]]>  // per sink: JSON items, or pieces of text

    package init(sinks: [Sink], pathRoot: ProjectRoot?, standardError: @escaping @Sendable (String) -> Void,
         standardOutput: @escaping @Sendable (String) -> Void) {
        self.sinks = sinks
        self.pathRoot = pathRoot
        self.standardError = standardError
        self.standardOutput = standardOutput
        collected = Locked(Array(repeating: [], count: sinks.count))
    }

    /// A scene's diagnostics, in the order given (sorted by position by the checker).
    package func report(_ diagnostics: [Diagnostic], in file: SourceFile) {
        guard !diagnostics.isEmpty else { return }
        emit { format in
            switch format {
            case .text:
                var text = diagnostics.map { $0.rendered(in: file) }.joined()
                let errors = diagnostics.filter { $0.severity == .error }.count
                if errors > 0 { text += "\(errors) error\(errors == 1 ? "" : "s") in \(file.name.escaped(.text))\n" }
                return [text]
            case .json:
                return diagnostics.map { JSONDiagnostic($0, file: file.name).json.prettyPrinted }
            case .github:
                return [diagnostics.map { workflowCommand($0, file: $0.file?.name ?? file.name) }.joined()]
            }
        }
    }

    /// A problem with a file rather than inside one (unreadable, unwritable, a missing link, two
    /// scenes for one output): in every format, with its path. `located`: the text form starts
    /// with the path (`DIR: error: …`) rather than `scenec:`, for a message about that one path.
    package func error(_ message: String, path: String, located: Bool = false) {
        emit { format in
            switch format {
            case .text:
                return ["\(located ? path.escaped(.text) : "scenec"): error: \(message.escaped(.text))\n"]
            case .json:
                return [JSONDiagnostic(path: path, message: message).json.prettyPrinted]
            case .github:
                return [WorkflowCommand.line("error", properties: [("file", relative(path))], message: message)]
            }
        }
    }

    /// Writes what was collected: JSON arrays, and every sink that has a file.
    package func finish() throws {
        let all = collected.withLock { $0 }
        for (index, sink) in sinks.enumerated() where sink.format == .json || sink.file != nil {
            let items = all[index]
            let text: String
            if sink.format == .json {
                text = items.isEmpty ? "[]\n" : "[\n" + items.map { indent($0) }.joined(separator: ",\n") + "\n]\n"
            } else {
                text = items.joined()
            }
            if let file = sink.file {
                try Files.write(Array(text.utf8), to: file)
            } else {
                standardOutput(text)
            }
        }
    }

    /// Renders once per format (a JSON item per diagnostic, else one piece of text) and prints
    /// or keeps it, all under one lock.
    private func emit(_ render: (Format) -> [String]) {
        var rendered: [Format: [String]] = [:]
        for format in Set(sinks.map(\.format)) { rendered[format] = render(format) }
        collected.withLock { store in
            for (index, sink) in sinks.enumerated() {
                let items = rendered[sink.format] ?? []
                if sink.file != nil || sink.format == .json {
                    store[index] += items
                } else if sink.format == .text {
                    standardError(items.joined())
                } else {
                    standardOutput(items.joined())
                }
            }
        }
    }

    /// An item's lines indented one level inside the array (its final line break dropped, or the
    /// array would hold a line of two spaces after each item).
    private func indent(_ json: String) -> String {
        json.split(separator: "\n", omittingEmptySubsequences: true).map { "  " + $0 }.joined(separator: "\n")
    }

    private func relative(_ path: String) -> String {
        pathRoot?.relative(path) ?? path
    }

    /// `::error file=F,line=L,col=C,endLine=…,endColumn=…::message`, escaped as the runner expects;
    /// the notes and each fix's `help:` title follow the message on lines of their own.
    package func workflowCommand(_ d: Diagnostic, file: String) -> String {
        let command = d.severity == .error ? "error" : (d.severity == .warning ? "warning" : "notice")
        var properties = [("file", relative(file))]
        if d.origin == nil, !d.range.isNone {
            properties += [("line", "\(d.range.start.line)"), ("col", "\(d.range.start.column)"),
                           ("endLine", "\(d.range.end.line)"), ("endColumn", "\(d.range.end.column)")]
        }
        let message = ([d.origin.map { "\($0): \(d.message)" } ?? d.message] + d.notes + d.fixes.map { "help: \($0.title)" })
            .joined(separator: "\n")
        return WorkflowCommand.line(command, properties: properties, message: message)
    }
}
