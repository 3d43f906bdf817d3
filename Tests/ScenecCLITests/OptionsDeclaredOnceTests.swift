import CommandLineOptions
import XCTest
import ScenecBuild
import ScenecOptions
@testable import scenec

/// Each option is declared once (a command's own in Sources/scenec/Options, the shared groups in
/// ScenecOptions); `--help`, the completion scripts and the docs' option tables are made from
/// those declarations and list exactly them. The docs' tables are generated files: `make docs`
/// refreshes them, and a stale copy fails here.
final class OptionsDeclaredOnceTests: XCTestCase {
    /// The spellings `--help` shows in its column (old long names are left to the help text).
    func helpSpellings(_ d: OptionDeclaration) -> [String] {
        d.spellings.filter { !$0.hasPrefix("--") || $0 == d.name }
    }

    /// Whitespace (the wrapping) aside.
    func words(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
    }

    func testHelpListsExactlyTheDeclaredOptions() throws {
        XCTAssertEqual(commands.count, 12)
        for command in commands {
            let result = try scenec([command.name, "--help"])
            XCTAssertEqual(result.status, 0, result.stderr)
            let help = result.stdoutText
            XCTAssertEqual(help, command.help + "\n", command.name)
            XCTAssertTrue(help.hasPrefix("usage: scenec \(command.name)"), help)
            // Every spelling shown at the start of an entry, and no other.
            var shown: Set<String> = []
            for line in help.split(separator: "\n") where line.hasPrefix("  -") {
                for part in line.dropFirst(2).components(separatedBy: "  ").first?.components(separatedBy: ", ") ?? [] {
                    if let name = part.split(separator: " ").first, name.hasPrefix("-") { shown.insert(String(name)) }
                }
            }
            XCTAssertEqual(shown, Set(command.options.flatMap(helpSpellings)), "scenec \(command.name) --help")
            // Each with its value name and all its help.
            let flat = words(help)
            for option in command.options {
                XCTAssertTrue(help.contains("\n  " + HelpText.synopsis(option)), "\(command.name): \(HelpText.synopsis(option))")
                XCTAssertTrue(flat.contains(words(HelpText.description(option))), "\(command.name) \(option.name)'s help")
            }
        }
    }

    func testTheTopLevelHelpListsEveryCommand() throws {
        let help = try scenec(["--help"]).stdoutText
        for command in commands { XCTAssertTrue(help.contains("  \(command.name) "), command.name) }
    }

    /// No two options of a command share a spelling, and each command takes `--help`.
    func testSpellingsAreUniquePerCommand() {
        for command in commands {
            let spellings = command.options.flatMap(\.spellings)
            XCTAssertEqual(spellings.count, Set(spellings).count, command.name)
            XCTAssertTrue(spellings.contains("--help"), command.name)
        }
    }

    /// A command's options type takes a shared group (has its typed keys) exactly when it lists
    /// the group's declarations.
    func testTheGroupsACommandTakesAreTheOnesItLists() {
        for command in commands {
            let type = command.optionsType
            let names = Set(command.options.map(\.name))
            func lists(_ group: [OptionDeclaration]) -> Bool { group.allSatisfy { names.contains($0.name) } }
            func listsNone(_ group: [OptionDeclaration]) -> Bool { group.allSatisfy { !names.contains($0.name) } }
            let groups: [(takes: Bool, declarations: [OptionDeclaration], name: String)] = [
                (type is any TakesProject.Type, ProjectOptions.all, "project"),
                (type is any TakesLimits.Type, LimitOptions.all, "limits"),
                (type is any ReadsScenes.Type, DiagnosticOptions.all + [OverrideOptions.set.declaration, OverrideOptions.appearance.declaration,
                                                                      SceneTimeoutOption.sceneTimeout.declaration], "reading scenes"),
                (type is any MaySkipSets.Type, [OverrideOptions.setWherePresent.declaration], "--set-where-present"),
                (type is any WritesPNG.Type, PNGOptions.all, "PNG"),
                (type is any Watches.Type, [OutputOptions.watch.declaration], "--watch"),
            ]
            for group in groups {
                XCTAssertTrue(group.takes ? lists(group.declarations) : listsNone(group.declarations),
                              "scenec \(command.name) \(group.takes ? "takes" : "does not take") \(group.name)")
            }
        }
    }

