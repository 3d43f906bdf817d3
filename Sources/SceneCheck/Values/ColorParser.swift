import SceneModel
import SceneSyntax

/// Every colour form of docs/language.md §2: hex, rgb()/rgba(), CSS names, clear, the two
/// UIColor mappings, iOS system colours by name, `{color: C, alpha: A}` and `{light: C, dark: C}`.
/// Each is read into its `ColorForm`, so the form as written reaches inspect, `edit` and the preview.
enum ColorParser {
    static let expected = "a color (\"#rrggbb\", \"rgb(1, 111, 37)\", a CSS or iOS system color name, clear, {red, green, blue, alpha}, {white, alpha}, {color, alpha} or {light, dark})"
    static let appearanceKeys = Appearance.allCases.map(\.rawValue)
    static let alphaKeys = ["color", "alpha"]

    /// A colour as written: `.colorForm`, resolved to a plain colour once the whole scene is checked.
    static func color(_ node: Node, what: String) -> Parsed<Value> {
        form(node, what: what).map(Value.colorForm)
    }

    static func form(_ node: Node, what: String) -> Parsed<ColorForm> {
        if let pairs = node.mapping, pairs.contains(where: { appearanceKeys.contains($0.key) }) {
            return byAppearance(node, pairs, what: what)
        }
        return single(node, what: what)
    }

    /// `{light: C, dark: C}`: each side any other colour form; a system colour gives its own
    /// side for that appearance (`{light: systemBlue, …}` is systemBlue's light blue).
    static func byAppearance(_ node: Node, _ pairs: [Node.Pair], what: String) -> Parsed<ColorForm> {
        var sides: [String: ColorForm] = [:]
        for pair in pairs {
            guard Appearance(rawValue: pair.key) != nil else {
                let suggestion = Suggestions.suggest(pair.key, in: appearanceKeys, at: pair.keyRange)
                return .failure(ValueError(code: .unknownKey, message: "unknown key '\(pair.key)' in \(what)\(suggestion.hint)",
                                           range: pair.keyRange,
                                           notes: ["a color by appearance is {light: COLOR, dark: COLOR}"], fixes: suggestion.fixes))
            }
            if let inner = pair.value.mapping, inner.contains(where: { appearanceKeys.contains($0.key) }) {
                return .failure(ValueError(code: .badValue, message: "\(what).\(pair.key) cannot itself be {light, dark}: each side is one color",
                                           range: pair.value.range,
                                           notes: ["write \(pair.key): \"#rrggbb\" (or any single color)"]))
            }
            switch single(pair.value, what: "\(what).\(pair.key)") {
            case .success(let side): sides[pair.key] = side
            case .failure(let e): return .failure(e)
            }
        }
        guard let light = sides["light"], let dark = sides["dark"] else {
            let missing = sides["light"] == nil ? "light" : "dark"
            return .failure(ValueError(code: .missingKey, message: "\(what) is missing '\(missing)'", range: node.range,
                                       notes: ["a color by appearance needs both: {light: COLOR, dark: COLOR}"]))
        }
        return .success(.pair(light: light, dark: dark))
    }

    /// One colour, any form but `{light, dark}`.
    static func single(_ node: Node, what: String) -> Parsed<ColorForm> {
        if let pairs = node.mapping, pairs.contains(where: { $0.key == "color" }) {
            return withAlpha(node, pairs, what: what)
        }
        return plain(node, what: what)
    }

    /// `{color: C, alpha: A}`: C any single form but another `{color, alpha}`, its alpha
    /// replaced by A (0–1) — how a system colour is made translucent and keeps its name.
    static func withAlpha(_ node: Node, _ pairs: [Node.Pair], what: String) -> Parsed<ColorForm> {
        var base: ColorForm?
        var alpha: Double?
        for pair in pairs {
            switch pair.key {
            case "color":
                if let inner = pair.value.mapping, inner.contains(where: { ($0.key == "color") || appearanceKeys.contains($0.key) }) {
                    return .failure(ValueError(code: .badValue, message: "\(what).color must be one color, not {color, alpha} or {light, dark}",
                                               range: pair.value.range,
                                               notes: ["write {light: {color: C, alpha: A}, dark: …} to give each appearance its own alpha"]))
                }
                switch plain(pair.value, what: "\(what).color") {
                case .success(let form): base = form
                case .failure(let e): return .failure(e)
                }
            case "alpha":
                switch Numbers.number(pair.value, in: .unit, what: "\(what).alpha") {
                case .success(let v): alpha = v
                case .failure(let e): return .failure(e)
                }
            default:
                let suggestion = Suggestions.suggest(pair.key, in: alphaKeys, at: pair.keyRange)
                return .failure(ValueError(code: .unknownKey, message: "unknown key '\(pair.key)' in \(what)\(suggestion.hint)",
                                           range: pair.keyRange,
                                           notes: ["a color with its own alpha is {color: COLOR, alpha: 0–1}"], fixes: suggestion.fixes))
            }
        }
        guard let base, let alpha else {
            return .failure(ValueError(code: .missingKey, message: "\(what) is missing '\(base == nil ? "color" : "alpha")'", range: node.range,
                                       notes: ["a color with its own alpha is {color: COLOR, alpha: 0–1}"]))
        }
        return .success(.withAlpha(base, alpha))
    }

