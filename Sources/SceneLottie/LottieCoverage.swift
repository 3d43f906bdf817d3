import SceneModel

/// What becomes of every attribute of every view kind in a Lottie export: one table, so a new
/// attribute cannot be dropped without anyone deciding (a test walks the registry and fails on
/// an attribute missing here).
public enum LottieCoverage {
    public enum Mapping: Sendable, Equatable {
        /// Drawn in the animation, as what the text says; `except`: a value it cannot take,
        /// which is warned about.
        case exported(String, except: Value? = nil, reason: String = "")
        /// Not drawn; a located warning says so unless the value is `unless` (the value that
        /// draws nothing anyway).
        case leftOut(unless: Value, reason: String)
        /// Only matters with another attribute, exported or left out with it.
        case goesWith(String)
    }

    public static func mapping(_ type: ViewType, _ name: String) -> Mapping? {
        own[type]?[name] ?? layer[name]
    }

    static let layer: [String: Mapping] = [
        "opacity": .exported("the layer's opacity (a whole view and its children fade as one, as in Cairo)"),
        "hidden": .exported("opacity 0, in hold keyframes"),
        "backgroundColor": .exported("a rounded-rectangle fill under the content"),
        "borderColor": .exported("the border's stroke colour"),
        "borderWidth": .exported("a rounded-rectangle stroke inside the bounds, over the content and children"),
        "cornerRadius": .exported("the rectangles' roundness"),
        "rotation": .exported("the layer's rotation about the view's centre"),
    ]

    /// What becomes of text (a label's, a ring's label, a clock's numerals).
    static let text = "glyph outlines filled in the text's colour, placed as render places them; text that changes (bound or animated) is one group per different drawing, shown by hold opacity keyframes; colour-font glyphs (emoji) are left out with a warning"

    /// Each kind's own rows, from its exporter (`lottieCoverage`, in Kinds/NAMEExporter.swift).
    static let own: [ViewType: [String: Mapping]] = exporters.mapValues { $0.lottieCoverage }

    /// The table of docs/handoff.md (`scenec schema --block lottie`): the layer's rows, each
    /// kind's summary from its exporter (kinds with the same summary share a row), colours.
    public static var markdownTable: String {
        var rows = [
            ("a view's background, border, `cornerRadius`",
             "rectangle fill under the content; rectangle stroke inside the bounds over content and children; their roundness"),
            ("`opacity`, `hidden`, `rotation`",
             "the layer's opacity (0 while hidden, in hold keyframes); its rotation about the view's centre"),
        ]
        var kinds: [(names: [String], summary: String)] = []
        for kind in Registry.kinds {
            guard let summary = exporters[kind.type]?.lottieSummary else { continue }
            if let index = kinds.firstIndex(where: { $0.summary == summary }) {
                kinds[index].names.append("`\(kind.type.rawValue)`")
            } else {
                kinds.append((["`\(kind.type.rawValue)`"], summary))
            }
        }
        rows += kinds.map { ($0.names.joined(separator: ", "), $0.summary) }
        rows.append(("colours", "0–1 RGB with the alpha as the fill's or stroke's opacity"))
        return (["| scene | Lottie |", "|---|---|"] + rows.map { "| \($0.0) | \($0.1) |" }).joined(separator: "\n")
    }

    /// The attributes this table names for a kind beyond its registry entry (a stale row).
    public static func extraNames(_ type: ViewType) -> [String] {
        let names = Set(type.kind.attributes.map(\.name))
        return (own[type] ?? [:]).keys.filter { !names.contains($0) }.sorted()
    }
}
