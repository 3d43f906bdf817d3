extension SceneImports {
    /// Where `imports: [name]` in the file at `importer` points, resolved as the checker
    /// resolves it (the language server follows imports with it).
    public static func path(_ name: String, from importer: String) -> String {
        ImportReader.resolve(name, from: importer)
    }
}
