/// A scene's text with its name, kept to quote source lines under diagnostics.
public struct SourceFile: Sendable {
    public let name: String
    public let bytes: [UInt8]
    private let lineStarts: [Int]
    /// Lines holding only ASCII, where a column is a byte offset (so a window of a long line
    /// can be cut from the bytes without decoding the whole line).
    private let asciiLines: [Bool]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
        var starts = [0]
        var ascii = [true]
        for (i, b) in bytes.enumerated() {
            if b == UInt8(ascii: "\n") {
                starts.append(i + 1)
                ascii.append(true)
            } else if b >= 0x80 {
                ascii[ascii.count - 1] = false
            }
        }
        lineStarts = starts
        asciiLines = ascii
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
    /// A diagnostic in an imported file is shown in that file, whatever `file` says.
    public func rendered(in file: SourceFile?) -> String {
        let file = self.file ?? file
        var out = ""
        if let origin {
            out += "\(origin): \(severity.rawValue): \(Self.printable(message))\n"
        } else if range.isNone {
            out += "\(file?.name ?? "scenec"): \(severity.rawValue): \(Self.printable(message))\n"
        } else {
            out += "\(file?.name ?? "<scene>"):\(range.start.line):\(range.start.column): \(severity.rawValue): \(Self.printable(message))\n"
            if let file, let length = file.excerpt(line: range.start.line, from: 0, to: 0)?.length {
                // A long line is shown as a window around the column, so a file of one huge line
                // with many errors does not print (or even decode) that line for each of them.
                let column = Swift.max(0, range.start.column - 1)
                var start = 0, end = length
                if length > Self.longLine {
                    start = Swift.max(0, Swift.min(column, length) - Self.contextBefore)
                    end = Swift.min(length, start + Self.longLine)
                }
                let shown = Array(Self.printable(String(file.excerpt(line: range.start.line, from: start, to: end)?.text ?? [])))
                let lead = start > 0 ? "…" : ""
                out += lead + String(shown) + (end < length ? "…" : "") + "\n"
                var caret = lead.isEmpty ? "" : " "
                for i in 0..<Swift.max(0, column - start) {
                    caret += (i < shown.count && shown[i] == "\t") ? "\t" : " "
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
            out += "note: \(Self.printable(note, keepingNewlines: true))\n"
        }
        return out
    }

    /// Lines longer than this are shown as a window of this many characters…
    static let longLine = 500
    /// …starting this many characters before the column.
    static let contextBefore = 80

    /// `text` with control characters (a NUL, an escape sequence) shown as their Unicode control
    /// pictures (␀, ␛), one character for one so carets stay aligned: a NUL would cut the
    /// output short, and an escape would reach the user's terminal.
    public static func printable(_ text: String, keepingNewlines: Bool = false) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) && !(keepingNewlines && $0 == "\n") }) else {
            return text
        }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isControl(scalar), !(keepingNewlines && scalar == "\n") {
                let picture = scalar.value == 0x7F ? 0x2421 : 0x2400 + scalar.value
                result.append(Unicode.Scalar(picture) ?? "?")
            } else {
                result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
    }
}
