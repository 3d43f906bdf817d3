/// An output pattern such as `out/ring-%04d.png`: one printf-style integer conversion
/// (`%d` or `%0Nd`), `%%` for a literal percent sign.
package struct FramePattern: Sendable {
    package let prefix: String
    package let suffix: String
    package let width: Int

    /// nil when `text` has no conversion; throws when it is malformed.
    package init?(_ text: String) throws {
        var prefix = "", suffix = ""
        var width: Int?
        var chars = Array(text)[...]
        while let c = chars.popFirst() {
            guard c == "%" else {
                if width == nil { prefix.append(c) } else { suffix.append(c) }
                continue
            }
            if chars.first == "%" {
                chars.removeFirst()
                if width == nil { prefix.append("%") } else { suffix.append("%") }
                continue
            }
            var digits = ""
            while let d = chars.first, d.isASCII, d.isNumber {
                digits.append(d)
                chars.removeFirst()
            }
            guard chars.popFirst() == "d", digits.isEmpty || digits.hasPrefix("0") || digits.count >= 1 else {
                throw PlanError("'\(text)' is not a frame pattern: write %d or %04d for the frame number (%% for a percent sign)")
            }
            guard width == nil else {
                throw PlanError("'\(text)' has more than one frame number (%d)")
            }
            let w = Int(digits) ?? 0
            guard w <= 12 else { throw PlanError("frame number width \(w) is too wide in '\(text)'") }
            width = w
        }
        guard let width else { return nil }
        self.prefix = prefix
        self.suffix = suffix
        self.width = width
    }

    package func path(for frame: Int) -> String {
        prefix + Self.padded(frame, width: width) + suffix
    }

    /// `n` with leading zeros to `width` digits, as printf's %0Nd.
    package static func padded(_ n: Int, width: Int) -> String {
        let digits = String(n)
        return digits.count < width ? String(repeating: "0", count: width - digits.count) + digits : digits
    }
}

/// `--range A-B`, `A-` or `N`: frames to render, inclusive, clamped to nothing past the end.
struct FrameRange {
    package let first: Int
    package let last: Int

    package init(_ text: String?, count: Int) throws {
        guard let text else {
            first = 0
            last = count - 1
            return
        }
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let bad = PlanError("--range must be A-B, A- or N with frame numbers, not '\(text)'")
        guard let a = Int(parts[0]), a >= 0 else { throw bad }
        var b = a
        if parts.count == 2 {
            if parts[1].isEmpty {
                b = count - 1
            } else {
                guard let v = Int(parts[1]) else { throw bad }
                b = v
            }
        }
        guard b >= a else { throw PlanError("--range \(text) ends before it starts") }
        guard a < count, b < count else {
            throw PlanError("--range \(text) is past the end: the sequence has frames 0 to \(count - 1)")
        }
        first = a
        last = b
    }

    package var count: Int { last - first + 1 }
}
