// @preconcurrency: C stdio's `stdout`/`stderr` are mutable globals to Swift 6; this file only
// passes them to stdio calls, which lock the stream themselves.
@preconcurrency import Glibc
import SceneSyntax
import ScenecBuild

/// Standard output carries only what was asked for; everything else goes to standard error.
/// Text goes out with its control characters as pictures (`String.escaped(.lines)`), so no
/// name or value reaches the terminal as an escape sequence whatever a caller forgot; a name
/// in a one-line message is escaped by `line`/`fail`, so its line breaks cannot start a line.
enum Console {
    static func error(_ text: String) {
        fputs(text.escaped(.lines), stderr)
    }

    /// One line on standard error: `text` escaped whole (a line break in it shown as `␊`).
    static func line(_ text: String) {
        fputs(text.escaped(.text) + "\n", stderr)
    }

    static func output(_ text: String) {
        fputs(text.escaped(.lines), stdout)
    }

    static func output(bytes: [UInt8]) -> Bool { Files.writeStandardOutput(bytes) }

    /// Whether standard output is a terminal, where picture bytes would only garble the screen.
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// "scenec: error: …" for problems that are not located in a scene.
    static func fail(_ message: String) {
        line("scenec: error: \(message)")
    }
}
