import SceneModel
import SceneSyntax

/// Every colour form of docs/language.md §2: hex, rgb()/rgba(), CSS names, clear, and the two UIColor mappings.
enum ColorParser {
    static let expected = "a color (\"#rrggbb\", \"rgb(1, 111, 37)\", a CSS name, clear, {red, green, blue, alpha} or {white, alpha})"

    static func color(_ node: Node, what: String) -> Parsed<Color> {
        switch node.content {
        case .mapping:
            return mapping(node, what: what)
        case .sequence:
            return .failure(ValueError(message: "\(what) must be \(expected), not a list", range: node.range))
        case .scalar(let s):
            if s.isNull, let comment = s.comment, comment.text.count > 1,
               comment.text.dropFirst().allSatisfy(\.isHexDigit) {
                return .failure(ValueError(
                    message: "a # starts a comment in YAML, so \(what) has no value; quote the colour: \(what): \"\(comment.text)\"",
                    range: comment.range))
            }
            if s.isNull {
                return .failure(ValueError(message: "\(what) must be \(expected), not nothing (null)", range: node.range))
            }
            return text(s.text.trimmingSpaces, node: node, what: what)
        }
    }

    static func text(_ text: String, node: Node, what: String) -> Parsed<Color> {
        let lowered = text.lowercased()
        if lowered.hasPrefix("#") {
            return hex(String(lowered.dropFirst()), node: node, what: what)
        }
        if lowered.hasPrefix("rgb") {
            return function(lowered, node: node, what: what)
        }
        if lowered == "clear" || lowered == "transparent" { return .success(.clear) }
        if let rgb = cssNamedColors[lowered] {
            return .success(.rgb255(Double(rgb >> 16 & 0xFF), Double(rgb >> 8 & 0xFF), Double(rgb & 0xFF)))
        }
        let names = Array(cssNamedColors.keys).sorted() + ["clear", "transparent"]
        return .failure(ValueError(message: "\(what): '\(text)' is not a color\(Suggestions.hint(for: lowered, in: names))",
                                   range: node.range,
                                   notes: ["write \"#rrggbb\", \"rgb(r, g, b)\", \"rgba(r, g, b, a)\", a CSS color name or clear"]))
    }

    static func hex(_ digits: String, node: Node, what: String) -> Parsed<Color> {
        let values = digits.compactMap(\.hexDigitValue)
        guard values.count == digits.count, [3, 4, 6, 8].contains(values.count) else {
            return .failure(ValueError(message: "\(what): '#\(digits)' is not a hex color; use #rgb, #rgba, #rrggbb or #rrggbbaa",
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
        let fail = ValueError(message: "\(what): '\(text)' is not a color; write rgb(r, g, b) or rgba(r, g, b, a) with r, g, b 0–255 and a 0–1",
                              range: node.range)
        guard body.hasPrefix("("), body.hasSuffix(")") else { return .failure(fail) }
        let numbers = body.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false)
            .map { Numbers.decimal(String($0).trimmingSpaces) }
        guard numbers.count == (isRGBA ? 4 : 3), numbers.allSatisfy({ $0 != nil }) else { return .failure(fail) }
        let n = numbers.compactMap { $0 }
        guard n.prefix(3).allSatisfy({ $0 >= 0 && $0 <= 255 }) else {
            return .failure(ValueError(message: "\(what): red, green and blue must be between 0 and 255 in '\(text)'",
                                       range: node.range))
        }
        let alpha = isRGBA ? n[3] : 1
        guard alpha >= 0, alpha <= 1 else {
            return .failure(ValueError(message: "\(what): alpha must be between 0 and 1 in '\(text)'", range: node.range))
        }
        return .success(.rgb255(n[0], n[1], n[2], alpha: alpha))
    }

    /// `{red: 235, green: 237, blue: 236, alpha: 1}` (0–255) or `{white: 1, alpha: 0.15}` (0–1).
    static func mapping(_ node: Node, what: String) -> Parsed<Color> {
        guard let pairs = node.mapping else { return .failure(ValueError(message: "\(what) must be \(expected)", range: node.range)) }
        let keys = pairs.map(\.key)
        let isWhite = keys.contains("white")
        let allowed = isWhite ? ["white", "alpha"] : ["red", "green", "blue", "alpha"]
        var fields: [String: Double] = [:]
        for pair in pairs {
            guard allowed.contains(pair.key) else {
                let note = isWhite ? "a white color takes white (0–1) and alpha (0–1)"
                    : "a color mapping takes red, green, blue (0–255) and alpha (0–1), or white and alpha"
                return .failure(ValueError(message: "unknown key '\(pair.key)' in \(what)\(Suggestions.hint(for: pair.key, in: allowed + ["white"]))",
                                           range: pair.keyRange, notes: [note]))
            }
            let range: NumberRange = (pair.key == "alpha" || isWhite) ? .unit : NumberRange(min: 0, max: 255)
            switch Numbers.number(pair.value, in: range, what: "\(what).\(pair.key)") {
            case .success(let v): fields[pair.key] = v
            case .failure(let e): return .failure(e)
            }
        }
        let alpha = fields["alpha"] ?? 1
        if isWhite {
            return .success(.white(fields["white"] ?? 0, alpha: alpha))
        }
        for channel in ["red", "green", "blue"] where fields[channel] == nil {
            return .failure(ValueError(message: "\(what) is missing '\(channel)'", range: node.range,
                                       notes: ["a color mapping needs red, green and blue (0–255); alpha defaults to 1"]))
        }
        return .success(.rgb255(fields["red"] ?? 0, fields["green"] ?? 0, fields["blue"] ?? 0, alpha: alpha))
    }
}
