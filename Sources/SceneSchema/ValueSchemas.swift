import SceneCheck
import SceneModel
import SceneSupport

/// The value grammars of docs/language.md §2 as JSON Schema: regular expressions where a regex can say it,
/// `enum`s for word lists, small objects for the mapping forms. Patterns follow what
/// `ValueParser`, `ColorParser` and `Timing` accept (the schema tests compare them sample by
/// sample), written in the subset of regex syntax that ECMAScript and the common validators
/// share: no `\d` or `\s` (Unicode-dependent in some engines), no inline flags.
enum ValueSchemas {
    /// The checker trims spaces and tabs around a scalar before reading it.
    static let space = "[ \\t]*"
    /// `Numbers.decimal`: digits with an optional point and exponent, at least one digit.
    static let unsignedDecimal = "(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
    static let signedDecimal = "[+-]?" + unsignedDecimal
    /// 0–255 with an optional fraction (exponent forms are left to the checker).
    static let channel255 = "\\+?(?:0*(?:25[0-4]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(?:\\.[0-9]*)?|0*255(?:\\.0*)?|\\.[0-9]+)"
    /// 0–1 with an optional fraction.
    static let unit = "\\+?(?:0+(?:\\.[0-9]*)?|0*1(?:\\.0*)?|\\.[0-9]+)"

    static func whole(_ body: String) -> String { "^" + space + body + space + "$" }

    /// `12`, `"50%"`, `"100% - 10"`, `"50% + 4"`, `"100% - 5% + 2"`: a sum of points and percentages.
    static let lengthPattern = whole(signedDecimal + percentSign + lengthTail + "*")
    /// One more term of a length's sum: `- 10`, `+ 5%`.
    static let lengthTail = "(?:" + space + "[+-]" + space + unsignedDecimal + percentSign + ")"
    /// A term's `%`, with the spaces before it only when the `%` is there: spaces written as
    /// `space "%?"` would sit next to the following term's own spaces, and a regex engine
    /// that backtracks tries every way of splitting them — exponential in the number of
    /// terms on a string that fails (a hundred characters hung an editor's schema check).
    static let percentSign = "(?:" + space + "%)?"
    /// A length that is not a negative number of points (frame and size dimensions): a single
    /// number unsigned, a percentage, or a sum (whose total the checker works out).
    static let dimensionPattern = whole("(?:\\+?" + unsignedDecimal + "|" + signedDecimal + space + "%" + lengthTail + "*|"
                                        + signedDecimal + percentSign + lengthTail + "+)")
    /// `90`, `"90deg"`, `"1.5708rad"`, `"0.25turn"`.
    static let anglePattern = whole(signedDecimal + space + "(?:deg|rad|turn)?")
    /// `"1.5s"`, `"250ms"`, `"12f"`, or seconds as a string; never negative.
    static let durationPattern = whole("\\+?" + unsignedDecimal + space + "(?:ms|s|f)?")
    /// `"10:09:30"`, `"22:15"`, `"24:00:30.5"` (hours 0–47), or `now`.
    static let timeOfDayPattern = whole("(?:now|0*(?:[0-9]|[1-3][0-9]|4[0-7]):[0-5][0-9](?::(?:[0-5][0-9](?:\\.[0-9]*)?|[0-9]\\.[0-9]*))?)")
    static let hexColorPattern = whole("#(?:[0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})")
    /// The colour functions are read case-insensitively, as the checker lowercases them.
    static let rgbPattern = whole("[Rr][Gg][Bb]" + space + arguments([channel255, channel255, channel255]))
    static let rgbaPattern = whole("[Rr][Gg][Bb][Aa]" + space + arguments([channel255, channel255, channel255, unit]))
    static let cubicBezierPattern = whole("cubicBezier" + arguments([unit, signedDecimal, unit, signedDecimal]))
    static var stepsPattern: String {
        // 1 to maxSteps, with an optional zero fraction ("4.0"), as the checker takes whole numbers.
        let digits = String(Timing.maxSteps).count
        let below = "[1-9][0-9]{0,\(digits - 2)}"
        return whole("steps\\(" + space + "0*(?:" + below + "|" + String(Timing.maxSteps) + ")(?:\\.0*)?" + space + "\\)")
    }

    /// `(a, b, c)`: each argument trimmed, as the checker splits on commas.
    static func arguments(_ parts: [String]) -> String {
        "\\(" + parts.map { space + $0 + space }.joined(separator: ",") + "\\)"
    }

    static func ref(_ name: String) -> JSONValue { ["$ref": .string("#/definitions/" + name)] }

    static func number(_ range: NumberRange) -> JSONValue {
        var schema: JSONValue = ["type": "number"]
        if let min = range.min {
            schema = schema.setting(range.minExclusive ? "exclusiveMinimum" : "minimum", .number(min))
        }
        if let max = range.max { schema = schema.setting("maximum", .number(max)) }
        return schema
    }

