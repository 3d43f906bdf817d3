/// docs/language.md §6 exit statuses.
package enum ExitStatus: Int32 {
    case success = 0
    /// The scene has errors.
    case sceneError = 1
    /// The command line is wrong.
    case usage = 2
    /// A file could not be read or written.
    case io = 3
}

/// A file could not be read or written: exit 3, with the path and the reason.
package struct FileError: Error {
    package var message: String
    package init(_ message: String) { self.message = message }
}

/// A request the build cannot carry out as asked (a malformed `--shard`, frame pattern or
/// range; an option that does not go with another): the command line's fault, so the
/// executable reports it as a usage error (exit 2).
package struct PlanError: Error, CustomStringConvertible {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
