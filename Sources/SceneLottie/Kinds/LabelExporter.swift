import SceneModel

/// A label draws nothing in Lottie: its text is left out with a warning (players may lack its
/// fonts), and every attribute goes with the text.
extension Label: KindExporter {
    static let lottieSummary: String? = nil

    static let lottieCoverage: [String: LottieCoverage.Mapping] = [
            "text": .leftOut(unless: .text(""), reason: LottieCoverage.labelText),
            "font": .goesWith("text"), "fontSize": .goesWith("text"), "fontWeight": .goesWith("text"),
            "italic": .goesWith("text"), "textColor": .goesWith("text"), "alignment": .goesWith("text"),
            "verticalAlignment": .goesWith("text"), "lineLimit": .goesWith("text"), "lineSpacing": .goesWith("text"),
            "tracking": .goesWith("text"),
    ]
}
