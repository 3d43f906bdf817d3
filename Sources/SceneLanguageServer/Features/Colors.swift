import SceneModel
import SceneSchema
import SceneSupport
import SceneSyntax

/// `textDocument/documentColor` and `colorPresentation`: every value scenec reads as a colour,
/// so editors draw swatches, and the forms a picked colour is written back in.
enum Colors {
    /// A swatch: the text of one colour and the colour it draws. Each side of `{light, dark}`
    /// is its own swatch (with that appearance's colour), so picking edits only that side.
    struct Swatch {
        var range: SourceRange
        var color: Color
        /// The side's form as written (`systemBlue`, `{color: systemBlue, alpha: 0.5}`, `"#…"`).
        var form: ColorForm
    }

    static func swatches(_ analysis: DocumentAnalysis) -> [Swatch] {
        guard let tree = analysis.tree else { return [] }
        var found: [Swatch] = []
        tree.walk { node, path in
            guard let pairs = node.mapping, let role = MappingRole.of(path) else { return }
            for pair in pairs {
                let spot = Spot(mapping: node, mappingPath: path, role: role, pair: pair, onKey: false, node: pair.value)
                guard Hover.valueKind(spot, in: analysis) == .color,
                      case .colorForm(let form)? = EditorVocabulary.value(pair.value, as: .color) else { continue }
                if case .pair(let light, let dark) = form, let sides = pair.value.mapping {
                    for side in sides {
                        guard let appearance = Appearance(rawValue: side.key) else { continue }
                        let sideForm = appearance == .light ? light : dark
                        found.append(Swatch(range: side.value.range, color: sideForm.color(for: appearance), form: sideForm))
                    }
                } else {
                    found.append(Swatch(range: pair.value.range, color: form.color(for: .light), form: form))
                }
            }
        }
        return found
    }

    static func documentColors(_ request: FeatureRequest) -> Result<JSONValue, FeatureError> {
        .success(.array(swatches(request.analysis).map { ["range": request.range($0.range), "color": components($0.color)] }))
    }

    static func presentations(_ request: FeatureRequest) -> Result<JSONValue, FeatureError> {
        let c = request.params["color"]
        guard let red = c?["red"]?.numberValue, let green = c?["green"]?.numberValue, let blue = c?["blue"]?.numberValue,
              let range = LSPRange(request.params["range"]) else {
            return .failure(FeatureError(code: .invalidParams, message: "colorPresentation needs a color and a range"))
        }
        let color = Color(red: red, green: green, blue: blue, alpha: c?["alpha"]?.numberValue ?? 1).clamped
        let channels = [color.red, color.green, color.blue].map { String(Int(($0 * 255).rounded())) }.joined(separator: ", ")
        let alpha = formatNumber((color.alpha * 1000).rounded() / 1000)
        // Quoted: a bare # would start a YAML comment.
        var forms = [JSONValue.quoted(color.description), JSONValue.quoted("rgba(\(channels), \(alpha))")]
        let edited = swatches(request.analysis).first { request.document.range(of: $0.range, encoding: request.encoding) == range }
        if let name = edited?.form.systemName, let named = systemColor(name, matching: color) {
            // The picked colour is still the system colour (only its alpha moved): keep the name.
            forms.insert(named.alpha == color.alpha ? name : "{color: \(name), alpha: \(alpha)}", at: 0)
        }
        return .success(.array(forms.map { form in
            ["label": .string(form), "textEdit": ["range": range.json, "newText": .string(form)]]
        }))
    }

    /// The side of system colour `name` whose red, green and blue are `color`'s (to the 0–255 step).
    static func systemColor(_ name: String, matching color: Color) -> Color? {
        guard let entry = SystemColors.named[name] else { return nil }
        func step(_ v: Double) -> Int { Int((v * 255).rounded()) }
        return [entry.light, entry.dark].first { side in
            step(side.red) == step(color.red) && step(side.green) == step(color.green) && step(side.blue) == step(color.blue)
        }
    }

    /// A colour that follows the appearance, as both of its sides.
    static func sides(_ form: ColorForm) -> String {
        "\(hex(form.color(for: .light))) light, \(hex(form.color(for: .dark))) dark"
    }

    /// `#rrggbbaa`, alpha always written.
    static func hex(_ c: Color) -> String {
        let opaque = Color(red: c.red, green: c.green, blue: c.blue, alpha: 1).description
        let alpha = Int((Swift.min(1, Swift.max(0, c.alpha)) * 255).rounded())
        return opaque + String(alpha, radix: 16).leftPadded(2)
    }

    static func components(_ c: Color) -> JSONValue {
        ["red": .number(c.red), "green": .number(c.green), "blue": .number(c.blue), "alpha": .number(c.alpha)]
    }
}