    /// The schema of one registry value kind, without a description.
    static func schema(for kind: ValueKind) -> JSONValue {
        switch kind {
        case .number(let range): return number(range)
        case .integer(let min):
            return ["type": "integer", "minimum": .number(Double(min)), "maximum": .number(Double(ValueParser.largestCount))]
        case .length: return ref("length")
        case .angle: return ref("angle")
        case .color: return ref("color")
        case .bool: return ["type": "boolean"]
        case .choice(let words): return ["type": "string", "enum": .strings(words)]
        case .timeOfDay: return ref("timeOfDay")
        case .points: return ref("pointList")
        case .dash: return ref("dashPattern")
        case .insets: return ref("insets")
        case .gridSpacing: return ref("gridSpacing")
        case .text, .fontFamily: return ["type": "string"]
        case .fontWeight:
            return ["anyOf": .array([["type": "string", "enum": .strings(FontWeight.words.map(\.name))],
                                     ["type": "number", "minimum": .number(FontWeight.range.lowerBound),
                                      "maximum": .number(FontWeight.range.upperBound)]])]
        }
    }

    /// The shared definitions the attribute schemas refer to, in the order the file lists them.
    static var definitions: [JSONMember] {
        [
            JSONMember(key: "length", value: [
                "description": "A length: points, or a percentage of a reference size with an optional offset (\"50%\", \"100% - 10\", \"50% + 4\").",
                "anyOf": [["type": "number"], ["type": "string", "pattern": .string(lengthPattern)]],
            ]),
            JSONMember(key: "dimension", value: [
                "description": "A width or height: points (not negative) or a percentage (\"50%\", \"100% - 40\").",
                "anyOf": [["type": "number", "minimum": 0], ["type": "string", "pattern": .string(dimensionPattern)]],
            ]),
            JSONMember(key: "angle", value: [
                "description": "An angle: degrees, or a number with deg, rad or turn (\"90deg\", \"1.5708rad\", \"0.25turn\"). 0 is 3 o'clock; positive turns clockwise.",
                "anyOf": [["type": "number"], ["type": "string", "pattern": .string(anglePattern)]],
            ]),
            JSONMember(key: "duration", value: [
                "description": "A duration, never negative: seconds, or a number with s, ms or f (frames at the timeline's fps): 2, \"1.5s\", \"250ms\", \"12f\".",
                "anyOf": [["type": "number", "minimum": 0], ["type": "string", "pattern": .string(durationPattern)]],
            ]),
            JSONMember(key: "timeOfDay", value: [
                "description": "A time of day, \"10:09:30\" or \"22:15\" (hours 0–47: past 24 runs over midnight), or now (the local time at render).",
                "type": "string", "pattern": .string(timeOfDayPattern),
            ]),
            JSONMember(key: "color", value: color),
            JSONMember(key: "singleColor", value: singleColor),
            JSONMember(key: "easing", value: easing),
            JSONMember(key: "pointList", value: [
                "description": "A path's points: [x, y] lengths, percent of the view's bounds; at least two.",
                "type": "array", "minItems": 2,
                "items": ["type": "array", "minItems": 2, "maxItems": 2, "items": ref("length")],
            ]),
            JSONMember(key: "dashPattern", value: [
                "description": "Dash and gap lengths, each ≥ 0, not all zero.",
                "type": "array", "minItems": 1,
                "items": ["type": "number", "minimum": 0], "contains": ["type": "number", "exclusiveMinimum": 0],
            ]),
            JSONMember(key: "insets", value: sidesOrNumber(ValueParser.insetsFields, "for every side")),
            JSONMember(key: "gridSpacing", value: sidesOrNumber(ValueParser.gridSpacingFields, "for both")),
        ]
    }

    /// A number ≥ 0 for all, or a mapping giving some of `fields`.
    static func sidesOrNumber(_ fields: [String], _ allWord: String) -> JSONValue {
        let properties = JSONValue.object(fields.map { JSONMember(key: $0, value: number(.nonNegative)) })
        return [
            "description": .string("A number ≥ 0 \(allWord), or {\(fields.joined(separator: ", "))}."),
            "anyOf": [
                number(.nonNegative),
                ["type": "object", "additionalProperties": false, "properties": properties],
            ],
        ]
    }

    static var colorNames: [String] { cssNamedColors.keys.sorted() + ["clear", "transparent"] }

    /// Any colour: one for every appearance, `{color, alpha}`, or `{light, dark}` of two such.
    static var color: JSONValue {
        let single = ref("singleColor")
        let withAlpha: JSONValue = ["type": "object", "additionalProperties": false, "required": ["color", "alpha"],
                                    "properties": ["color": single, "alpha": number(.unit)]]
        let side: JSONValue = ["anyOf": [single, withAlpha]]
        return [
            "description": "A colour: one colour for every appearance, {color: COLOR, alpha: 0–1} (the colour with that alpha: a system colour keeps its name), or {light: COLOR, dark: COLOR}, one for each (--appearance picks; a side may be {color, alpha}).",
            "anyOf": [
                single,
                withAlpha,
                ["type": "object", "additionalProperties": false, "required": ["light", "dark"],
                 "properties": ["light": side, "dark": side]],
            ],
        ]
    }

