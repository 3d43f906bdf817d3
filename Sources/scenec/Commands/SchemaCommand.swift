import CommandLineOptions
import SceneLottie
import SceneModel
import SceneSchema
import ScenecBuild
import SceneSyntax

/// `scenec schema [KIND] [-o FILE] [--markdown | --diagnostic-codes | --block NAME]`
enum SchemaCommand: Command {
    static let name = "schema"
    static let summary = "print the JSON Schema of the scene language (or the attribute tables)"
    static let usage = """
        usage: scenec schema [KIND] [-o FILE] [--markdown | --diagnostic-codes | --block NAME]

        Prints the JSON Schema (draft-07) of scene files, generated from the attribute
        registry: the schema editors' YAML language servers read to complete and check scenes.
        Point a scene at it with a first line such as
            # yaml-language-server: $schema=../schema/scene.schema.json
        With a view KIND (ring, pie, …), only that kind: its part of the schema, or with
        --markdown its page (as 'scenec help KIND' prints it, in Markdown). With --diagnostic-codes,
        the page of diagnostic codes instead (docs/diagnostics.md). With --block, a part of the
        docs generated from the registry: kinds and geometry (docs/language.md §3), lottie (the
        table of docs/handoff.md), fuzz (the words of fuzz/scene.dict).

        """

    static var positionalWords: [String]? { ViewType.allCases.map(\.rawValue) }

    static func run(_ args: Arguments<SchemaOptions>) throws -> ExitStatus {
        guard args.positionals.count <= 1 else {
            throw UsageError("schema takes at most one view kind")
        }
        var text = args[SchemaOptions.markdown] ? AttributeTables.markdown : SceneSchema.text
        if args[SchemaOptions.diagnosticCodes] {
            guard args.positionals.isEmpty, !args[SchemaOptions.markdown] else {
                throw UsageError("--diagnostic-codes prints the page of every diagnostic code; it takes no view kind and no --markdown")
            }
            text = DiagnosticCode.markdownPage
        }
        if let block = try args[SchemaOptions.block] {
            guard args.positionals.isEmpty, !args[SchemaOptions.markdown], !args[SchemaOptions.diagnosticCodes] else {
                throw UsageError("--block prints one generated part of the docs; it takes no view kind, no --markdown and no --diagnostic-codes")
            }
            text = generated(block) + "\n"
        }
        if let name = args.positionals.first {
            if name.contains("/") || name.hasSuffix(".yaml") {
                throw UsageError("schema takes no scene file; it describes them all (or one view kind, such as ring)")
            }
            guard let kind = KindHelp.kind(named: name) else {
                throw UsageError(unknownKind(name))
            }
            text = args[SchemaOptions.markdown] ? KindHelp.markdown(kind) : SceneSchema.text(of: kind) + "\n"
        }
        do {
            try Files.write(Array(text.utf8), to: try args[SchemaOptions.output] ?? "-")
        } catch let error as FileError {
            Console.fail(error.message)
            return .io
        }
        return .success
    }
}

/// The text of a generated block, from the registry and the kinds' declarations.
func generated(_ block: GeneratedBlock) -> String {
    switch block {
    case .kinds: return KindDocs.kindsSentence
    case .geometry: return KindDocs.geometryBullets
    case .lottie: return LottieCoverage.markdownTable
    case .fuzz: return KindDocs.fuzzDictionaryEntries
    }
}

/// "unknown view kind 'rng'; did you mean 'ring'?" with the kinds there are.
func unknownKind(_ name: String) -> String {
    let kinds = ViewType.allCases.map(\.rawValue)
    let guess = Suggest.nearest(to: name, in: kinds).map { "; did you mean '\($0)'?" } ?? ""
    return "unknown view kind '\(name)'\(guess) (kinds: \(kinds.joined(separator: ", ")))"
}
