/// A scene's text with its name, kept to quote source lines under diagnostics.
public struct SourceFile: Sendable {
    public let name: String
    public let bytes: [UInt8]
    private let lineStarts: [Int]
    /// Lines holding only ASCII, where a column is a byte offset (so a window of a long line
    /// can be cut from the bytes without decoding the whole line).
    private let asciiLines: [Bool]
    /// The offset of the first byte that makes the file something other than plain text: a byte
    /// that is not valid UTF-8, or a control character other than TAB, CR and LF. Nil for text.
    /// Such a file may be a secret scenec was pointed at (`/proc/self/environ`, a key), so its
    /// lines are never quoted under a diagnostic (docs/security.md).
    public let firstNonTextByte: Int?

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
        var starts = [0]
        var ascii = [true]
        var firstControl: Int?
        var firstNonASCII: Int?
        for (i, b) in bytes.enumerated() {
            if b == UInt8(ascii: "\n") {
                starts.append(i + 1)
                ascii.append(true)
            } else if b >= 0x80 {
                ascii[ascii.count - 1] = false
                if firstNonASCII == nil { firstNonASCII = i }
            } else if b < 0x20 || b == 0x7F, b != UInt8(ascii: "\t"), b != UInt8(ascii: "\r"), firstControl == nil {
                firstControl = i
            }
        }
        lineStarts = starts
        asciiLines = ascii
        // UTF-8 is checked only from the first byte past ASCII, and only up to a control already found.
        var firstBad = firstControl
        if let start = firstNonASCII, start < (firstControl ?? bytes.count) {
            firstBad = Self.firstNonTextScalar(bytes[start..<(firstControl ?? bytes.count)]) ?? firstControl
        }
        firstNonTextByte = firstBad
    }

    /// The offset of the first invalid UTF-8 sequence (overlong, surrogate, past U+10FFFF,
    /// cut short) or C1 control character in `bytes`; ASCII controls are the caller's.
    private static func firstNonTextScalar(_ bytes: ArraySlice<UInt8>) -> Int? {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let lead = bytes[i]
            if lead < 0x80 {
                i += 1
                continue
            }
            // How many continuation bytes follow, and the range the first of them must be in.
            let count: Int, first: ClosedRange<UInt8>
            switch lead {
            case 0xC2...0xDF: (count, first) = (1, 0x80...0xBF)
            case 0xE0: (count, first) = (2, 0xA0...0xBF)
            case 0xE1...0xEC, 0xEE...0xEF: (count, first) = (2, 0x80...0xBF)
            case 0xED: (count, first) = (2, 0x80...0x9F)
            case 0xF0: (count, first) = (3, 0x90...0xBF)
            case 0xF1...0xF3: (count, first) = (3, 0x80...0xBF)
            case 0xF4: (count, first) = (3, 0x80...0x8F)
            default: return i
            }
            guard i + count < bytes.endIndex, first.contains(bytes[i + 1]) else { return i }
            for k in stride(from: 2, through: count, by: 1) where !(0x80...0xBF).contains(bytes[i + k]) {
                return i
            }
            if lead == 0xC2, bytes[i + 1] < 0xA0 { return i }  // U+0080…U+009F, the C1 controls
            i += count + 1
        }
        return nil
    }

    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// The text of 1-based line `n`, without its line break; nil past the end.
    public func line(_ n: Int) -> String? {
        lineBytes(n).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// The byte range of 1-based line `n`, without its line break.
    func lineBytes(_ n: Int) -> Range<Int>? {
        guard n >= 1, n <= lineStarts.count else { return nil }
        let start = lineStarts[n - 1]
        var end = n < lineStarts.count ? lineStarts[n] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return start..<end
    }

    /// Characters `from..<to` (0-based columns, clamped) of line `n` and the line's length in
    /// characters: cut from the bytes for an ASCII line, else decoded whole.
    func excerpt(line n: Int, from: Int, to: Int) -> (text: [Character], length: Int)? {
        guard let range = lineBytes(n) else { return nil }
        if asciiLines[n - 1] {
            let lo = range.lowerBound + Swift.max(0, Swift.min(from, range.count))
            let hi = range.lowerBound + Swift.max(0, Swift.min(to, range.count))
            return (Array(String(decoding: bytes[lo..<Swift.max(lo, hi)], as: UTF8.self)), range.count)
        }
        let all = Array(String(decoding: bytes[range], as: UTF8.self))
        let lo = Swift.max(0, Swift.min(from, all.count)), hi = Swift.max(lo, Swift.min(to, all.count))
        return (Array(all[lo..<hi]), all.count)
    }

    /// Up to `count` characters of line `n` from 1-based `column`, to read what follows a token
    /// (a comment after an empty value, an indented key); nil past the end, and on a long line
    /// that is not ASCII, where finding the column would decode the whole line each time.
    public func text(line n: Int, fromColumn column: Int, count: Int) -> String? {
        guard let range = lineBytes(n), asciiLines[n - 1] || range.count <= 4096 else { return nil }
        return excerpt(line: n, from: column - 1, to: column - 1 + count).map { String($0.text) }
    }

    /// The 1-based location of a byte offset (used for libyaml's reader errors, which give offsets).
    public func location(ofByte offset: Int) -> SourceLocation {
        let clamped = Swift.max(0, Swift.min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
        }
        let column = String(decoding: bytes[lineStarts[low]..<clamped], as: UTF8.self).count + 1
        return SourceLocation(line: low + 1, column: column)
    }
}

