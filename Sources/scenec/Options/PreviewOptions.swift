import ScenecBuild
import CommandLineOptions
import ScenecOptions

/// `scenec preview`'s options (and `--static`'s, StaticSheetCommand).
enum PreviewOptions: MaySkipSets {
    static let port = Option<Int?, PreviewOptions>.parsed(
        "--port", value: "N", help: "the port to listen on; 0 (the default) lets the system pick") { text in
        guard let p = Int(text), (0...65535).contains(p) else {
            throw UsageError("--port must be a whole number from 0 to 65535, not '\(text)'")
        }
        return p
    }
    static let host = Option<String?, PreviewOptions>.text(
        "--host", value: "ADDR",
        help: "the address to listen on (default 127.0.0.1); anything else lets other machines reach the server and prints a warning")
    static let vary = Option<[String], PreviewOptions>.repeated(
        "--vary", value: "ADDR=V1,V2,…",
        help: "also show the scene with ADDR set to each value, in a grid beside the picture headed by the values "
            + "(repeatable: the last names the columns, the others the rows; every combination, at most 64); values are split at commas outside brackets, parentheses and quotes, so "
            + "rgb(1, 2, 3) stays whole")
    static let staticPage = Flag<PreviewOptions>(
        "--static",
        help: "write the page as one self-contained HTML file (-o) instead of serving it: the picture, the inspector as "
            + "tables, the variants and, for an animated scene, a scrubber over frames")
    static let output = Option<[String], PreviewOptions>.repeated(
        "--output", aliases: ["-o"], value: "PATH", help: "the file --static writes", path: true)

    static let time = Option<String?, PreviewOptions>(OutputOptions.time.withHelp("the moment --static draws (seconds, 1.5s, 250ms, 12f)"))
    static let all = declarations(port, host, vary, staticPage, output, time)
        + SceneOptionGroups.all + declarations(StandardOptions.help)
}

/// `scenec schema`'s options.
enum SchemaOptions: CommandOptions {
    static let output = Option<String?, SchemaOptions>.text(
        "--output", aliases: ["-o"], value: "PATH", help: "write to PATH (atomically) instead of standard output", path: true)
    static let markdown = Flag<SchemaOptions>("--markdown", help: "the attribute tables (docs/language.md) instead of the schema")
    static let diagnosticCodes = Flag<SchemaOptions>("--diagnostic-codes", help: "the page of diagnostic codes (docs/diagnostics.md) instead of the schema")
    static let block = Option<GeneratedBlock?, SchemaOptions>.choice(
        "--block", value: "kinds|geometry|lottie|fuzz",
        help: "a generated part of the docs (make generated splices it between its markers) instead of the schema")
    static let all = declarations(output, markdown, diagnosticCodes, block, StandardOptions.help)
}

/// The generated parts of hand-written files that list the view kinds (`schema --block`).
enum GeneratedBlock: String, CaseIterable, Sendable {
    /// docs/language.md §3: which kinds draw and which hold children.
    case kinds
    /// docs/language.md §3: each drawing kind's geometry.
    case geometry
    /// docs/handoff.md: the table of what each part of a scene becomes in Lottie.
    case lottie
    /// fuzz/scene.dict: the kinds and attribute names.
    case fuzz
}

/// `scenec completions`'s options.
enum CompletionsOptions: CommandOptions {
    static let all = declarations(StandardOptions.help)
}
