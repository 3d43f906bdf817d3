/// A scene's text with its name, kept to quote source lines under diagnostics.
public struct SourceFile: Sendable {
    public let name: String
    public let bytes: [UInt8]
    private let lineStarts: [Int]

    public init(name: String, bytes: [UInt8]) {
        self.name = name
        self.bytes = bytes
        var starts = [0]
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "\n") {
            starts.append(i + 1)
        }
        lineStarts = starts
    }

    public init(name: String, text: String) {
        self.init(name: name, bytes: Array(text.utf8))
    }

    /// The text of 1-based line `n`, without its line break; nil past the end.
    public func line(_ n: Int) -> String? {
        guard n >= 1, n <= lineStarts.count else { return nil }
        let start = lineStarts[n - 1]
        var end = n < lineStarts.count ? lineStarts[n] : bytes.count
        while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") {
            end -= 1
        }
        return String(decoding: bytes[start..<end], as: UTF8.self)
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

extension Diagnostic {
    /// `file:line:col: error: message`, the source line and a caret under the range, then notes.
    public func rendered(in file: SourceFile?) -> String {
        var out = ""
        if let origin {
            out += "\(origin): \(severity.rawValue): \(Self.printable(message))\n"
        } else if range.isNone {
            out += "\(file?.name ?? "scenec"): \(severity.rawValue): \(Self.printable(message))\n"
        } else {
            out += "\(file?.name ?? "<scene>"):\(range.start.line):\(range.start.column): \(severity.rawValue): \(Self.printable(message))\n"
            if let file, let line = file.line(range.start.line) {
                let text = Self.printable(line)
                out += text + "\n"
                let chars = Array(text)
                var caret = ""
                for i in 0..<Swift.max(0, range.start.column - 1) {
                    caret += (i < chars.count && chars[i] == "\t") ? "\t" : " "
                }
                let width: Int
                if range.end.line == range.start.line {
                    width = Swift.max(1, range.end.column - range.start.column)
                } else {
                    width = Swift.max(1, chars.count - (range.start.column - 1))
                }
                caret += "^" + String(repeating: "~", count: width - 1)
                out += caret + "\n"
            }
        }
        for note in notes {
            out += "note: \(Self.printable(note, keepingNewlines: true))\n"
        }
        return out
    }

    /// `text` with control characters (a NUL, an escape sequence) shown as their Unicode control
    /// pictures (␀, ␛), one character for one so carets stay aligned: a NUL would cut the
    /// output short, and an escape would reach the user's terminal.
    static func printable(_ text: String, keepingNewlines: Bool = false) -> String {
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