    /// One colour by name or value: a system colour, or a colour the same in every appearance.
    static func plain(_ node: Node, what: String) -> Parsed<ColorForm> {
        if let s = node.scalar, !s.isNull, let system = ColorForm.system(named: s.text.trimmingSpaces) {
            return .success(system)
        }
        return fixed(node, what: what)
    }

    /// One colour the same in every appearance.
    static func fixed(_ node: Node, what: String) -> Parsed<ColorForm> {
        switch node.content {
        case .mapping:
            return mapping(node, what: what)
        case .sequence:
            return .failure(ValueError(code: .badValue, message: "\(what) must be \(expected), not a list", range: node.range))
        case .scalar(let s):
            if s.isNull, let comment = s.comment, comment.text.count > 1,
               comment.text.dropFirst().allSatisfy(\.isHexDigit) {
                return .failure(ValueError(code: .hashCommentColour,
                    message: "a # starts a comment in YAML, so \(what) has no value; quote the colour: \(what): \"\(comment.text)\"",
                    range: comment.range, fixes: [Fix("quote the colour: \(what): \"\(comment.text)\"", replacing: comment.range,
                                                      with: "\"\(comment.text)\"")]))
            }
            if s.isNull {
                return .failure(ValueError(code: .badValue, message: "\(what) must be \(expected), not nothing (null)", range: node.range))
            }
            return text(s.text.trimmingSpaces, node: node, what: what)
        }
    }

    /// Every colour name, for "did you mean": iOS system colours (exactly as UIKit spells them),
    /// CSS names (any case), clear and transparent.
    static let names = SystemColors.all.map(\.name) + cssNamedColors.keys.sorted() + ["clear", "transparent"]
    static let nameIndex = Suggestions.Index(names)

    static func text(_ text: String, node: Node, what: String) -> Parsed<ColorForm> {
        let lowered = text.lowercased()
        if lowered.hasPrefix("#") {
            return hex(String(lowered.dropFirst()), node: node, what: what).map(ColorForm.hex)
        }
        if lowered.hasPrefix("rgb") {
            return function(lowered, node: node, what: what).map(ColorForm.rgb)
        }
        if lowered == "clear" { return .success(.clear) }
        if lowered == "transparent" { return .success(.css(text, .clear)) }
        if let rgb = cssNamedColors[lowered] {
            return .success(.css(text, .rgb255(Double(rgb >> 16 & 0xFF), Double(rgb >> 8 & 0xFF), Double(rgb & 0xFF))))
        }
        if let digits = unmarkedHex(text) {
            let meant = "\"#\(digits)\""
            return .failure(ValueError(code: .badValue, message: "\(what): '\(text)' is not a color; did you mean \(meant)?", range: node.range,
                                       notes: ["a hex color starts with # and is quoted, since an unquoted # starts a comment in YAML"],
                                       fixes: node.range.isNone ? [] : [Fix("write \(meant)", replacing: node.range, with: meant)]))
        }
        let suggestion = Suggestions.Suggestion(word: nameIndex.nearest(to: text) ?? Suggestions.extended(text, in: names), at: node.range)
        return .failure(ValueError(code: .badValue, message: "\(what): '\(text)' is not a color\(suggestion.hint)",
                                   range: node.range,
                                   notes: ["write \"#rrggbb\", \"rgb(r, g, b)\", \"rgba(r, g, b, a)\", a CSS color name, an iOS system color name (systemBlue, label, …) or clear"],
                                   fixes: suggestion.fixes))
    }

    /// The digits of a hex colour written as other languages write one: `0xff0000` (C, Swift,
    /// UIColor extensions) or bare `ff0000` (six or eight digits, as design tools copy them).
    /// Only six or eight: `0xff00` is the number 0x00ff00 there, where "#ff00" would be #rgba.
    static func unmarkedHex(_ text: String) -> String? {
        let lowered = text.lowercased()
        if lowered.hasPrefix("0x") {
            let digits = String(text.dropFirst(2))
            return [6, 8].contains(digits.count) && digits.allSatisfy(\.isHexDigit) ? digits : nil
        }
        return [6, 8].contains(text.count) && text.allSatisfy(\.isHexDigit) ? text : nil
    }

