/// GitHub Actions workflow commands (`::error file=F,line=L::message`), escaped so that no
/// text from a scene, a path or an option can end the line and start a command of its own.
///
/// The runner splits its log into lines at `\n`, `\r` and `\r\n`, and decodes `%25`, `%0D`,
/// `%0A` in the message and also `%3A`, `%2C` in property values. Escaping walks Unicode scalars,
/// not Swift `Character`s: `"\r\n"` is one Character, so a Character-wise replacement of `"\r"`
/// and `"\n"` never sees the pair and lets it through whole.
enum WorkflowCommand {
    /// One command line, ending in `\n`; `properties` are written in the order given.
    static func line(_ command: String, properties: [(String, String)], message: String) -> String {
        let props = properties.map { "\($0.0)=\(escapeProperty($0.1))" }.joined(separator: ",")
        return "::\(command)\(props.isEmpty ? "" : " " + props)::\(escapeData(message))\n"
    }

    /// The message part: `%`, CR and LF.
    static func escapeData(_ text: String) -> String {
        escape(text, extra: [])
    }

    /// A property value: also `:` and `,`, which would end the value.
    static func escapeProperty(_ text: String) -> String {
        escape(text, extra: [":", ","])
    }

    private static func escape(_ text: String, extra: Set<Unicode.Scalar>) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let code: String?
            switch scalar {
            case "%": code = "%25"
            case "\r": code = "%0D"
            case "\n": code = "%0A"
            case ":" where extra.contains(":"): code = "%3A"
            case "," where extra.contains(","): code = "%2C"
            default: code = nil
            }
            if let code { out.append(contentsOf: code.unicodeScalars) } else { out.append(scalar) }
        }
        return String(out)
    }
}
