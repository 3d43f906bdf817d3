/// A command line after splitting: positionals, options with values, and flags.
/// Small on purpose: `--name value`, `--name=value`, `-o value`, `--` ends options.
struct Arguments {
    var positionals: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    /// What a command accepts.
    struct Spec: Sendable {
        var valued: [String]
        var flags: [String]
        /// Short spellings: "-o" → "--output"; "--path-root", the old name of "--root".
        var aliases: [String: String] = ["-o": "--output", "-h": "--help", "--path-root": "--root"]
    }

    static func parse(_ words: [String], spec: Spec) throws -> Arguments {
        var result = Arguments()
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
            var name = word
            var inlineValue: String?
            if let eq = word.firstIndex(of: "="), word.hasPrefix("--") {
                name = String(word[..<eq])
                inlineValue = String(word[word.index(after: eq)...])
            }
            name = spec.aliases[name] ?? name
            if spec.flags.contains(name) {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
                result.flags.insert(name)
            } else if spec.valued.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard i < words.count else { throw UsageError("\(name) needs a value") }
                    value = words[i]
                    i += 1
                }
                result.values[name, default: []].append(value)
            } else {
                let known = spec.valued + spec.flags
                let guess = Suggest.nearest(to: name, in: known).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("unknown option '\(word)'\(guess)")
            }
        }
        return result
    }

    /// The last value given for an option (a later one overrides an earlier one).
    func value(_ name: String) -> String? { values[name]?.last }

    func has(_ flag: String) -> Bool { flags.contains(flag) }

    /// A positive number option.
    func positiveNumber(_ name: String) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let v = Double(text), v.isFinite, v > 0 else {
            throw UsageError("\(name) must be a number greater than 0, not '\(text)'")
        }
        return v
    }

    /// A whole-number option ≥ 1.
    func count(_ name: String) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let v = Int(text), v >= 1 else {
            throw UsageError("\(name) must be a whole number of at least 1, not '\(text)'")
        }
        return v
    }
}

/// The command line is wrong: exit 2, with the usage hint.
struct UsageError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
