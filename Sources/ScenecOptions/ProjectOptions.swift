import ScenecBuild
import CommandLineOptions
import SceneFiles

/// `--root DIR` (also spelled `--path-root`, its name before scenec confined reading to it) and
/// `--allow-read DIR`: the folders a command may read scenes, imports and fonts from; or
/// `--declared-input PATH`: the files it may read, and no others.
package enum ProjectOptions {
    package static let group = "diagnostics and the project"
    package static let root = Option<String?, Shared>.text(
        "--root", aliases: ["--path-root"], value: "DIR",
        help: "the project: scenes, imports and fonts are read only from inside DIR, never from its hidden files and "
            + "folders (.git), and github annotations name files relative to it (default: the enclosing git "
            + "repository's top level, else the current directory); --path-root is another name for it",
        path: true, group: group)
    package static let allowRead = Option<[String], Shared>.repeated(
        "--allow-read", value: "DIR",
        help: "also read scenes, imports and fonts from DIR, a folder outside the root such as shared themes (repeatable)",
        path: true, group: group)
    package static let declaredInput = Option<[String], Shared>.repeated(
        "--declared-input", value: "PATH",
        help: "read exactly the files declared so (the scene, its imports, its fonts; repeatable), in place of the root and "
            + "--allow-read rules: for a build system that gives each action its inputs, such as Bazel, whose sandbox makes "
            + "every input a link into the source tree. A path is compared by spelling, '..' removed, and its links followed; "
            + "any other file is refused",
        path: true, group: group)
    package static let all = declarations(root, allowRead, declaredInput)

    /// The root the command line names, else the default.
    package static func root<O: TakesProject>(_ args: Arguments<O>) throws -> ProjectRoot {
        guard let dir = try args[O.root] else { return ReadScope.current().root }
        return try folder("--root", dir)
    }

    /// The folder an option names. One named inside the current folder (`vendor/theme`) is in
    /// the tree scenec reads, which a pull request may have committed as a link to `/`: it must
    /// be that folder itself, with no link on the way, as destinations there are.
    package static func folder(_ option: String, _ dir: String) throws -> ProjectRoot {
        guard let folder = ProjectRoot(dir) else { throw UsageError("\(option) '\(dir)' is not a directory") }
        let parts = dir.split(separator: "/").filter { $0 != "." }
        if !dir.hasPrefix("/"), !parts.contains(".."), let here = ProjectRoot("."),
           folder.directory != ([here.directory == "/" ? "" : here.directory] + parts.map(String.init)).joined(separator: "/") {
            throw UsageError("\(option) '\(dir)' goes through a symbolic link inside the current folder, which scenec does not follow there; name the folder it points to")
        }
        return folder
    }

    /// The root and the folders allowed besides it.
    package static func scope<O: TakesProject>(_ args: Arguments<O>) throws -> ReadScope {
        var scope = ReadScope(root: try root(args))
        for dir in try args[O.allowRead] {
            scope.allowed.append(try folder("--allow-read", dir))
        }
        let declared = try args[O.declaredInput]
        if !declared.isEmpty {
            // Said rather than ignored: with declarations no folder allows anything.
            if !scope.allowed.isEmpty { throw UsageError("--allow-read cannot go with --declared-input, which reads only the files declared") }
            if try args[O.root] != nil { throw UsageError("--root cannot go with --declared-input, which reads only the files declared") }
            scope.declared = Set(declared.map(ReadScope.declaredForm(of:)))
        }
        return scope
    }

    /// The same options for a command scenec runs for itself (a Ninja edge), wherever it runs.
    package static func arguments(_ scope: ReadScope) -> [String] {
        if let declared = scope.declared { return declared.sorted().flatMap { [declaredInput.declaration.name, $0] } }
        return [root.declaration.name, scope.root.directory] + scope.allowed.flatMap { [allowRead.declaration.name, $0.directory] }
    }
}
