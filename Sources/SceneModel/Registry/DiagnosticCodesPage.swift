import SceneSyntax

extension DiagnosticCode {
    /// docs/diagnostics.md, written from the catalogue (`scenec schema --diagnostic-codes`, run by
    /// `make generated`): a table of every code, then a section for each, whose heading is the
    /// code so that `docs/diagnostics.md#unknown-attribute` (the language server's link) finds it.
    public static var markdownPage: String {
        var out = """
            # Diagnostic codes

            <!-- Generated from the catalogue (Sources/SceneSyntax/DiagnosticCodes.swift and each kind's lintCodes) by `make generated`; do not edit. -->

            Every problem scenec reports has a code: a stable name for what kind of problem it is,
            in the JSON of `scenec check --diagnostics json` (`"code"`, docs/commands.md) and in the
            language server's diagnostics (`code`, with a link here). Messages may be reworded from
            one release to the next; codes are not. A diagnostic may also carry **fixes**: edits that
            repair it mechanically (take the suggested spelling, quote a colour). `check` prints each
            as a `help:` line with the line as the fix leaves it, the JSON lists its edits, and an
            editor offers it as a quick fix (docs/editors.md).

            | Code | Severity | What it means |
            |---|---|---|

            """
        for entry in catalogue {
            out += "| [`\(entry.code.rawValue)`](#\(entry.code.rawValue)) | \(entry.severity.rawValue) | \(entry.summary) |\n"
        }
        for entry in catalogue {
            out += "\n## \(entry.code.rawValue)\n\n\(entry.summary)\n\nSeverity: \(entry.severity.rawValue)."
            if let fix = entry.fix { out += " Fix: \(fix)." }
            out += "\n"
            switch entry.example {
            case .scene(let text)?:
                // A control character (not-text's NUL) shows as its picture: the page stays text.
                out += "\nExample:\n\n```yaml\n\(text.escaped(.lines))```\n"
            case .command(let line)?:
                out += "\nExample:\n\n```sh\n\(line)\n```\n"
            case nil:
                break
            }
        }
        return out
    }
}
