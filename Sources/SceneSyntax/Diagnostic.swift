/// One problem found in a scene, located in its source, as a compiler reports it.
public struct Diagnostic: Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable {
        case error, warning, note
    }

    public var severity: Severity
    public var message: String
    public var range: SourceRange
    /// Where the problem comes from when it is not the scene file itself (e.g. "--set r.progress=2").
    public var origin: String?
    /// Extra lines ("allowed: butt, round, square") printed under the source excerpt.
    public var notes: [String]
    /// The file the problem is in when it is not the scene being checked (a file it imports);
    /// the range is in this file.
    public var file: SourceFile?
    /// What kind of problem it is, stable across rewordings of `message` (docs/diagnostics.md):
    /// what tools, editors and tests match on.
    public var code: DiagnosticCode
    /// Mechanical and certain repairs (take the suggested spelling, quote the colour), as text
    /// edits in the diagnostic's file: what the editor offers as quick fixes and the command
    /// line prints as `help:` lines.
    public var fixes: [Fix]

    public init(_ severity: Severity = .error, _ message: String, at range: SourceRange,
                origin: String? = nil, notes: [String] = [], code: DiagnosticCode = .unclassified, fixes: [Fix] = []) {
        self.severity = severity
        self.message = message
        self.range = range
        self.origin = origin
        self.notes = notes
        self.code = code
        self.fixes = fixes
    }

    public static func error(_ code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [String] = [],
                             fixes: [Fix] = []) -> Diagnostic {
        Diagnostic(.error, message, at: range, notes: notes, code: code, fixes: fixes)
    }

    public static func warning(_ code: DiagnosticCode, _ message: String, at range: SourceRange, notes: [String] = [],
                               fixes: [Fix] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: range, notes: notes, code: code, fixes: fixes)
    }

    /// Without a code the diagnostic is `unclassified`, which the bad-scene corpus test refuses:
    /// give new problems a code from `DiagnosticCode`.
    public static func error(_ message: String, at range: SourceRange, notes: [String] = []) -> Diagnostic {
        Diagnostic(.error, message, at: range, notes: notes)
    }

    public static func warning(_ message: String, at range: SourceRange, notes: [String] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: range, notes: notes)
    }
}

/// A repair a diagnostic offers: a title ("change to 'progress'") and the edits that make it.
public struct Fix: Sendable, Hashable {
    public var title: String
    public var edits: [TextEdit]

    public init(_ title: String, edits: [TextEdit]) {
        self.title = title
        self.edits = edits
    }

    /// The common fix: one stretch of the file replaced.
    public init(_ title: String, replacing range: SourceRange, with newText: String) {
        self.init(title, edits: [TextEdit(range: range, newText: newText)])
    }
}

/// Replace the text in `range` (end exclusive, 1-based line:column in characters, as the
/// diagnostic's own range) with `newText`.
public struct TextEdit: Sendable, Hashable {
    public var range: SourceRange
    public var newText: String

    public init(range: SourceRange, newText: String) {
        self.range = range
        self.newText = newText
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Sorted by position, as a reader goes through the file; unlocated ones (options) first.
    public func sortedByPosition() -> [Diagnostic] {
        enumerated().sorted { a, b in
            if a.element.range.start != b.element.range.start {
                return a.element.range.start < b.element.range.start
            }
            return a.offset < b.offset
        }.map(\.element)
    }
}

/// A diagnostic can travel as an error where a stage fails on one problem.
extension Diagnostic: Error {}

extension Fix {
    /// "change to 'progress'": the misspelt word at `range` replaced with the one meant.
    public static func replace(with word: String, at range: SourceRange) -> Fix {
        Fix("change to '\(word)'", replacing: range, with: word)
    }
}
