/// docs/language.md §6 exit statuses.
enum ExitStatus: Int32 {
    case success = 0
    /// The scene has errors.
    case sceneError = 1
    /// The command line is wrong.
    case usage = 2
    /// A file could not be read or written.
    case io = 3
}

/// A file could not be read or written: exit 3, with the path and the reason.
struct FileError: Error {
    var message: String
    init(_ message: String) { self.message = message }
}
