import SceneModel
import SceneSyntax

/// Durations and easing curves (docs/language.md §2 and §5).
package enum Timing {
    /// `1.5`, `"1.5s"`, `"250ms"`, `"12f"` (frames at `fps`), in seconds; never negative.
    static func duration(_ node: Node, fps: Double, what: String) -> Parsed<Double> {
        let expected = "a duration (seconds, or a number with s, ms or f)"
        return ValueParser.scalarText(node, what: what, expected: expected).flatMap { text in
            let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("f", 1 / fps), ("", 1)]
            for (unit, factor) in units where text.hasSuffix(unit) {
                let number = String(text.dropLast(unit.count)).trimmingSpaces
                guard let v = Numbers.decimal(number) else { continue }
                guard v >= 0 || !v.isFinite else {
                    return .failure(ValueError(code: .outOfRange, message: "\(what) cannot be negative, not '\(text)'", range: node.range))
                }
                return Numbers.sized(v * factor, node, what)
            }
            return .failure(ValueError(code: .badValue, message: "\(what) must be \(expected), not '\(text)'", range: node.range,
                                       notes: ["for example 2, \"1.5s\", \"250ms\" or \"12f\""]))
        }
    }

    package static let easingForms = "linear, easeIn, easeOut, easeInEaseOut, default, \"cubicBezier(x1, y1, x2, y2)\", \"steps(n)\" or {spring: {…}}"

    static func easing(_ node: Node, what: String) -> Parsed<Easing> {
        if let pairs = node.mapping {
            guard pairs.count == 1, let pair = pairs.first else {
                return .failure(ValueError(code: .badValue, message: "\(what) must be one of \(easingForms)", range: node.range))
            }
            switch pair.key {
            case "cubicBezier":
                guard let items = pair.value.sequence, items.count == 4 else {
                    return .failure(ValueError(code: .badValue, message: "cubicBezier takes four numbers [x1, y1, x2, y2]", range: pair.value.range))
                }
                return bezier(items.map { Numbers.number($0, what: "a cubicBezier control point") }, range: pair.value.range)
            case "steps":
                return steps(Numbers.number(pair.value, what: "steps"), range: pair.value.range)
            case "spring":
                return spring(pair.value)
            default:
                let forms = ["cubicBezier", "steps", "spring"]
                let suggestion = Suggestions.suggest(pair.key, in: forms, at: pair.keyRange)
                return .failure(ValueError(code: .unknownKey, message: "unknown easing '\(pair.key)'\(suggestion.hint)",
                                           range: pair.keyRange, notes: ["easings: " + easingForms], fixes: suggestion.fixes))
            }
        }
        guard let s = node.scalar, !s.isNull else {
            return .failure(ValueError(code: .badValue, message: "\(what) must be one of \(easingForms)", range: node.range))
        }
        let text = s.text.trimmingSpaces
        if let named = Easing.named[text] { return .success(named) }
        for function in ["cubicBezier", "steps"] where text.hasPrefix(function + "(") && text.hasSuffix(")") {
            let inner = text.dropFirst(function.count + 1).dropLast()
            let args = inner.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
            let numbers: [Parsed<Double>] = args.map { arg in
                Numbers.decimal(arg).map { .success($0) }
                    ?? .failure(ValueError(code: .badValue, message: "'\(arg)' is not a number in \(function)(…)", range: node.range))
            }
            if function == "steps" {
                guard numbers.count == 1, let n = numbers.first else {
                    return .failure(ValueError(code: .badValue, message: "steps takes one whole number: \"steps(4)\"", range: node.range))
                }
                return steps(n, range: node.range)
            }
            guard numbers.count == 4 else {
                return .failure(ValueError(code: .badValue, message: "cubicBezier takes four numbers: \"cubicBezier(0.42, 0, 0.58, 1)\"",
                                           range: node.range))
            }
            return bezier(numbers, range: node.range)
        }
        let names = Array(Easing.named.keys).sorted()
        let suggestion = Suggestions.Suggestion(
            word: otherSpellings[text] ?? Suggestions.nearest(to: text, in: names + ["cubicBezier", "steps", "spring"]), at: node.range)
        return .failure(ValueError(code: .badValue, message: "unknown easing '\(text)'\(suggestion.hint)",
                                   range: node.range, notes: ["easings: " + easingForms], fixes: suggestion.fixes))
    }

    /// CSS's and other tools' names for Core Animation's curves.
    static let otherSpellings = ["easeInOut": "easeInEaseOut", "ease-in-out": "easeInEaseOut", "ease-in": "easeIn",
                                 "ease-out": "easeOut", "ease": "default", "cubic-bezier": "cubicBezier"]

    static func bezier(_ parts: [Parsed<Double>], range: SourceRange) -> Parsed<Easing> {
        var v: [Double] = []
        for p in parts {
            switch p {
            case .success(let x): v.append(x)
            case .failure(let e): return .failure(e)
            }
        }
        guard v.count == 4, v.allSatisfy(\.isFinite) else {
            return .failure(ValueError(code: .badValue, message: "cubicBezier takes four finite numbers", range: range))
        }
        guard (0...1).contains(v[0]), (0...1).contains(v[2]) else {
            return .failure(ValueError(code: .outOfRange, message: "cubicBezier's x1 and x2 must be between 0 and 1 (time runs forward)",
                                       range: range))
        }
        return .success(.cubicBezier(v[0], v[1], v[2], v[3]))
    }

    static func steps(_ n: Parsed<Double>, range: SourceRange) -> Parsed<Easing> {
        n.flatMap { v in
            guard v == v.rounded(), v >= 1, v <= Double(maxSteps) else {
                return .failure(ValueError(code: .outOfRange, message: "steps must be a whole number from 1 to \(maxSteps), not \(formatNumber(v))",
                                           range: range))
            }
            return .success(.steps(Int(v)))
        }
    }

    /// The most steps a `steps` easing may have (the JSON Schema publishes the same limit).
    package static let maxSteps = 10_000
    /// A spring's parameters, in the order the docs and the JSON Schema list them.
    package static let springFields = ["mass", "stiffness", "damping", "initialVelocity"]

    /// What a spring parameter may be: a velocity either way, the others > 0.
    package static func springRange(_ field: String) -> NumberRange {
        field == "initialVelocity" ? NumberRange(min: -1000, max: 1000) : NumberRange(min: 0, max: 1_000_000, minExclusive: true)
    }

    static func spring(_ node: Node) -> Parsed<Easing> {
        let fields = springFields
        guard let pairs = node.mapping else {
            return .failure(ValueError(code: .badValue, message: "spring takes {mass, stiffness, damping, initialVelocity}", range: node.range))
        }
        var spring = Spring()
        for pair in pairs {
            guard fields.contains(pair.key) else {
                let suggestion = Suggestions.suggest(pair.key, in: fields, at: pair.keyRange)
                return .failure(ValueError(code: .unknownKey, message: "unknown spring parameter '\(pair.key)'\(suggestion.hint)",
                                           range: pair.keyRange, notes: ["allowed: " + fields.joined(separator: ", ")], fixes: suggestion.fixes))
            }
            switch Numbers.number(pair.value, in: springRange(pair.key), what: "spring \(pair.key)") {
            case .failure(let e): return .failure(e)
            case .success(let v):
                switch pair.key {
                case "mass": spring.mass = v
                case "stiffness": spring.stiffness = v
                case "damping": spring.damping = v
                default: spring.initialVelocity = v
                }
            }
        }
        return .success(.spring(spring))
    }
}

/// Reads a time given on the command line (`--time 1.5s`, `--time 12f`) with the scene's grammar.
public enum TimeArgument {
    /// Seconds, or nil and the reason the text is not a time; frames count at `fps`.
    public static func seconds(_ text: String, fps: Double) -> (seconds: Double?, problem: String?) {
        let node = Node(.scalar(Node.Scalar(text: text, isPlain: false)), range: .none)
        switch Timing.duration(node, fps: fps, what: "--time") {
        case .success(let v): return (v, nil)
        case .failure(let e): return (nil, e.message)
        }
    }
}
