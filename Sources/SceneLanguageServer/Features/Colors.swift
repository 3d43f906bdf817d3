import SceneModel
import SceneSchema
import SceneSupport
import SceneSyntax

/// `textDocument/documentColor` and `colorPresentation`: every value scenec reads as a colour,
/// so editors draw swatches, and the forms a picked colour is written back in.
enum Colors {
    static func documentColors(_ request: FeatureRequest) -> Result<JSONValue, FeatureError> {
        let analysis = request.analysis
        guard let tree = analysis.tree else { return .success(.array([])) }
        var found: [JSONValue] = []
        tree.walk { node, path in
            guard let pairs = node.mapping, let role = MappingRole.of(path) else { return }
            for pair in pairs {
                let spot = Spot(mapping: node, mappingPath: path, role: role, pair: pair, onKey: false, node: pair.value)
                guard Hover.valueKind(spot, in: analysis) == .color,
                      case .color(let c)? = EditorVocabulary.value(pair.value, as: .color) else { continue }
                found.append(["range": request.range(pair.value.range), "color": components(c)])
            }
        }
        return .success(.array(found))
    }

    static func presentations(_ request: FeatureRequest) -> Result<JSONValue, FeatureError> {
        let c = request.params["color"]
        guard let red = c?["red"]?.numberValue, let green = c?["green"]?.numberValue, let blue = c?["blue"]?.numberValue,
              let range = LSPRange(request.params["range"]) else {
            return .failure(FeatureError(code: .invalidParams, message: "colorPresentation needs a color and a range"))
        }
        let color = Color(red: red, green: green, blue: blue, alpha: c?["alpha"]?.numberValue ?? 1).clamped
        let channels = [color.red, color.green, color.blue].map { String(Int(($0 * 255).rounded())) }.joined(separator: ", ")
        // Quoted: a bare # would start a YAML comment.
        let forms = [JSONValue.quoted(color.description),
                     JSONValue.quoted("rgba(\(channels), \(formatNumber((color.alpha * 1000).rounded() / 1000)))")]
        return .success(.array(forms.map { form in
            ["label": .string(form), "textEdit": ["range": range.json, "newText": .string(form)]]
        }))
    }

    /// `#rrggbbaa`, alpha always written.
    /// A colour that follows the appearance, as both of its sides.
    static func sides(_ c: AdaptiveColor) -> String {
        "\(hex(c.light)) light, \(hex(c.dark)) dark"
    }

    static func hex(_ c: Color) -> String {
        let opaque = Color(red: c.red, green: c.green, blue: c.blue, alpha: 1).description
        let alpha = Int((Swift.min(1, Swift.max(0, c.alpha)) * 255).rounded())
        return opaque + String(alpha, radix: 16).leftPadded(2)
    }

    static func components(_ c: Color) -> JSONValue {
        ["red": .number(c.red), "green": .number(c.green), "blue": .number(c.blue), "alpha": .number(c.alpha)]
    }
}
