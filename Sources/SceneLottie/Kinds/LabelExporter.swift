import SceneModel
import SceneSupport

/// A label: its text as glyph outlines, drawn by the label's own drawer (TextExport); every
/// attribute goes with the text.
extension Label: KindExporter {
    static let lottieSummary: String? = "its text, as a ring's `label` and a clock's `numerals`: " + LottieCoverage.text

    static let lottieCoverage: [String: LottieCoverage.Mapping] = [
            "text": .exported(LottieCoverage.text),
            "font": .goesWith("text"), "fontSize": .goesWith("text"), "fontWeight": .goesWith("text"),
            "italic": .goesWith("text"), "textColor": .goesWith("text"), "alignment": .goesWith("text"),
            "verticalAlignment": .goesWith("text"), "lineLimit": .goesWith("text"), "lineSpacing": .goesWith("text"),
            "tracking": .goesWith("text"),
    ]

    static func shapes(_ view: ViewExport) -> [JSONValue] {
        view.text.map { [$0] } ?? []
    }
}
