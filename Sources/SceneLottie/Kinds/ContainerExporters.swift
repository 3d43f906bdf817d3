import SceneModel

/// Containers draw nothing of their own: their children go into a precomposition at the
/// placed frames, and layout does not animate.
enum ContainerCoverage {
    static let summary = "the placed frames (layout does not animate), children in a precomposition"
    static let layout = "fixed in the layer positions (layout does not animate)"
}

extension Group: KindExporter {
    static let lottieSummary: String? = ContainerCoverage.summary
    static let lottieCoverage: [String: LottieCoverage.Mapping] = [:]
}

extension Stack: KindExporter {
    static let lottieSummary: String? = ContainerCoverage.summary
    static let lottieCoverage: [String: LottieCoverage.Mapping] = [
        "axis": .exported(ContainerCoverage.layout), "spacing": .exported(ContainerCoverage.layout),
        "padding": .exported(ContainerCoverage.layout), "alignment": .exported(ContainerCoverage.layout),
        "distribution": .exported(ContainerCoverage.layout),
    ]
}

extension Grid: KindExporter {
    static let lottieSummary: String? = ContainerCoverage.summary
    static let lottieCoverage: [String: LottieCoverage.Mapping] = [
        "columns": .exported(ContainerCoverage.layout), "spacing": .exported(ContainerCoverage.layout),
        "padding": .exported(ContainerCoverage.layout), "rowHeight": .exported(ContainerCoverage.layout),
    ]
}
