@preconcurrency import Glibc

/// Standard output carries only what was asked for; everything else goes to standard error.
enum Console {
    static func error(_ text: String) {
        fputs(text, stderr)
    }

    static func output(_ text: String) {
        fputs(text, stdout)
    }

    static func output(bytes: [UInt8]) -> Bool {
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, stdout) }
        return written == bytes.count && fflush(stdout) == 0
    }

    /// Whether standard output is a terminal, where picture bytes would only garble the screen.
    static var outputIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    /// "scenec: error: …" for problems that are not located in a scene.
    static func fail(_ message: String) {
        error("scenec: error: \(message)\n")
    }
}
