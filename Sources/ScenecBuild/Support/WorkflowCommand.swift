import SceneSyntax

/// GitHub Actions workflow commands (`::error file=F,line=L::message`), escaped so that no
/// text from a scene, a path or an option can end the line and start a command of its own.
///
/// The runner splits its log into lines at `\n`, `\r` and `\r\n`, and decodes `%25`, `%0D`,
/// `%0A` in the message and also `%3A`, `%2C` in property values; other control characters
/// (an escape sequence for the log viewer) are shown as pictures (`String.escaped(_:)`, which
/// walks Unicode scalars: `"\r\n"` is one Character, and a Character-wise replacement would
/// let the pair through whole).
enum WorkflowCommand {
    /// One command line, ending in `\n`; `properties` are written in the order given.
    package static func line(_ command: String, properties: [(String, String)], message: String) -> String {
        let props = properties.map { "\($0.0)=\($0.1.escaped(.workflowProperty))" }.joined(separator: ",")
        return "::\(command)\(props.isEmpty ? "" : " " + props)::\(message.escaped(.workflowMessage))\n"
    }
}
