/// One option as a command declares it, once: what the parser accepts, what `--help`, the
/// shell completions and the docs' synopsis tables show.
public struct OptionDeclaration: Sendable, Equatable {
    /// What follows the option's name on the command line.
    public enum Kind: Sendable, Equatable {
        /// Nothing: present or not.
        case flag
        /// Any word.
        case text
        /// A file or folder (completions offer file names).
        case path
        /// A number greater than 0.
        case number
        /// A whole number of at least 1.
        case count
        /// One of these words.
        case choice([String])
        /// Some of these words separated by commas.
        case list([String])
    }

    /// The long name, `--output`: the one messages and tables use.
    public var name: String
    /// Other spellings: `-o`; `--path-root`, an old name.
    public var aliases: [String]
    /// What the value stands for in help, `OUT_DIR`; nil for a flag.
    public var valueName: String?
    /// One paragraph; `\n` starts a new line.
    public var help: String
    public var kind: Kind
    /// May be given several times, each value kept (otherwise the last one given counts).
    public var repeatable: Bool
    /// The default as help shows it, `(default png)`; nil when there is none or the help says it.
    public var defaultText: String?
    /// The section of `--help` it is listed in; nil for the command's own section.
    public var group: String?

    public init(_ name: String, aliases: [String] = [], value valueName: String? = nil, help: String, kind: Kind,
                repeatable: Bool = false, default defaultText: String? = nil, group: String? = nil) {
        self.name = name
        self.aliases = aliases
        self.valueName = kind == .flag ? nil : valueName ?? "VALUE"
        self.help = help
        self.kind = kind
        self.repeatable = repeatable
        self.defaultText = defaultText
        self.group = group
    }

    public var takesValue: Bool { kind != .flag }

    /// Every spelling, the short ones first (`-o`, `--output`).
    public var spellings: [String] {
        aliases.filter { !$0.hasPrefix("--") } + [name] + aliases.filter { $0.hasPrefix("--") }
    }

    /// The words completions offer as its value.
    public var words: [String] {
        switch kind {
        case .choice(let words), .list(let words): return words
        default: return []
        }
    }

    /// The same option described another way for one command (its help there).
    public func withHelp(_ help: String, default defaultText: String? = nil) -> OptionDeclaration {
        var copy = self
        copy.help = help
        copy.defaultText = defaultText
        return copy
    }

    /// The same option listed in another section of `--help`.
    public func grouped(_ group: String?) -> OptionDeclaration {
        var copy = self
        copy.group = group
        return copy
    }
}

/// "a, b or c" (`conjunction` "and" for "a, b and c").
func spelledOut(_ words: [String], _ conjunction: String = "or") -> String {
    guard let last = words.last, words.count > 1 else { return words.first ?? "" }
    return words.dropLast().joined(separator: ", ") + " \(conjunction) " + last
}
