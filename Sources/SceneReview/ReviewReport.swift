import SceneSupport

/// A build's outputs set against a baseline: the counts, the JSON summary, the HTML pages (an
/// index, a page per scene that is not the same: ReviewPage) and the Markdown summary
/// (ReviewMarkdown). Nothing in it depends on the time or on the order the comparisons finished,
/// so the same two folders give the same report, byte for byte.
public struct ReviewReport: Sendable {
    public var baseline: String
    public var outputDirectory: String
    public var threshold: ReviewThreshold
    /// In the report's order (ReviewedOutput.reportOrder).
    public private(set) var outputs: [ReviewedOutput]
    /// The outputs by scene, in the report's order (ReviewedScene.grouping).
    public private(set) var scenes: [ReviewedScene]

    public init(baseline: String, outputDirectory: String, threshold: ReviewThreshold, outputs: [ReviewedOutput]) {
        self.baseline = baseline
        self.outputDirectory = outputDirectory
        self.threshold = threshold
        self.outputs = outputs.sorted(by: ReviewedOutput.reportOrder)
        self.scenes = ReviewedScene.grouping(outputs)
    }

    /// The scenes with a page: those with an output changed, new or removed.
    public var scenesWithPages: [ReviewedScene] { scenes.filter { $0.verdict != .same } }

    public func count(_ verdict: ReviewedOutput.Verdict) -> Int { outputs.filter { $0.verdict == verdict }.count }

    /// Whether anything is changed, new or removed (`--fail-on-change`).
    public var hasChanges: Bool { outputs.contains { $0.verdict != .same } }

    /// `2 changed, 1 new, 1 removed, 26 same`: outputs, as the build's lines list them.
    public var counts: String {
        ReviewedOutput.Verdict.reportOrder.map { "\(count($0)) \($0.rawValue)" }.joined(separator: ", ")
    }

    /// How many scenes have `verdict` (ReviewedScene.verdict: a scene with one output changed
    /// is changed).
    public func sceneCount(_ verdict: ReviewedOutput.Verdict) -> Int { scenes.filter { $0.verdict == verdict }.count }

    /// `50 scenes changed, 0 new, 0 removed, 450 same`: the scenes, as the index and the
    /// Markdown list them (a scene in PNG and SVG is one row, two outputs).
    public var sceneCounts: String {
        let order = ReviewedOutput.Verdict.reportOrder
        return order.enumerated().map { i, verdict in
            let n = sceneCount(verdict)
            return i == 0 ? "\(n) \(n == 1 ? "scene" : "scenes") \(verdict.rawValue)" : "\(n) \(verdict.rawValue)"
        }.joined(separator: ", ")
    }

    /// `outputs: 100 changed, 0 new, 0 removed, 900 same`, said beside `sceneCounts`.
    public var outputCounts: String { "outputs: " + counts }

    /// The JSON summary (docs/ci.md: "Reviewing changes against a baseline").
    public var json: JSONValue {
        let summary: JSONValue = .object(ReviewedOutput.Verdict.reportOrder.map {
            JSONMember(key: $0.rawValue, value: .number(Double(count($0))))
        })
        let paged = Set(scenesWithPages.map(\.name))
        return ["version": 1, "baseline": .string(baseline), "outputDirectory": .string(outputDirectory),
                "threshold": ["channel": .number(Double(threshold.channel)), "sharePercent": .number(threshold.sharePercent)],
                "summary": summary, "outputs": .array(outputs.map { $0.json(page: paged.contains($0.sceneName) ? ReviewedScene.page(forScene: $0.sceneName) : nil) })]
    }

    /// A share as a percentage with at most four decimals, never rounded to 0 when not 0.
    public static func percentText(_ share: Double) -> String {
        let tenThousandths = Int((share * 100 * 10_000).rounded())
        if tenThousandths == 0, share > 0 { return "<0.0001%" }
        var fraction = String(tenThousandths % 10_000)
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.hasSuffix("0") { fraction.removeLast() }
        return "\(tenThousandths / 10_000)\(fraction.isEmpty ? "" : "." + fraction)%"
    }

    static func sharePercentNumber(_ share: Double) -> Double { (share * 100 * 10_000).rounded() / 10_000 }
}

extension ReviewedOutput {
    /// The scene it is grouped under (ReviewedScene).
    var sceneName: String { scene ?? ReviewedScene.name(ofOutput: path) }

    /// `page`: its scene's page, when the scene has one.
    func json(page: String?) -> JSONValue {
        func size(_ s: (width: Int, height: Int)?) -> JSONValue {
            s.map { ["width": .number(Double($0.width)), "height": .number(Double($0.height))] } ?? .null
        }
        func number(_ n: Int?) -> JSONValue { n.map { .number(Double($0)) } ?? .null }
        return ["path": .string(path), "scene": scene.map(JSONValue.string) ?? .null, "page": page.map(JSONValue.string) ?? .null, "verdict": .string(verdict.rawValue), "comparedAs": .string(comparedAs),
                "pixels": number(comparison?.pixels), "changedPixels": number(comparison?.changedPixels),
                "sharePercent": comparison.map { .number(ReviewReport.sharePercentNumber($0.share)) } ?? .null,
                "maxChannelDifference": number(comparison?.maxChannelDifference),
                "sameSize": comparison.map { .bool($0.sameSize) } ?? .null, "pages": number(pages),
                "frames": number(frames), "sameTiming": sameTiming.map(JSONValue.bool) ?? .null,
                "before": size(beforeSize), "after": size(afterSize), "note": note.map(JSONValue.string) ?? .null]
    }
}
