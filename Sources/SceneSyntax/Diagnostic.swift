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

    public init(_ severity: Severity = .error, _ message: String, at range: SourceRange,
                origin: String? = nil, notes: [String] = []) {
        self.severity = severity
        self.message = message
        self.range = range
        self.origin = origin
        self.notes = notes
    }

    public static func error(_ message: String, at range: SourceRange, notes: [String] = []) -> Diagnostic {
        Diagnostic(.error, message, at: range, notes: notes)
    }

    public static func warning(_ message: String, at range: SourceRange, notes: [String] = []) -> Diagnostic {
        Diagnostic(.warning, message, at: range, notes: notes)
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