    // MARK: completions

    func completionScript(_ shell: String) throws -> String {
        let result = try scenec(["completions", shell])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        return result.stdoutText
    }

    /// What bash offers for `words`, the last one being completed, after sourcing the script.
    func bashCompletes(_ script: URL, _ words: [String]) throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let result = try runProgram(URL(fileURLWithPath: "/bin/bash"), [
            "--norc", "-c", "source '\(script.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _scenec; printf '%s\\n' \"${COMPREPLY[@]}\"",
        ], directory: repositoryRoot)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result.stdoutText.split(separator: "\n").map(String.init)
    }

    func testBashCompletesEveryCommandAndExactlyItsOptions() throws {
        let dir = try temporaryDirectory(self)
        let script = dir.appendingPathComponent("scenec.bash")
        try completionScript("bash").write(to: script, atomically: true, encoding: .utf8)
        let registered = try runProgram(URL(fileURLWithPath: "/bin/bash"), ["--norc", "-c", "source '\(script.path)' && complete -p scenec"])
        XCTAssertEqual(registered.stdoutText, "complete -o filenames -F _scenec scenec\n", registered.stderr)

        XCTAssertEqual(Set(try bashCompletes(script, ["scenec", ""])), Set(commands.map(\.name) + ["help"]))
        for command in commands {
            XCTAssertEqual(Set(try bashCompletes(script, ["scenec", command.name, "-"])), Set(command.options.flatMap(\.spellings)),
                           "scenec \(command.name) -<TAB>")
        }
        XCTAssertEqual(try bashCompletes(script, ["scenec", "build", "--ani"]), ["--animated"])
        XCTAssertEqual(try bashCompletes(script, ["scenec", "build", "--animated", ""]), BuildPlan.Animated.allCases.map(\.rawValue))
        XCTAssertEqual(try bashCompletes(script, ["scenec", "build", "--formats", "png,s"]), ["png,svg"])
        XCTAssertEqual(try bashCompletes(script, ["scenec", "render", "--appearance", "d"]), ["dark"])
        XCTAssertEqual(try bashCompletes(script, ["scenec", "render", "-o", "Packag"]), ["Package.swift"])
        XCTAssertEqual(try bashCompletes(script, ["scenec", "help", "rin"]), ["ring"])
        XCTAssertEqual(try bashCompletes(script, ["scenec", "completions", "z"]), ["zsh"])
    }

    func testZshAndFishScriptsDeclareExactlyEachCommandsOptions() throws {
        let zsh = try completionScript("zsh"), fish = try completionScript("fish")
        for command in commands {
            // zsh: the command's `_arguments` block names each spelling once.
            let block = zsh.components(separatedBy: "\n    \(command.name))\n").dropFirst().first?.components(separatedBy: "\n        ;;").first ?? ""
            let zshNames = block.split(separator: "\n").compactMap { line -> String? in
                let spec = line.trimmingCharacters(in: .whitespaces).dropFirst().prefix { $0 != "[" }
                let name = spec.hasPrefix("*") ? spec.dropFirst() : spec
                return name.hasPrefix("-") ? String(name) : nil
            }
            XCTAssertEqual(zshNames.sorted(), command.options.flatMap(\.spellings).sorted(), "zsh, \(command.name)")
            // fish: a line per option with its -s/-l spellings.
            let lines = fish.split(separator: "\n").filter { $0.contains("'__fish_seen_subcommand_from \(command.name)'") }
            let fishNames = lines.flatMap { line -> [String] in
                let parts = line.split(separator: " ").map(String.init)
                return zip(parts, parts.dropFirst()).compactMap { flag, value in
                    flag == "-l" ? "--" + value : flag == "-s" ? "-" + value : nil
                }
            }
            XCTAssertEqual(fishNames.sorted(), command.options.flatMap(\.spellings).sorted(), "fish, \(command.name)")
        }
        XCTAssertTrue(zsh.contains("'--animated[scenes with a timeline]:MODE:(still frames flipbook webp apng gif mp4 webm)'"), zsh)
        XCTAssertTrue(fish.contains("-l formats -x -a 'png pdf svg'"), fish)
    }

    func testZshLoadsTheScriptWhereInstalled() throws {
        guard let zsh = ["/usr/bin/zsh", "/bin/zsh"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("zsh is not installed")
        }
        let dir = try temporaryDirectory(self)
        let script = dir.appendingPathComponent("_scenec")
        try completionScript("zsh").write(to: script, atomically: true, encoding: .utf8)
        let result = try runProgram(URL(fileURLWithPath: zsh), ["-f", "-c", "autoload -Uz compinit && compinit -u && source '\(script.path)' && print ${_comps[scenec]}"])
        XCTAssertEqual(result.stdoutText, "_scenec\n", result.stderr)
    }

    func testFishLoadsTheScriptWhereInstalled() throws {
        guard let fish = ["/usr/bin/fish", "/bin/fish"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw XCTSkip("fish is not installed")
        }
        let dir = try temporaryDirectory(self)
        let script = dir.appendingPathComponent("scenec.fish")
        try completionScript("fish").write(to: script, atomically: true, encoding: .utf8)
        let result = try runProgram(URL(fileURLWithPath: fish), ["--no-config", "-c", "source '\(script.path)'; complete -C 'scenec build --ani'"])
        XCTAssertTrue(result.stdoutText.hasPrefix("--animated"), result.stdoutText + result.stderr)
    }

    func testCompletionsTakesOneShell() throws {
        let none = try scenec(["completions"])
        XCTAssertEqual(none.status, 2)
        XCTAssertTrue(none.stderr.contains("completions takes one shell: bash, zsh, fish"), none.stderr)
        let wrong = try scenec(["completions", "zhs"])
        XCTAssertEqual(wrong.status, 2)
        XCTAssertTrue(wrong.stderr.contains("not 'zhs'; did you mean 'zsh'?"), wrong.stderr)
    }

    // MARK: the docs' tables

    /// The Markdown files that may hold option tables.
    var markdownFiles: [URL] {
        [repositoryRoot.appendingPathComponent("README.md")]
            + fileNames(in: repositoryRoot.appendingPathComponent("docs")).filter { $0.hasSuffix(".md") }
                .map { repositoryRoot.appendingPathComponent("docs/" + $0) }
    }

    func testTheDocsTablesAreNotStale() throws {
        let dir = try temporaryDirectory(self)
        var copies: [(committed: Data, copy: URL)] = []
        for (i, file) in markdownFiles.enumerated() {
            let copy = dir.appendingPathComponent("\(i)-" + file.lastPathComponent)
            let committed = try Data(contentsOf: file)
            try committed.write(to: copy)
            copies.append((committed, copy))
        }
        let result = try scenec(["help", "--markdown"] + copies.map(\.copy.path))
        XCTAssertEqual(result.status, 0, result.stderr)
        for (file, (committed, copy)) in zip(markdownFiles, copies) {
            XCTAssertEqual(try Data(contentsOf: copy), committed, "\(file.lastPathComponent)'s option tables are stale: run make docs")
        }
    }

    func testEveryCommandHasATableListingExactlyItsOptions() throws {
        var tables: [String: [[String]]] = [:]
        for file in markdownFiles {
            let text = try String(contentsOf: file, encoding: .utf8)
            for command in commands {
                let parts = text.components(separatedBy: SynopsisTables.beginMarker("scenec", command.name) + "\n")
                for part in parts.dropFirst() {
                    let block = part.components(separatedBy: SynopsisTables.endMarker("scenec", command.name)).first ?? ""
                    let names = block.split(separator: "\n").dropFirst(2).flatMap { row in
                        (row.split(separator: "|").first ?? "").split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
                    }
                    tables[command.name, default: []].append(names)
                }
            }
        }
        for command in commands {
            XCTAssertFalse(tables[command.name, default: []].isEmpty, "no docs table of scenec \(command.name)")
            for table in tables[command.name, default: []] {
                XCTAssertEqual(table, command.options.flatMap(\.spellings), "the docs' table of scenec \(command.name)")
            }
        }
    }
}
