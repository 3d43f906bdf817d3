/// Text that may show other views' values: `"{download.progress:percent}"` is the ring
/// `download`'s progress at the time drawn, as `72%`; `{{` and `}}` write braces. Parsed at check
/// time (where a bad reference is a located error) and again when drawn.
public struct TextTemplate: Sendable, Hashable {
    /// How a bound value is written.
    public enum Format: Sendable, Hashable {
        /// The value as `inspect` prints it.
        case plain
        /// A fraction as a percentage with `digits` decimals, rounded down so it never shows
        /// completion early: 0.725 → `72%` or `72.5%`, 0.997 → `99%`; only 1 is `100%`.
        case percent(digits: Int)
        /// A number with `digits` decimals.
        case number(digits: Int)
        /// A time of day as `10:09:30` (whole seconds, as a ticking clock shows it).
        case time
        /// A time of day as `10:09`.
        case hoursMinutes

        /// The formats as written after the colon, for messages.
        public static let written = ["percent", "percent(N)", "number", "number(N)", "time", "hh:mm"]
        /// The formats' names, which a misspelt one is matched against.
        public static let names = ["percent", "number", "time", "hh:mm"]
        /// The names that take a number of decimals, `percent(1)`.
        public static let namesTakingDigits = ["percent", "number"]

        /// Whether the format can write a value of `kind`.
        public func suits(_ kind: ValueKind) -> Bool {
            switch self {
            case .plain: return true
            case .percent, .number:
                if case .number = kind { return true }
                if case .integer = kind { return true }
                return false
            case .time, .hoursMinutes: return kind == .timeOfDay
            }
        }
    }

    /// A `{view.attribute:format}` in the text; `offset` and `length` (in characters) place it
    /// in the written text, for messages.
    public struct Binding: Sendable, Hashable {
        public var viewID: String
        public var attribute: String
        public var format: Format
        public var offset: Int
        public var length: Int
    }

    public enum Segment: Sendable, Hashable {
        case literal(String)
        case binding(Binding)
    }

    /// What is wrong with a template, and where in the text (characters).
    public struct Problem: Error, Sendable, Hashable {
        public var message: String
        public var offset: Int
        public var length: Int
        public var notes: [String] = []
        /// The format as written, when it is the format that is unknown: it ends just before the
        /// closing `}`, where a fix replaces it with the format meant.
        public var unknownFormat: String?
    }

    public let segments: [Segment]

    public var bindings: [Binding] {
        segments.compactMap { if case .binding(let b) = $0 { return b } else { return nil } }
    }

    public var isBound: Bool { !bindings.isEmpty }

    /// Reads `text`; a lone `{` without its `}`, a reference that is not `view.attribute`, or an
    /// unknown format is a problem.
    public static func parse(_ text: String) -> Result<TextTemplate, Problem> {
        let (segments, problems) = read(text)
        if let first = problems.first { return .failure(first) }
        return .success(TextTemplate(segments: segments))
    }

    /// The `{…}` of `text` that read, without those that do not: a text with a bad format in
    /// one `{…}` still names views and attributes in the others, which the checker checks too.
    public static func readable(_ text: String) -> TextTemplate {
        TextTemplate(segments: read(text).segments)
    }

    /// Every problem of the text's `{…}`, in order: one bad reference does not hide the next.
    public static func problems(in text: String) -> [Problem] {
        read(text).problems
    }

