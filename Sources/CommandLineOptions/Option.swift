/// The owner of an option declared once for several commands (`--set`, `--root`): a template,
/// not asked for itself; each command that takes it has it as its own,
/// `Option<[String], BuildOptions>(OverrideOptions.set)`, so only those can ask for it.
public enum Shared {}

/// A typed key for a valued option: `args[BuildOptions.jobs]` is an `Int?`. `Owner` is the
/// command's option namespace (`Shared` for a template), so a command cannot ask for another's options and
/// a misspelt name does not compile.
public struct Option<Value, Owner>: Sendable {
    public let declaration: OptionDeclaration
    let read: @Sendable (_ given: [String], _ context: Reading) throws -> Value

    public init(_ declaration: OptionDeclaration, read: @escaping @Sendable (_ given: [String], _ context: Reading) throws -> Value) {
        self.declaration = declaration
        self.read = read
    }

    /// A shared declaration as one command's own key.
    public init<Other>(_ template: Option<Value, Other>) {
        self.init(template.declaration, read: template.read)
    }

    /// The same option with another help text (a command that says more, or less, about it).
    public func withHelp(_ help: String, default defaultText: String? = nil) -> Option {
        Option(declaration.withHelp(help, default: defaultText), read: read)
    }

    /// The same option listed in another section of `--help`.
    public func grouped(_ group: String?) -> Option { Option(declaration.grouped(group), read: read) }
}

/// What a value reader may need besides the words: the option's name for messages and the
/// "did you mean" of the command line.
public struct Reading: Sendable {
    public let name: String
    public let nearest: @Sendable (String, [String]) -> String?

    public init(name: String, nearest: @escaping @Sendable (String, [String]) -> String?) {
        self.name = name
        self.nearest = nearest
    }

    /// "; did you mean 'x'?" or nothing.
    public func hint(_ word: String, in candidates: [String]) -> String {
        nearest(word, candidates).map { "; did you mean '\($0)'?" } ?? ""
    }
}

/// A typed key for a flag: `args[BuildOptions.werror]` is a `Bool`.
public struct Flag<Owner>: Sendable {
    public let declaration: OptionDeclaration

    public init(_ name: String, aliases: [String] = [], help: String, group: String? = nil) {
        declaration = OptionDeclaration(name, aliases: aliases, help: help, kind: .flag, group: group)
    }

    /// A shared declaration as one command's own key.
    public init<Other>(_ template: Flag<Other>) {
        declaration = template.declaration
    }
}

/// What every command takes.
public enum StandardOptions {
    public static let help = Flag<Shared>("--help", aliases: ["-h"], help: "show this help")
}

extension Option where Value == String? {
    /// A word or a path; the last one given counts.
    public static func text(_ name: String, aliases: [String] = [], value: String, help: String, path: Bool = false,
                            default defaultText: String? = nil, group: String? = nil) -> Option {
        Option(OptionDeclaration(name, aliases: aliases, value: value, help: help, kind: path ? .path : .text,
                                 default: defaultText, group: group)) { given, _ in given.last }
    }
}

extension Option where Value == [String] {
    /// Every value given, in order.
    public static func repeated(_ name: String, aliases: [String] = [], value: String, help: String, path: Bool = false,
                                group: String? = nil) -> Option {
        Option(OptionDeclaration(name, aliases: aliases, value: value, help: help, kind: path ? .path : .text,
                                 repeatable: true, group: group)) { given, _ in given }
    }
}

extension Option where Value == Double? {
    /// A number greater than 0.
    public static func number(_ name: String, value: String = "N", help: String, default defaultText: String? = nil,
                              group: String? = nil) -> Option {
        Option(OptionDeclaration(name, value: value, help: help, kind: .number, default: defaultText, group: group)) { given, context in
            guard let text = given.last else { return nil }
            guard let v = Double(text), v.isFinite, v > 0 else {
                throw UsageError("\(context.name) must be a number greater than 0, not '\(text)'")
            }
            return v
        }
    }
}

