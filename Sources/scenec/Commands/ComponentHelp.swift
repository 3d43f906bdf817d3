import SceneCheck
import SceneFiles
import ScenecBuild
import ScenecKit
import SceneSyntax

/// `scenec help FILE [COMPONENT]` (docs/commands.md): the components a scene or library file
/// can use — its own and those it imports — each with its doc, where it is defined and its
/// parameters (name, kind, default or "required", doc). Read by the components checker, as
/// `check` reads the file (a library is checked as a library), so it lists what the checker
/// accepts: the same data the language server's completion and hover show.
enum ComponentHelp {
    /// Whether a help topic names a file rather than a view kind or a command: view kinds and
    /// commands are bare lowercase words, never a path or a YAML file's name.
    static func isFile(_ topic: String) -> Bool {
        topic.hasSuffix(".yaml") || topic.hasSuffix(".yml") || topic.contains("/")
    }

    static func run(_ path: String, component name: String?) -> ExitStatus {
        var settings = SceneSettings(scope: .current())
        settings.frontend.options.acceptsLibrary = true
        let bytes: [UInt8]
        switch settings.read(path) {
        case .bytes(let read): bytes = read
        case .problem(let d, _):
            Console.fail("\(path): \(d.message)")
            return .sceneError
        case .unreadable(let message):
            Console.fail(message)
            return .io
        case .refused(let message):
            Console.fail(message)
            return .sceneError
        }
        let checked = settings.frontend.checkResult(SourceFile(name: path, bytes: bytes), scenePath: path)
        let all = checked.references.components
        var shown = all
        if let name {
            guard let component = checked.references.component(named: name) else {
                let guess = Suggest.nearest(to: name, in: all.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                Console.fail("\(path) has no component '\(name)'\(guess)")
                Console.line(all.isEmpty ? "\(path) defines and imports no components"
                                         : "its components: " + all.map(\.name).joined(separator: ", "))
                return .usage
            }
            shown = [component]
        }
        Console.output(text(shown, path: path))
        let errors = checked.diagnostics.filter { $0.severity == .error }.count
        if errors > 0 {
            // What is listed is what the checker read; the errors themselves are check's to show.
            Console.line("note: \(path) has \(errors) error\(errors == 1 ? "" : "s"); run 'scenec check \(path)' to see \(errors == 1 ? "it" : "them")")
            return .sceneError
        }
        return .success
    }

    /// The page: each component, then its parameters as a table with each doc under its row.
    static func text(_ components: [References.Component], path: String) -> String {
        guard !components.isEmpty else { return "\(path) defines and imports no components\n" }
        var out = ""
        for c in components {
            out += "\(c.name)" + (c.doc.map { ": \($0)" } ?? "") + "\n"
            out += "  defined at \(c.file?.name ?? path):\(c.range.start.line):\(c.range.start.column)"
                + (c.isValid ? "" : " (its definition has errors: instances are not drawn)") + "\n"
            if c.parameters.isEmpty {
                out += "  no parameters\n\n"
                continue
            }
            let rows = [("parameter", "kind", "default")] + c.parameters.map { ($0.name, $0.kindDescription, $0.defaultText ?? "(required)") }
            let first = rows.map(\.0.count).max() ?? 0, second = rows.map(\.1.count).max() ?? 0
            for (i, row) in rows.enumerated() {
                out += "  " + row.0.padding(first + 2) + row.1.padding(second + 2) + row.2 + "\n"
                if i > 0, let doc = c.parameters[i - 1].doc { out += "      \(doc)\n" }
            }
            out += "\n"
        }
        return out
    }
}
