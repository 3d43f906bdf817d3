import SceneCheck

/// `scenec schema [-o FILE] [--markdown]`
enum SchemaCommand: Command {
    static let name = "schema"
    static let summary = "print the JSON Schema of the scene language (or the attribute tables)"
    static let help = """
        usage: scenec schema [-o FILE] [--markdown]

        Prints the JSON Schema (draft-07) of scene files, generated from the attribute
        registry: the schema editors' YAML language servers read to complete and check scenes.
        Point a scene at it with a first line such as
            # yaml-language-server: $schema=../schema/scene.schema.json

        options:
          -o, --output PATH        write to PATH (atomically) instead of standard output
          --markdown               the README's attribute tables instead of the schema
          -h, --help               show this help
        """
    static let spec = Arguments.Spec(valued: ["--output"], flags: ["--markdown", "--help"])

    static func run(_ args: Arguments) throws -> ExitStatus {
        guard args.positionals.isEmpty else {
            throw UsageError("schema takes no scene file; it describes them all")
        }
        let text = args.has("--markdown") ? AttributeTables.markdown : SceneSchema.text
        do {
            try Files.write(Array(text.utf8), to: args.value("--output") ?? "-")
        } catch let error as FileError {
            Console.fail(error.message)
            return .io
        }
        return .success
    }
}
