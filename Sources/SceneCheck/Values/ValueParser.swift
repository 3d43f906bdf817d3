import SceneModel
import SceneSyntax

/// Reads a node as a value of a registry kind (docs/language.md §2). `what` names the attribute in messages.
package enum ValueParser {
    /// The largest whole number a count attribute (grid columns) takes.
    package static let largestCount = 1_000_000
    /// The keys of the mapping forms of insets and grid spacing (the JSON Schema lists the same).
    package static let insetsFields = ["top", "leading", "bottom", "trailing"]
    package static let gridSpacingFields = ["row", "column"]

    package static func parse(_ node: Node, as kind: ValueKind, what: String) -> Parsed<Value> {
        switch kind {
        case .number(let range):
            return Numbers.number(node, in: range, what: what).map(Value.number)
        case .integer(let min):
            return Numbers.number(node, what: what).flatMap { v in
                guard v == v.rounded(), v >= Double(min), v <= Double(largestCount) else {
                    return .failure(ValueError(code: .outOfRange, message: "\(what) must be a whole number of at least \(min), not \(formatNumber(v))",
                                               range: node.range))
                }
                return .success(.number(v))
            }
        case .length:
            return length(node, what: what).map(Value.length)
        case .angle:
            return angle(node, what: what).map(Value.angle)
        case .color:
            return ColorParser.color(node, what: what)
        case .bool:
            return bool(node, what: what).map(Value.bool)
        case .choice(let words):
            return choice(node, words, what: what).map(Value.choice)
        case .timeOfDay:
            return timeOfDay(node, what: what).map(Value.timeOfDay)
        case .points:
            return points(node, what: what).map(Value.points)
        case .dash:
            return dash(node, what: what).map(Value.dash)
        case .insets:
            return insets(node, what: what).map(Value.insets)
        case .gridSpacing:
            return gridSpacing(node, what: what).map(Value.gridSpacing)
        case .text:
            return TextParsing.text(node, what: what, template: true).map(Value.text)
        case .fontFamily:
            return TextParsing.text(node, what: what, template: false).flatMap { family in
                family.trimmingSpaces.isEmpty
                    ? .failure(ValueError(code: .badValue, message: "\(what) must name a font family", range: node.range))
                    : .success(.text(family.trimmingSpaces))
            }
        case .fontWeight:
            return TextParsing.fontWeight(node, what: what).map(Value.number)
        }
    }

    static func scalarText(_ node: Node, what: String, expected: String) -> Parsed<String> {
        guard let s = node.scalar, !s.isNull else {
            return .failure(ValueError(code: .badValue, message: "\(what) must be \(expected), not \(node.kindDescription)",
                                       range: node.range))
        }
        return .success(s.text.trimmingSpaces)
    }

    /// `12`, `"50%"`, `"100% - 10"`, `"50% + 4"`: a sum of terms, each points or a percentage
    /// (`"100% - 5%"` is 95%, `"50% + 10 - 4"` is 50% + 6), so a component's `"100% - $inset"`
    /// reads whether its argument is `5` or `5%`. Only the first term may carry a sign.
    static func length(_ node: Node, what: String) -> Parsed<Length> {
        let expected = "a length (points, or a percentage such as \"50%\" or \"100% - 10\")"
        return scalarText(node, what: what, expected: expected).flatMap { text in
            if let v = Numbers.decimal(text) {
                return finite(v, node, what).map { Length.pt($0) }
            }
            guard let terms = lengthTerms(text) else {
                return .failure(ValueError(code: .badValue, message: "\(what) must be \(expected), not '\(text)'", range: node.range,
                                           notes: ["a length is points, percentages or a sum of them: \"100% - 10\", \"100% - 5%\", \"50% + 10 - 4\""]))
            }
            var length = Length()
            for term in terms {
                if case .failure(let e) = Numbers.sized(term.value, node, what) { return .failure(e) }
                if term.isPercent { length.percent += term.value } else { length.points += term.value }
            }
            return Numbers.sized(length.percent, node, what).flatMap { _ in
                Numbers.sized(length.points, node, what).map { _ in length }
            }
        }
    }

    /// The signed terms of `"100% - 5% + 4"`; nil when the text is not such a sum.
    static func lengthTerms(_ text: String) -> [(value: Double, isPercent: Bool)]? {
        var terms: [(value: Double, isPercent: Bool)] = []
        var rest = Substring(text)
        func skipSpaces() { rest = rest.drop { $0 == " " || $0 == "\t" } }
        // A number, as `Numbers.decimal` reads it: digits, a point, an exponent with its sign.
        func number(signed: Bool) -> Double? {
            var end = rest.startIndex
            if signed, end < rest.endIndex, rest[end] == "+" || rest[end] == "-" { end = rest.index(after: end) }
            while end < rest.endIndex, rest[end].isASCII, rest[end].isNumber || rest[end] == "." { end = rest.index(after: end) }
            if end < rest.endIndex, rest[end] == "e" || rest[end] == "E" {
                end = rest.index(after: end)
                if end < rest.endIndex, rest[end] == "+" || rest[end] == "-" { end = rest.index(after: end) }
                while end < rest.endIndex, rest[end].isASCII, rest[end].isNumber { end = rest.index(after: end) }
            }
            guard let v = Numbers.decimal(String(rest[..<end])) else { return nil }
            rest = rest[end...]
            return v
        }
        var sign = 1.0
        skipSpaces()
        while true {
            guard let v = number(signed: terms.isEmpty) else { return nil }
            skipSpaces()
            let isPercent = rest.first == "%"
            if isPercent { rest = rest.dropFirst(); skipSpaces() }
            terms.append((sign * v, isPercent))
            guard let op = rest.first else { break }
            guard op == "+" || op == "-" else { return nil }
            sign = op == "+" ? 1 : -1
            rest = rest.dropFirst()
            skipSpaces()
        }
        return terms
    }

    static func finite(_ v: Double, _ node: Node, _ what: String) -> Parsed<Double> {
        Numbers.sized(v, node, what)
    }

    /// `90`, `"90deg"`, `"1.5708rad"`, `"0.25turn"`.
    static func angle(_ node: Node, what: String) -> Parsed<Angle> {
        let expected = "an angle (degrees, or a number with deg, rad or turn)"
        return scalarText(node, what: what, expected: expected).flatMap { text in
            let units: [(String, Double)] = [("deg", 1), ("rad", 180 / Double.pi), ("turn", 360), ("", 1)]
            for (unit, factor) in units where text.hasSuffix(unit) {
                let number = String(text.dropLast(unit.count)).trimmingSpaces
                if let v = Numbers.decimal(number) {
                    return finite(v * factor, node, what).map { Angle(degrees: $0) }
                }
            }
            if ["nan", "inf"].contains(where: { text.lowercased().contains($0) }) {
                return .failure(ValueError(code: .badValue, message: "\(what) must be a finite angle, not '\(text)'", range: node.range))
            }
            return .failure(ValueError(code: .badValue, message: "\(what) must be \(expected), not '\(text)'", range: node.range,
                                       notes: ["for example 90, \"90deg\", \"1.5708rad\" or \"0.25turn\""]))
        }
    }

    /// Only plain `true` and `false`: YAML 1.1's yes/no/on/off are refused with a hint.
    static func bool(_ node: Node, what: String) -> Parsed<Bool> {
        if let s = node.scalar, s.isPlain {
            if s.text == "true" { return .success(true) }
            if s.text == "false" { return .success(false) }
            let truthy = ["yes", "y", "on", "true"], falsy = ["no", "n", "off", "false"]
            let lowered = s.text.lowercased()
            if truthy.contains(lowered) || falsy.contains(lowered) {
                let meant = truthy.contains(lowered) ? "true" : "false"
                return .failure(ValueError(code: .badValue, message: "\(what) must be true or false, not '\(s.text)'",
                                           range: node.range,
                                           notes: ["write \(meant): scene files take only true and false as booleans"]))
            }
        }
        if let s = node.scalar, !s.isPlain, s.text == "true" || s.text == "false" {
            return .failure(ValueError(code: .badValue, message: "\(what) must be true or false, not the quoted string \"\(s.text)\"",
                                       range: node.range,
                                       notes: ["write \(s.text) without quotes: quoted, it is text, not a bool"]))
        }
        return .failure(ValueError(code: .badValue, message: "\(what) must be true or false, not \(node.kindDescription)",
                                   range: node.range))
    }

    static func choice(_ node: Node, _ words: [String], what: String) -> Parsed<String> {
        let allowed = "allowed: " + words.joined(separator: ", ")
        guard let s = node.scalar, !s.isNull else {
            return .failure(ValueError(code: .badValue, message: "\(what) must be one of the words \(words.joined(separator: ", ")), not \(node.kindDescription)",
                                       range: node.range))
        }
        if words.contains(s.text) { return .success(s.text) }
        let suggestion = Suggestions.Suggestion(
            word: Suggestions.nearest(to: s.text, in: words) ?? Synonyms.word(for: s.text, among: words), at: node.range)
        return .failure(ValueError(code: .badValue, message: "\(what) cannot be '\(s.text)'\(suggestion.hint)",
                                   range: node.range, notes: [allowed], fixes: suggestion.fixes))
    }

    /// `"10:09:30"`, `"22:15"`, hours 0–47, or `now`.
    static func timeOfDay(_ node: Node, what: String) -> Parsed<TimeOfDay> {
        let expected = "a time of day such as \"10:09:30\" or \"22:15\", or now"
        return scalarText(node, what: what, expected: expected).flatMap { text in
            if text == "now" { return .success(.now) }
            let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            let fail = ValueError(code: .badValue, message: "\(what) must be \(expected), not '\(text)'", range: node.range)
            guard parts.count == 2 || parts.count == 3,
                  parts[0].allSatisfy(\.isNumber), parts[1].allSatisfy(\.isNumber),
                  !parts[0].isEmpty, parts[1].count == 2,
                  let h = Int(parts[0]), let m = Int(parts[1]) else {
                return .failure(fail)
            }
            var s = 0.0
            if parts.count == 3 {
                guard parts[2].count >= 2, parts[2].first?.isNumber == true,
                      let v = Numbers.decimal(parts[2]) else { return .failure(fail) }
                s = v
            }
            guard h <= 47 else {
                return .failure(ValueError(code: .outOfRange, message: "\(what): hours run from 0 to 47, not \(h)", range: node.range,
                                           notes: ["hours past 24 let a timeline run over midnight"]))
            }
            guard m <= 59, s >= 0, s < 60 else {
                return .failure(ValueError(code: .outOfRange, message: "\(what): minutes and seconds run from 0 to 59 in '\(text)'",
                                           range: node.range))
            }
            return .success(.hms(Double(h), Double(m), s))
        }
    }

    static func list(_ node: Node, what: String, expected: String) -> Parsed<[Node]> {
        guard let items = node.sequence else {
            return .failure(ValueError(code: .badValue, message: "\(what) must be \(expected), not \(node.kindDescription)",
                                       range: node.range))
        }
        return .success(items)
    }

    static func points(_ node: Node, what: String) -> Parsed<[Point]> {
        list(node, what: what, expected: "a list of [x, y] points").flatMap { items in
            guard items.count >= 2 else {
                return .failure(ValueError(code: .badValue, message: "\(what) needs at least 2 points, got \(items.count)",
                                           range: node.range))
            }
            var points: [Point] = []
            for item in items {
                guard let xy = item.sequence, xy.count == 2 else {
                    return .failure(ValueError(code: .badValue, message: "each point of \(what) must be a pair [x, y], not \(item.kindDescription)",
                                               range: item.range))
                }
                switch (length(xy[0], what: "x of a point"), length(xy[1], what: "y of a point")) {
                case (.success(let x), .success(let y)): points.append(Point(x: x, y: y))
                case (.failure(let e), _), (_, .failure(let e)): return .failure(e)
                }
            }
            return .success(points)
        }
    }

    static func dash(_ node: Node, what: String) -> Parsed<[Double]> {
        list(node, what: what, expected: "a list of dash and gap lengths").flatMap { items in
            guard !items.isEmpty else {
                return .failure(ValueError(code: .badValue, message: "\(what) must list at least one length", range: node.range))
            }
            var lengths: [Double] = []
            for item in items {
                switch Numbers.number(item, in: .nonNegative, what: "a dash length") {
                case .success(let v): lengths.append(v)
                case .failure(let e): return .failure(e)
                }
            }
            guard lengths.contains(where: { $0 > 0 }) else {
                return .failure(ValueError(code: .badValue, message: "\(what) cannot be all zeros", range: node.range))
            }
            return .success(lengths)
        }
    }

    /// The fields of a small mapping value (`{top, leading}`, `{row, column}`), each a number ≥ 0.
    static func numberFields(_ node: Node, _ fields: [String], what: String) -> Parsed<[String: Double]> {
        guard let pairs = node.mapping else {
            return .failure(ValueError(code: .badValue, message: "\(what) must be a number or {\(fields.joined(separator: ", "))}, not \(node.kindDescription)",
                                       range: node.range))
        }
        var result: [String: Double] = [:]
        for pair in pairs {
            guard fields.contains(pair.key) else {
                let suggestion = Suggestions.suggest(pair.key, in: fields, at: pair.keyRange)
                return .failure(ValueError(code: .unknownKey, message: "unknown key '\(pair.key)' in \(what)\(suggestion.hint)",
                                           range: pair.keyRange, notes: ["allowed: " + fields.joined(separator: ", ")], fixes: suggestion.fixes))
            }
            switch Numbers.number(pair.value, in: .nonNegative, what: "\(what).\(pair.key)") {
            case .success(let v): result[pair.key] = v
            case .failure(let e): return .failure(e)
            }
        }
        return .success(result)
    }

    static func insets(_ node: Node, what: String) -> Parsed<Insets> {
        if node.scalar != nil {
            return Numbers.number(node, in: .nonNegative, what: what).map { Insets(all: $0) }
        }
        return numberFields(node, insetsFields, what: what).map { f in
            Insets(top: f["top"] ?? 0, leading: f["leading"] ?? 0, bottom: f["bottom"] ?? 0, trailing: f["trailing"] ?? 0)
        }
    }

    static func gridSpacing(_ node: Node, what: String) -> Parsed<GridSpacing> {
        if node.scalar != nil {
            return Numbers.number(node, in: .nonNegative, what: what).map { GridSpacing(row: $0, column: $0) }
        }
        return numberFields(node, gridSpacingFields, what: what).map { f in
            GridSpacing(row: f["row"] ?? 0, column: f["column"] ?? 0)
        }
    }
}
