import SceneModel
import SceneSyntax

/// Reading numbers the way the scene language writes them: decimal, finite, never `.nan`/`.inf`.
enum Numbers {
    /// A decimal number in `text` (sign, digits, point, exponent), nil for anything else.
    static func decimal(_ text: String) -> Double? {
        let s = Array(text.utf8)
        var i = 0
        func digits() -> Int {
            let start = i
            while i < s.count, s[i] >= 48, s[i] <= 57 { i += 1 }
            return i - start
        }
        if i < s.count, s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") { i += 1 }
        var count = digits()
        if i < s.count, s[i] == UInt8(ascii: ".") {
            i += 1
            count += digits()
        }
        guard count > 0 else { return nil }
        if i < s.count, s[i] == UInt8(ascii: "e") || s[i] == UInt8(ascii: "E") {
            i += 1
            if i < s.count, s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { return nil }
        }
        guard i == s.count else { return nil }
        return Double(text)
    }

    /// A scalar node that holds a finite number.
    static func number(_ node: Node, what: String) -> Parsed<Double> {
        guard let scalar = node.scalar, !scalar.isNull else {
            return .failure(ValueError(code: .badValue, message: "\(what) must be a number, not \(node.kindDescription)",
                                       range: node.range))
        }
        let text = scalar.text.trimmingSpaces
        let lowered = text.lowercased()
        if lowered.hasSuffix(".nan") || lowered.hasSuffix(".inf") || lowered == "nan" || lowered.hasSuffix("inf") {
            return .failure(ValueError(code: .badValue, message: "\(what) must be a finite number, not '\(text)'", range: node.range))
        }
        guard let v = decimal(text) else {
            return .failure(ValueError(code: .badValue, message: "\(what) must be a number, not '\(text)'", range: node.range))
        }
        return sized(v, node, what)
    }

    /// The largest magnitude a number in a scene may have. Far past any real picture, it keeps
    /// sums and products of lengths finite all the way to Cairo (no infinity or NaN there).
    static let largest = 1e9

    /// `v` if it is finite and within ±`largest`.
    static func sized(_ v: Double, _ node: Node, _ what: String) -> Parsed<Double> {
        guard v.isFinite, Swift.abs(v) <= largest else {
            return .failure(ValueError(code: .outOfRange, message: "\(what) is too large: numbers in a scene stay within ±1e9",
                                       range: node.range))
        }
        return .success(v)
    }

    /// A number within `range`, with a message that states the range.
    static func number(_ node: Node, in range: NumberRange, what: String) -> Parsed<Double> {
        if range == .unit, let (percent, fraction) = percentage(node) {
            let written = formatNumber(fraction)
            return .failure(ValueError(code: .badValue, message: "\(what) is a fraction from 0 to 1, not a percentage: write \(written) for \(percent)",
                                       range: node.range, notes: ["1 is all of it: 0.75 is three quarters"],
                                       fixes: node.range.isNone ? [] : [Fix("write \(written)", replacing: node.range, with: written)]))
        }
        return number(node, what: what).flatMap { v in
            guard range.contains(v) else {
                return .failure(ValueError(code: .outOfRange, message: "\(what) must be \(rangePhrase(range)), not \(formatNumber(v))",
                                           range: node.range))
            }
            return .success(v)
        }
    }

    /// `75%` (or `"75 %"`) as written and as the fraction it means, when that is 0–1.
    static func percentage(_ node: Node) -> (written: String, fraction: Double)? {
        guard let s = node.scalar, !s.isNull else { return nil }
        let text = s.text.trimmingSpaces
        guard text.hasSuffix("%"), let v = decimal(String(text.dropLast()).trimmingSpaces), v >= 0, v <= 100 else { return nil }
        // Rounded to the digits written: 7% is 0.07, not 0.07000000000000001.
        let fraction = (v / 100 * 1e9).rounded() / 1e9
        return (text, fraction)
    }

    static func rangePhrase(_ r: NumberRange) -> String {
        switch (r.min, r.max) {
        case let (lo?, hi?): return "between \(formatNumber(lo)) and \(formatNumber(hi))"
        case let (lo?, nil): return r.minExclusive ? "greater than \(formatNumber(lo))" : "at least \(formatNumber(lo))"
        case let (nil, hi?): return "at most \(formatNumber(hi))"
        case (nil, nil): return "a number"
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