    static var singleColor: JSONValue {
        let rgbFields: [JSONMember] = ["red", "green", "blue"].map {
            JSONMember(key: $0, value: number(NumberRange(min: 0, max: 255)))
        } + [JSONMember(key: "alpha", value: number(.unit))]
        return [
            "description": "A colour (sRGB): \"#rgb\", \"#rgba\", \"#rrggbb\", \"#rrggbbaa\", \"rgb(1, 111, 37)\", \"rgba(255, 255, 255, 0.15)\", a CSS name, an iOS system colour name (systemBlue, label, …: light and dark values), clear (= transparent), {red, green, blue: 0–255, alpha: 0–1} or {white: 0–1, alpha: 0–1}.",
            "anyOf": [
                ["type": "string", "pattern": .string(hexColorPattern)],
                ["type": "string", "pattern": .string(rgbPattern)],
                ["type": "string", "pattern": .string(rgbaPattern)],
                ["enum": .strings(colorNames)],
                ["enum": .strings(SystemColors.all.map(\.name))],
                ["type": "object", "additionalProperties": false, "required": ["red", "green", "blue"],
                 "properties": .object(rgbFields)],
                ["type": "object", "additionalProperties": false, "required": ["white"],
                 "properties": ["white": number(.unit), "alpha": number(.unit)]],
            ],
        ]
    }

    static var easing: JSONValue {
        let springFields = JSONValue.object(Timing.springFields.map { JSONMember(key: $0, value: number(Timing.springRange($0))) })
        func form(_ key: String, _ value: JSONValue) -> JSONValue {
            ["type": "object", "additionalProperties": false, "required": [.string(key)], "properties": [key: value]]
        }
        return [
            "description": "An easing: linear, easeIn, easeOut, easeInEaseOut, default, \"cubicBezier(x1, y1, x2, y2)\", \"steps(n)\", {cubicBezier: [x1, y1, x2, y2]}, {steps: n} or {spring: {mass, stiffness, damping, initialVelocity}}.",
            "anyOf": [
                ["enum": .strings(Easing.named.keys.sorted())],
                ["type": "string", "pattern": .string(cubicBezierPattern)],
                ["type": "string", "pattern": .string(stepsPattern)],
                form("cubicBezier", ["type": "array", "minItems": 4, "maxItems": 4,
                                     "items": [number(.unit), ["type": "number"], number(.unit), ["type": "number"]]]),
                form("steps", ["type": "integer", "minimum": 1, "maximum": .number(Double(Timing.maxSteps))]),
                form("spring", ["type": "object", "additionalProperties": false, "properties": springFields]),
            ],
        ]
    }

    /// The registry's default as a JSON value a scene could hold, or nil when it has no exact
    /// literal form (then only the description states it).
    static func json(_ value: Value) -> JSONValue? {
        switch value {
        case .number(let v): return .number(v)
        case .length(let l): return l.percent == 0 ? .number(l.points) : .string(l.description)
        case .angle(let a): return .number(a.degrees)
        case .color(let c): return json(c)
        case .colorForm(let form): return json(form)
        case .bool(let b): return .bool(b)
        case .choice(let w): return .string(w)
        case .timeOfDay(let t): return .string(t.description)
        case .points(let ps):
            return .array(ps.map { p in .array([p.x, p.y].map { $0.percent == 0 ? .number($0.points) : .string($0.description) }) })
        case .dash(let ds): return .array(ds.map(JSONValue.number))
        case .insets(let i):
            guard i.top == i.leading, i.leading == i.bottom, i.bottom == i.trailing else {
                return ["top": .number(i.top), "leading": .number(i.leading), "bottom": .number(i.bottom),
                        "trailing": .number(i.trailing)]
            }
            return .number(i.top)
        case .gridSpacing(let g):
            return g.row == g.column ? .number(g.row) : ["row": .number(g.row), "column": .number(g.column)]
        case .text(let t): return .string(t)
        }
    }

    /// A colour form as the file writes it.
    static func json(_ form: ColorForm) -> JSONValue? {
        switch form {
        case .components(let c), .white(let c): return json(c)
        case .withAlpha(let base, let alpha): return json(base).map { ["color": $0, "alpha": .number(alpha)] }
        case .pair(let light, let dark): return json(light).flatMap { l in json(dark).map { ["light": l, "dark": $0] } }
        default: return .string(form.description)
        }
    }

    static func json(_ c: Color) -> JSONValue? {
        if c == .clear { return "clear" }
        let channels = [c.red, c.green, c.blue].map { $0 * 255 }
        guard channels.allSatisfy({ Swift.abs($0 - $0.rounded()) < 1e-9 && $0 >= 0 && $0 <= 255 }) else { return nil }
        if c.alpha == 1 { return .string(c.description) }
        return ["red": .number(channels[0].rounded()), "green": .number(channels[1].rounded()),
                "blue": .number(channels[2].rounded()), "alpha": .number(c.alpha)]
    }
}
