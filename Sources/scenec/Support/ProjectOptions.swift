import SceneFiles

/// `--root DIR` (also spelled `--path-root`, its name before scenec confined reading to it) and
/// `--allow-read DIR`: the folders a command may read scenes, imports and fonts from.
enum ProjectOptions {
    static let valued = ["--root", "--allow-read"]
    static let help = """
          --root DIR               the project: scenes, imports and fonts are read only from
                                   inside DIR, never from its hidden files and folders (.git),
                                   and github annotations name files relative to it (default:
                                   the enclosing git repository's top level, else the current
                                   directory); --path-root is another name for it
          --allow-read DIR         also read scenes, imports and fonts from DIR, a folder
                                   outside the root such as shared themes (repeatable)
        """

    /// The root the command line names, else the default.
    static func root(_ args: Arguments) throws -> ProjectRoot {
        guard let dir = args.value("--root") else { return ReadScope.current().root }
        guard let root = ProjectRoot(dir) else { throw UsageError("--root '\(dir)' is not a directory") }
        return root
    }

    /// The root and the folders allowed besides it.
    static func scope(_ args: Arguments) throws -> ReadScope {
        var scope = ReadScope(root: try root(args))
        for dir in args.values["--allow-read"] ?? [] {
            guard let folder = ProjectRoot(dir) else { throw UsageError("--allow-read '\(dir)' is not a directory") }
            scope.allowed.append(folder)
        }
        return scope
    }

    /// The same options for a command scenec runs for itself (a Ninja edge), wherever it runs.
    static func arguments(_ scope: ReadScope) -> [String] {
        ["--root", scope.root.directory] + scope.allowed.flatMap { ["--allow-read", $0.directory] }
    }
}
