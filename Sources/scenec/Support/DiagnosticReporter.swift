@preconcurrency import Glibc
import SceneCheck
import ScenecKit
import SceneSyntax

/// Where and how diagnostics are printed (`--diagnostics text|json|github`). Shared by the
/// threads of a parallel build, so every print is whole.
final class DiagnosticReporter: @unchecked Sendable {
    enum Format: String, CaseIterable {
        /// `file:line:col: error: …` with the source line and a caret, on standard error.
        case text
        /// One JSON array of every diagnostic, on standard output, when the command ends.
        case json
        /// GitHub Actions workflow commands on standard output, so errors show inline on PRs.
        case github
    }

    let format: Format
    /// What `json` collects until the command ends; the lock also keeps prints whole.
    private let collected = Locked([JSONDiagnostic]())

    init(format: Format = .text) {
        self.format = format
    }

    static func format(_ args: Arguments) throws -> Format {
        guard let text = args.value("--diagnostics") else { return .text }
        guard let f = Format(rawValue: text) else {
            throw UsageError("--diagnostics must be text, json or github, not '\(text)'")
        }
        return f
    }

    func report(_ diagnostics: [Diagnostic], in file: SourceFile) {
        guard !diagnostics.isEmpty else { return }
        // Rendered outside the lock; only the printing is serialised.
        switch format {
        case .text:
            var text = diagnostics.map { $0.rendered(in: file) }.joined()
            let errors = diagnostics.filter { $0.severity == .error }.count
            if errors > 0 {
                text += "\(errors) error\(errors == 1 ? "" : "s") in \(file.name)\n"
            }
            collected.withLock { _ in Console.error(text) }
        case .json:
            let items = diagnostics.map { JSONDiagnostic($0, file: file.name) }
            collected.withLock { $0 += items }
        case .github:
            let text = diagnostics.map { Self.workflowCommand($0, file: file.name) }.joined()
            collected.withLock { _ in Console.output(text) }
        }
    }

    /// Prints what was collected (the JSON array; `[]` when nothing went wrong).
    func finish() {
        guard format == .json else { return }
        let text = JSONDiagnostic.array(collected.withLock { $0 })
        Console.output(text.hasSuffix("\n") ? text : text + "\n")
    }

    /// `::error file=F,line=L,col=C,endLine=…,endColumn=…::message`, escaped as the runner expects.
    static func workflowCommand(_ d: Diagnostic, file: String) -> String {
        func property(_ s: String) -> String {
            s.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
                .replacing(":", with: "%3A").replacing(",", with: "%2C")
        }
        func data(_ s: String) -> String {
            s.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
        }
        let command = d.severity == .error ? "error" : (d.severity == .warning ? "warning" : "notice")
        var properties: [String] = []
        if d.origin == nil, !d.range.isNone {
            properties = ["file=\(property(file))", "line=\(d.range.start.line)", "col=\(d.range.start.column)",
                          "endLine=\(d.range.end.line)", "endColumn=\(d.range.end.column)"]
        } else {
            properties = ["file=\(property(file))"]
        }
        let message = ([d.origin.map { "\($0): \(d.message)" } ?? d.message] + d.notes).joined(separator: "\n")
        return "::\(command) \(properties.joined(separator: ","))::\(data(message))\n"
    }
}
