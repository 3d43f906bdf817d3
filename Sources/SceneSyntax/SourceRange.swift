/// A position in a scene file: 1-based line and column (columns count characters, not bytes).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var line: Int
    public var column: Int

    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.line, a.column) < (b.line, b.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// The stretch of source a node or a diagnostic covers; `end` is exclusive.
public struct SourceRange: Sendable, Hashable {
    public var start: SourceLocation
    public var end: SourceLocation

    public init(start: SourceLocation, end: SourceLocation) {
        self.start = start
        self.end = max(start, end)
    }

    /// A range for things that have no place in a file (command-line options, defaults).
    public static let none = SourceRange(start: SourceLocation(line: 0, column: 0),
                                         end: SourceLocation(line: 0, column: 0))

    public var isNone: Bool { start.line == 0 }
}