extension Option where Value == Int? {
    /// A whole number of at least 1.
    public static func count(_ name: String, value: String = "N", help: String, default defaultText: String? = nil,
                             group: String? = nil) -> Option {
        Option(OptionDeclaration(name, value: value, help: help, kind: .count, default: defaultText, group: group)) { given, context in
            guard let text = given.last else { return nil }
            guard let v = Int(text), v >= 1 else {
                throw UsageError("\(context.name) must be a whole number of at least 1, not '\(text)'")
            }
            return v
        }
    }
}

extension Option {
    /// A value read by the command's own parser (a shard `K/N`, a threshold), nil when not given.
    public static func parsed<T>(_ name: String, value: String, help: String, kind: OptionDeclaration.Kind = .text,
                                 default defaultText: String? = nil, group: String? = nil,
                                 _ parse: @escaping @Sendable (String) throws -> T) -> Option where Value == T? {
        Option(OptionDeclaration(name, value: value, help: help, kind: kind, default: defaultText, group: group)) { given, _ in
            try given.last.map(parse)
        }
    }

    /// One of an enumeration's cases, `default` when not given: "--animated must be still,
    /// frames … or webm, not 'x'", with a "did you mean" when `suggesting`.
    public static func choice(_ name: String, value: String, help: String, default value0: Value, showDefault: Bool = true,
                              suggesting: Bool = false, group: String? = nil) -> Option
    where Value: RawRepresentable & CaseIterable & Sendable, Value.RawValue == String {
        let words = Value.allCases.map(\.rawValue)
        return Option(OptionDeclaration(name, value: value, help: help, kind: .choice(words),
                                        default: showDefault ? value0.rawValue : nil, group: group)) { given, context in
            guard let text = given.last else { return value0 }
            // Only the offered words: a case an enumeration leaves out of allCases is the program's own.
            guard words.contains(text), let v = Value(rawValue: text) else {
                let hint = suggesting ? context.hint(text, in: words) : ""
                throw UsageError("\(context.name) must be \(spelledOut(words)), not '\(text)'\(hint)")
            }
            return v
        }
    }

    /// One of an enumeration's cases, nil when not given.
    public static func choice<E>(_ name: String, value: String, help: String, suggesting: Bool = false,
                                 group: String? = nil) -> Option
    where Value == E?, E: RawRepresentable & CaseIterable & Sendable, E.RawValue == String {
        let words = E.allCases.map(\.rawValue)
        return Option(OptionDeclaration(name, value: value, help: help, kind: .choice(words), group: group)) { given, context in
            guard let text = given.last else { return nil }
            guard words.contains(text), let v = E(rawValue: text) else {
                let hint = suggesting ? context.hint(text, in: words) : ""
                throw UsageError("\(context.name) must be \(spelledOut(words)), not '\(text)'\(hint)")
            }
            return v
        }
    }

    /// Some of an enumeration's cases separated by commas, each once, in the enumeration's order
    /// whatever order was typed; `default` when not given.
    public static func list<E>(_ name: String, value: String, help: String, default value0: [E],
                               group: String? = nil) -> Option
    where Value == [E], E: RawRepresentable & CaseIterable & Sendable & Equatable, E.RawValue == String {
        let words = E.allCases.map(\.rawValue)
        return Option(OptionDeclaration(name, value: value, help: help, kind: .list(words),
                                        default: value0.map(\.rawValue).joined(separator: ","), group: group)) { given, context in
            guard let text = given.last else { return value0 }
            var chosen: [E] = []
            for word in text.split(separator: ",", omittingEmptySubsequences: true) {
                guard words.contains(String(word)), let v = E(rawValue: String(word)) else {
                    throw UsageError("\(context.name) takes \(spelledOut(words, "and")) separated by commas, not '\(word)'")
                }
                if !chosen.contains(v) { chosen.append(v) }
            }
            guard !chosen.isEmpty else {
                throw UsageError("\(context.name) needs at least one of \(words.joined(separator: ", "))")
            }
            return E.allCases.filter(chosen.contains)
        }
    }
}

/// A typed key of either kind, for lists of declarations.
public protocol OptionKey: Sendable {
    var declaration: OptionDeclaration { get }
}

extension Option: OptionKey {}
extension Flag: OptionKey {}

/// The declarations of `keys`, in order: a command's list.
public func declarations(_ keys: any OptionKey...) -> [OptionDeclaration] { keys.map(\.declaration) }
