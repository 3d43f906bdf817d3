/// One argument of an instance of a component (docs/language.md §11) as the checker made its
/// views with it: recorded once, where the instance is expanded, so `inspect`, the preview and
/// the language server show the value and where it came from without working it out again.
public struct InstanceArgument: Sendable, Hashable {
    /// Where an argument's value came from.
    public enum Source: Sendable, Hashable, CustomStringConvertible {
        /// Written at the instance, at this line (of `file`, a library's, when the instance is
        /// in a definition; nil for the scene's own file).
        case file(line: Int, file: String?)
        /// Written in an item of the view's `repeat:`, at this line.
        case repeatItem(line: Int, file: String?)
        /// Left out: the parameter's default.
        case defaultValue
        /// `--set ID.NAME=…`: the option as messages name it (`--set cpu.value=0.9`).
        case commandLine(String)

        /// "file", "repeat item", "default" or "--set": the word inspect's JSON shows.
        public var word: String {
            switch self {
            case .file: return "file"
            case .repeatItem: return "repeat item"
            case .defaultValue: return "default"
            case .commandLine: return "--set"
            }
        }

        /// "file line 10", "repeat item line 21 of lib/x.yaml", "default", "--set cpu.value=0.9".
        public var description: String {
            switch self {
            case .file(let line, let file): return "file line \(line)" + (file.map { " of \($0)" } ?? "")
            case .repeatItem(let line, let file): return "repeat item line \(line)" + (file.map { " of \($0)" } ?? "")
            case .defaultValue: return "default"
            case .commandLine(let option): return option
            }
        }

        /// The line it was written at, when it was written in a file.
        public var line: Int? {
            switch self {
            case .file(let line, _), .repeatItem(let line, _): return line
            case .defaultValue, .commandLine: return nil
            }
        }
    }

    /// The parameter's name.
    public var name: String
    /// The value as YAML flow text, as written (`0.42`, `systemGreen`, `{light: red, dark: blue}`).
    public var value: String
    /// The parameter's kind as declared (`ring.progress`, `color`).
    public var kind: String
    public var source: Source

    public init(name: String, value: String, kind: String, source: Source) {
        self.name = name
        self.value = value
        self.kind = kind
        self.source = source
    }
}
