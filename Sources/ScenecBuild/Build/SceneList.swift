import SceneFiles
import SceneSyntax

/// `scenec build --scenes-from FILE`: the scene files and folders to build, one a line (as
/// `tar -T` and `rsync --files-from` read them), for a list longer than a command line can hold
/// — a Ninja edge of a folder with thousands of scenes hands its list over this way
/// (`rspfile`). Each name is then taken exactly as a name on the command line: relative to the
/// working directory, inside the project root, refused where that one would be refused.
///
/// Ninja writes its list (`$in_newline`) with a name holding a space or a quote in /bin/sh single
/// quotes (`'a b.scene.yaml'`, `'it'\''s.scene.yaml'`), so a line starting with a quote is read
/// as such a word. Empty lines are skipped; a line that cannot be a name (a control character,
/// bytes that are not UTF-8, a quote not closed) is an error naming its line.
package enum SceneList {
    /// A list longer than this is not a list of scenes a build could go through.
    package static let maxBytes = 64 * 1024 * 1024

    /// The names in the list at `path`.
    package static func read(_ path: String) throws -> [String] {
        let contents: ContainedRead.Contents
        switch ContainedRead.readOwnFile(path, limit: maxBytes) {
        case .success(let read): contents = read
        case .failure(let refusal): throw FileError("--scenes-from cannot read '\(path)': \(refusal.problem)")
        }
        guard !contents.tooLarge else { throw PlanError("--scenes-from '\(path)' is larger than \(maxBytes / 1024 / 1024) MiB") }
        return try parse(contents.bytes, name: path)
    }

    /// The names in a list's bytes; `name` locates an error (`list.txt:3: …`).
    package static func parse(_ bytes: [UInt8], name: String) throws -> [String] {
        var names: [String] = []
        for (index, line) in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated() {
            func problem(_ text: String) -> PlanError { PlanError("\(name):\(index + 1): \(text)") }
            guard !line.isEmpty else { continue }
            guard let text = String(validating: line, as: UTF8.self) else { throw problem("this line is not UTF-8 text") }
            if text.hasSuffix("\r") { throw problem("this line ends with a carriage return: save the list with plain line ends") }
            if text.unicodeScalars.contains(where: String.isControl) {
                throw problem("this line holds a control character, which no scene name may hold")
            }
            guard text.hasPrefix("'") else { names.append(text); continue }
            guard let word = unquoted(text) else {
                throw problem("a quote is not closed, or text follows a closing quote (a name starting with ' is written '\\''…)")
            }
            names.append(word)
        }
        return names
    }

    /// A /bin/sh word of single-quoted parts joined by `\'` (as ninja quotes a name); nil when
    /// the line is not one.
    static func unquoted(_ word: String) -> String? {
        var result = "", rest = Substring(word)
        while let first = rest.first {
            if first == "'" {
                guard let close = rest.dropFirst().firstIndex(of: "'") else { return nil }
                result += rest[rest.index(after: rest.startIndex)..<close]
                rest = rest[rest.index(after: close)...]
            } else if rest.hasPrefix("\\'") {
                result += "'"
                rest = rest.dropFirst(2)
            } else {
                return nil
            }
        }
        return result.isEmpty ? nil : result
    }
}