    static func hex(_ digits: String, node: Node, what: String) -> Parsed<Color> {
        let values = digits.compactMap(\.hexDigitValue)
        guard values.count == digits.count, [3, 4, 6, 8].contains(values.count) else {
            return .failure(ValueError(code: .badValue, message: "\(what): '#\(digits)' is not a hex color; use #rgb, #rgba, #rrggbb or #rrggbbaa",
                                       range: node.range))
        }
        var components: [Double]
        if values.count <= 4 {
            components = values.map { Double($0 * 17) / 255 }
        } else {
            components = stride(from: 0, to: values.count, by: 2).map { Double(values[$0] * 16 + values[$0 + 1]) / 255 }
        }
        if components.count == 3 { components.append(1) }
        return .success(Color(red: components[0], green: components[1], blue: components[2], alpha: components[3]))
    }

    /// `rgb(1, 111, 37)` and `rgba(255, 255, 255, 0.15)`: 0–255 channels, alpha 0–1.
    static func function(_ text: String, node: Node, what: String) -> Parsed<Color> {
        let isRGBA = text.hasPrefix("rgba")
        let name = isRGBA ? "rgba" : "rgb"
        let body = String(text.dropFirst(name.count)).trimmingSpaces
        let fail = ValueError(code: .badValue, message: "\(what): '\(text)' is not a color; write rgb(r, g, b) or rgba(r, g, b, a) with r, g, b 0–255 and a 0–1",
                              range: node.range)
        guard body.hasPrefix("("), body.hasSuffix(")") else { return .failure(fail) }
        let numbers = body.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false)
            .map { Numbers.decimal(String($0).trimmingSpaces) }
        guard numbers.count == (isRGBA ? 4 : 3), numbers.allSatisfy({ $0 != nil }) else { return .failure(fail) }
        let n = numbers.compactMap { $0 }
        guard n.prefix(3).allSatisfy({ $0 >= 0 && $0 <= 255 }) else {
            return .failure(ValueError(code: .outOfRange, message: "\(what): red, green and blue must be between 0 and 255 in '\(text)'",
                                       range: node.range))
        }
        let alpha = isRGBA ? n[3] : 1
        guard alpha >= 0, alpha <= 1 else {
            return .failure(ValueError(code: .outOfRange, message: "\(what): alpha must be between 0 and 1 in '\(text)'", range: node.range))
        }
        return .success(.rgb255(n[0], n[1], n[2], alpha: alpha))
    }

    /// `{red: 235, green: 237, blue: 236, alpha: 1}` (0–255) or `{white: 1, alpha: 0.15}` (0–1).
    static func mapping(_ node: Node, what: String) -> Parsed<ColorForm> {
        guard let pairs = node.mapping else { return .failure(ValueError(code: .badValue, message: "\(what) must be \(expected)", range: node.range)) }
        let keys = pairs.map(\.key)
        let isWhite = keys.contains("white")
        let allowed = isWhite ? ["white", "alpha"] : ["red", "green", "blue", "alpha"]
        var fields: [String: Double] = [:]
        for pair in pairs {
            guard allowed.contains(pair.key) else {
                let note = isWhite ? "a white color takes white (0–1) and alpha (0–1)"
                    : "a color mapping takes red, green, blue (0–255) and alpha (0–1), white and alpha, color and alpha, or light and dark"
                let suggestion = Suggestions.suggest(pair.key, in: allowed + ["white", "color"] + appearanceKeys, at: pair.keyRange)
                return .failure(ValueError(code: .unknownKey, message: "unknown key '\(pair.key)' in \(what)\(suggestion.hint)",
                                           range: pair.keyRange, notes: [note], fixes: suggestion.fixes))
            }
            let range: NumberRange = (pair.key == "alpha" || isWhite) ? .unit : NumberRange(min: 0, max: 255)
            switch Numbers.number(pair.value, in: range, what: "\(what).\(pair.key)") {
            case .success(let v): fields[pair.key] = v
            case .failure(let e): return .failure(e)
            }
        }
        let alpha = fields["alpha"] ?? 1
        if isWhite {
            return .success(.white(.white(fields["white"] ?? 0, alpha: alpha)))
        }
        for channel in ["red", "green", "blue"] where fields[channel] == nil {
            return .failure(ValueError(code: .missingKey, message: "\(what) is missing '\(channel)'", range: node.range,
                                       notes: ["a color mapping needs red, green and blue (0–255); alpha defaults to 1"]))
        }
        return .success(.components(.rgb255(fields["red"] ?? 0, fields["green"] ?? 0, fields["blue"] ?? 0, alpha: alpha)))
    }
}