/// Two files are the same when they have the same name and bytes (diagnostics compare them).
extension SourceFile: Hashable {
    public static func == (a: SourceFile, b: SourceFile) -> Bool {
        a.name == b.name && a.bytes == b.bytes
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(bytes.count)
    }
}

extension Diagnostic {
    /// `file:line:col: error: message`, the source line and a caret under the range, then notes.
    /// A diagnostic in an imported file is shown in that file, whatever `file` says. The line is
    /// quoted only from a file that is plain text (`SourceFile.firstNonTextByte`).
    public func rendered(in file: SourceFile?) -> String {
        let file = self.file ?? file
        let name = (file?.name).map { $0.escaped(.text) }
        var out = ""
        if let origin {
            out += "\(origin.escaped(.text)): \(severity.rawValue): \(message.escaped(.text))\n"
        } else if range.isNone {
            out += "\(name ?? "scenec"): \(severity.rawValue): \(message.escaped(.text))\n"
        } else {
            out += "\(name ?? "<scene>"):\(range.start.line):\(range.start.column): \(severity.rawValue): \(message.escaped(.text))\n"
            if let file, file.firstNonTextByte == nil, let length = file.excerpt(line: range.start.line, from: 0, to: 0)?.length {
                // A long line is shown as a window around the column, so a file of one huge line
                // with many errors does not print (or even decode) that line for each of them.
                let column = Swift.max(0, range.start.column - 1)
                var start = 0, end = length
                if length > Self.longLine {
                    start = Swift.max(0, Swift.min(column, length) - Self.contextBefore)
                    end = Swift.min(length, start + Self.longLine)
                }
                // Each character as it is shown: a control as one picture (a lone CR as ␍), an
                // invisible bidi control as `<U+202E>`; the caret is padded by what each shows as.
                var shown = (file.excerpt(line: range.start.line, from: start, to: end)?.text ?? []).map { String($0).escaped(.text) }
                // CI runners read any log line that starts with `::` (after spaces) as a workflow
                // command, so a quoted line cannot start that way: its first colon is shown as
                // '∶' (U+2236), one character for one, and the caret stays in place.
                if let first = shown.firstIndex(where: { $0 != " " && $0 != "\t" }), first + 1 < shown.count,
                   shown[first] == ":", shown[first + 1] == ":" {
                    shown[first] = "∶"
                }
                let lead = start > 0 ? "…" : ""
                out += lead + shown.joined() + (end < length ? "…" : "") + "\n"
                var caret = lead.isEmpty ? "" : " "
                for i in 0..<Swift.max(0, column - start) {
                    guard i < shown.count else { caret += " "; continue }
                    caret += shown[i] == "\t" ? "\t" : String(repeating: " ", count: shown[i].count)
                }
                let width: Int
                if range.end.line == range.start.line {
                    width = Swift.max(1, range.end.column - range.start.column)
                } else {
                    width = Swift.max(1, length - column)
                }
                caret += "^" + String(repeating: "~", count: Swift.min(width, Swift.max(1, end - column)) - 1)
                out += caret + "\n"
            }
        }
        for note in notes {
            out += "note: \(note.escaped(.lines))\n"
        }
        // rustc's `help:`: each fix's title, then the line as the fix leaves it.
        for fix in fixes {
            out += "help: \(fix.title.escaped(.lines))\n"
            if origin == nil, let file, let line = fix.fixedLine(in: file) {
                out += line + "\n"
            }
        }
        return out
    }

    /// Lines longer than this are shown as a window of this many characters…
    static let longLine = 500
    /// …starting this many characters before the column.
    static let contextBefore = 80
}

extension Fix {
    /// The source line with the fix applied, when the fix's edits are all within one line of a
    /// plain-text file and the line is short enough to show whole; escaped as quoted lines are.
    func fixedLine(in file: SourceFile) -> String? {
        guard let number = edits.first?.range.start.line, number > 0,
              edits.allSatisfy({ $0.range.start.line == number && $0.range.end.line == number && !$0.newText.contains("\n") }),
              file.firstNonTextByte == nil,
              let length = file.excerpt(line: number, from: 0, to: 0)?.length, length <= Diagnostic.longLine,
              var text = file.excerpt(line: number, from: 0, to: length)?.text else { return nil }
        // From the last edit back, so each edit's columns still count the line as written.
        for edit in edits.sorted(by: { $0.range.start > $1.range.start }) {
            let from = Swift.min(Swift.max(0, edit.range.start.column - 1), text.count)
            let to = Swift.min(Swift.max(from, edit.range.end.column - 1), text.count)
            text.replaceSubrange(from..<to, with: Array(edit.newText))
        }
        var line = String(text).escaped(.text)
        // As the quoted line: a CI runner would read a line starting with `::` as a command.
        if line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("::"),
           let colon = line.firstIndex(of: ":") {
            line.replaceSubrange(colon...colon, with: "∶")
        }
        return line
    }
}
