/// A command line after parsing against a command's declared options: the positionals, and
/// the words given to each option, read through typed keys.
///
/// The syntax is small on purpose: `--name value`, `--name=value`, `-o value`, `-` is a
/// positional (standard input or output), `--` ends the options.
public struct Arguments<Owner>: Sendable {
    public var positionals: [String] = []
    /// The words given to each option by its long name, in order (a flag: one "" a time).
    private var given: [String: [String]] = [:]
    private let nearest: @Sendable (String, [String]) -> String?

    /// Splits `words` by `declarations`. `nearest` finds the "did you mean" of a misspelt
    /// option (the caller's own, so every hint of a program reads alike).
    public static func parse(_ words: [String], declarations: [OptionDeclaration],
                             nearest: @escaping @Sendable (String, [String]) -> String? = { _, _ in nil }) throws -> Arguments {
        var result = Arguments(nearest: nearest)
        var bySpelling: [String: OptionDeclaration] = [:]
        for declaration in declarations {
            for spelling in declaration.spellings where bySpelling[spelling] == nil { bySpelling[spelling] = declaration }
        }
        var i = 0
        var optionsEnded = false
        while i < words.count {
            let word = words[i]
            i += 1
            if optionsEnded || word == "-" || !word.hasPrefix("-") {
                result.positionals.append(word)
                continue
            }
            if word == "--" {
                optionsEnded = true
                continue
            }
            var spelling = word
            var inlineValue: String?
            if let eq = word.firstIndex(of: "="), word.hasPrefix("--") {
                spelling = String(word[..<eq])
                inlineValue = String(word[word.index(after: eq)...])
            }
            guard let declaration = bySpelling[spelling] else {
                // Valued options first, then flags: the order ties between hints are broken in.
                let known = declarations.filter(\.takesValue).map(\.name) + declarations.filter { !$0.takesValue }.map(\.name)
                let guess = nearest(spelling, known).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("unknown option '\(word)'\(guess)")
            }
            let name = declaration.name
            if !declaration.takesValue {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
                result.given[name, default: []].append("")
            } else if let inlineValue {
                result.given[name, default: []].append(inlineValue)
            } else {
                guard i < words.count else { throw UsageError("\(name) needs a value") }
                result.given[name, default: []].append(words[i])
                i += 1
            }
        }
        return result
    }

    public subscript(_ flag: Flag<Owner>) -> Bool { given[flag.declaration.name] != nil }

    public subscript<V>(_ option: Option<V, Owner>) -> V {
        get throws { try read(option.declaration, option.read) }
    }

    /// `--help` (every command takes it).
    public var helpRequested: Bool { given[StandardOptions.help.declaration.name] != nil }

    private func read<V>(_ declaration: OptionDeclaration, _ reader: ([String], Reading) throws -> V) throws -> V {
        try reader(given[declaration.name] ?? [], Reading(name: declaration.name, nearest: nearest))
    }

    /// Whether the option was given at all (to refuse one that means nothing with another).
    public func isGiven(_ declaration: OptionDeclaration) -> Bool { given[declaration.name] != nil }

    /// The words as typed, for a command scenec runs for itself with the same options.
    public func words(of declaration: OptionDeclaration) -> [String] { given[declaration.name] ?? [] }
}

/// The command line is wrong: the program exits 2, with the usage hint.
public struct UsageError: Error, Sendable, Equatable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