    /// The segments that read, and the problems of those that do not (a `{` without its `}`
    /// ends the reading: what follows it is not a reference).
    static func read(_ text: String) -> (segments: [Segment], problems: [Problem]) {
        var problems: [Problem] = []
        var segments: [Segment] = []
        var literal = ""
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
            if c == "{" && next == "{" || c == "}" && next == "}" {
                literal.append(c)
                i += 2
                continue
            }
            guard c == "{" else {
                literal.append(c)
                i += 1
                continue
            }
            guard let close = chars[(i + 1)...].firstIndex(of: "}") else {
                problems.append(Problem(message: "'{' without its '}' in text", offset: i, length: 1,
                                        notes: ["write {{ for a brace, or {view.attribute:format} for a value"]))
                break
            }
            // Appended one by one: String's initialiser from a slice of Characters costs ~7× as much.
            var inside = ""
            for c in chars[(i + 1)..<close] { inside.append(c) }
            switch binding(inside, offset: i, length: close - i + 1) {
            case .success(let b):
                if !literal.isEmpty { segments.append(.literal(literal)) }
                literal = ""
                segments.append(.binding(b))
            case .failure(let problem):
                problems.append(problem)
            }
            i = close + 1
        }
        if !literal.isEmpty { segments.append(.literal(literal)) }
        return (segments, problems)
    }

    static func binding(_ inside: String, offset: Int, length: Int) -> Result<Binding, Problem> {
        let reference: Substring, formatText: Substring?
        if let colon = inside.firstIndex(of: ":") {
            reference = inside[..<colon]
            formatText = inside[inside.index(after: colon)...]
        } else {
            reference = inside[...]
            formatText = nil
        }
        let parts = reference.split(separator: ".", omittingEmptySubsequences: false)
        // A view of a component's instance is named through it (`{cpu.ring.progress}`): the
        // attribute is the last part, the id all before it.
        guard parts.count >= 2, parts.allSatisfy({ !$0.isEmpty }) else {
            return .failure(Problem(message: "'{\(inside)}' in text must name a view and an attribute, as {download.progress}",
                                    offset: offset, length: length,
                                    notes: ["write {{ for a brace"]))
        }
        var format = Format.plain
        if let formatText {
            guard let f = parseFormat(String(formatText)) else {
                return .failure(Problem(message: "unknown format '\(formatText)' in '{\(inside)}'",
                                        offset: offset, length: length,
                                        notes: ["formats: " + Format.written.joined(separator: ", ")], unknownFormat: String(formatText)))
            }
            format = f
        }
        return .success(Binding(viewID: parts.dropLast().joined(separator: "."), attribute: String(parts[parts.count - 1]), format: format,
                                offset: offset, length: length))
    }

    /// The most decimals `percent(N)` and `number(N)` take.
    public static let maxDigits = 6

    static func parseFormat(_ text: String) -> Format? {
        switch text {
        case "percent": return .percent(digits: 0)
        case "number": return .plain
        case "time": return .time
        case "hh:mm": return .hoursMinutes
        default: break
        }
        for (name, make) in [("percent", Format.percent), ("number", Format.number)] {
            let prefix = name + "("
            guard text.hasPrefix(prefix), text.hasSuffix(")") else { continue }
            let digits = text.dropFirst(prefix.count).dropLast()
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
                  let n = Int(digits), n <= maxDigits else { return nil }
            return make(n)
        }
        return nil
    }

    /// The text with each binding replaced by `lookup`'s value, written in its format; a value
    /// `lookup` lacks is left empty. `now` is the local time, for a clock showing `now`.
    public func render(now: Double, lookup: (String, String) -> Value?) -> String {
        var out = ""
        for segment in segments {
            switch segment {
            case .literal(let s): out += s
            case .binding(let b):
                if let v = lookup(b.viewID, b.attribute) { out += Self.write(v, as: b.format, now: now) }
            }
        }
        return out
    }

    public static func write(_ value: Value, as format: Format, now: Double) -> String {
        switch (format, value) {
        case (.percent(let digits), .number(let v)): return fixed(v * 100, digits: digits, roundingDown: true) + "%"
        case (.number(let digits), .number(let v)): return fixed(v, digits: digits)
        case (.time, .timeOfDay(let t)): return clockText(t, now: now, seconds: true)
        case (.hoursMinutes, .timeOfDay(let t)): return clockText(t, now: now, seconds: false)
        case (.plain, .number(let v)): return fixed(v, digits: 3, trimmed: true)
        default: return value.description
        }
    }

    /// `v` with `digits` decimals, rounded half away from zero; with `trimmed`, trailing zeros go.
    /// With `roundingDown`, rounded towards zero (a percentage never shows completion early),
    /// after a nudge of `roundingSlack` steps of the Double's precision (not a share of the
    /// value, which would grow to whole units in large numbers) so that 0.29 × 100 = 28.999…
    /// writes 29.
    public static func fixed(_ v: Double, digits: Int, trimmed: Bool = false, roundingDown: Bool = false) -> String {
        guard v.isFinite else { return "–" }
        var scale = 1.0
        for _ in 0..<Swift.max(0, Swift.min(digits, maxDigits)) { scale *= 10 }
        let magnitude = Swift.abs(v) * scale
        let scaled = roundingDown ? nudgedUp(magnitude).rounded(.down) : magnitude.rounded()
        // Beyond this a Double holds no fraction worth writing; numbers stay within ±1e9 anyway.
        guard scaled < 1e15 else { return formatNumber(v) }
        let whole = Int(scaled / scale), fraction = Int(scaled - Double(whole) * scale)
        let sign = v < 0 && scaled > 0 ? "-" : ""
        guard digits > 0 else { return sign + String(whole) }
        var decimals = String(fraction)
        decimals = String(repeating: "0", count: Swift.max(0, digits - decimals.count)) + decimals
        if trimmed {
            while decimals.hasSuffix("0") { decimals.removeLast() }
            if decimals.isEmpty { return sign + String(whole) }
        }
        return sign + String(whole) + "." + decimals
    }

    /// How many steps of a Double's precision (ULPs) a number rounded down is first moved up:
    /// the error of writing 0.29 and multiplying it by 100 and by 10^digits, and no more.
    static let roundingSlack = 4

    static func nudgedUp(_ v: Double) -> Double {
        var out = v
        for _ in 0..<roundingSlack { out = out.nextUp }
        return out
    }

    static func clockText(_ t: TimeOfDay, now: Double, seconds: Bool) -> String {
        let total: Double
        switch t {
        case .seconds(let s): total = s
        case .now: total = now
        }
        let whole = Int(Swift.max(0, Swift.min(total, 1e9)).rounded(.down))
        let h = whole / 3600 % 24, m = whole / 60 % 60, s = whole % 60
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return seconds ? "\(two(h)):\(two(m)):\(two(s))" : "\(two(h)):\(two(m))"
    }
}
