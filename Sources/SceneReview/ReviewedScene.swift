import SceneSupport

/// The outputs of one scene, reviewed: one row of the index, one page of its own. A scene's
/// formats (PNG, SVG, PDF, an animation) sit together, so a change is read once, not once per
/// format.
public struct ReviewedScene: Sendable {
    /// The scene's path relative to the scenes folder as its manifest names it
    /// (`icons/ring.scene.yaml`), or, for an output no manifest names, its path without the
    /// extension (`ReviewedScene.name(ofOutput:)`).
    public var name: String
    /// In the report's order: the output that changed most first.
    public var outputs: [ReviewedOutput]

    /// The verdict of the scene's most telling output: changed over new over removed over same.
    public var verdict: ReviewedOutput.Verdict { outputs.first?.verdict ?? .same }

    /// The largest share of changed pixels among its outputs compared by pixels, 0–1.
    public var worstShare: Double? { outputs.compactMap { $0.verdict == .changed ? $0.comparison?.share : nil }.max() }

    /// The largest channel difference among its changed outputs, 0–255.
    public var worstMagnitude: Int? {
        outputs.compactMap { $0.verdict == .changed ? $0.comparison?.maxChannelDifference : nil }.max()
    }

    /// The scene's page relative to the report folder: `scenes/` and 16 hex digits of the
    /// name's SHA-256, so a name (which a pull request chooses) never becomes a path or a link
    /// itself, and the same scene keeps its page from run to run.
    public var page: String { Self.page(forScene: name) }

    public static func page(forScene name: String) -> String {
        "scenes/" + SHA256.hex(Array(name.utf8)).prefix(16) + ".html"
    }

    /// The scene an output no manifest names belongs to, by its path: up to the first dot of
    /// its first component with one (`a/s03.png`, `a/s03.frames/0001.png` → `a/s03`).
    public static func name(ofOutput path: String) -> String {
        var kept: [Substring] = []
        for component in path.split(separator: "/", omittingEmptySubsequences: false) {
            if let dot = component.firstIndex(of: "."), dot != component.startIndex {
                kept.append(component[..<dot])
                break
            }
            kept.append(component)
        }
        return kept.joined(separator: "/")
    }

    /// The outputs grouped by scene, in the report's order: a scene ranks where its first
    /// output does (ReviewedOutput.reportOrder), by name among equals.
    static func grouping(_ outputs: [ReviewedOutput]) -> [ReviewedScene] {
        var byName: [String: [ReviewedOutput]] = [:]
        for output in outputs { byName[output.sceneName, default: []].append(output) }
        let scenes = byName.map { ReviewedScene(name: $0.key, outputs: $0.value.sorted(by: ReviewedOutput.reportOrder)) }
        return scenes.sorted { a, b in
            guard let x = a.outputs.first, let y = b.outputs.first else { return a.name < b.name }
            if ReviewedOutput.reportOrder(x, y) { return true }
            if ReviewedOutput.reportOrder(y, x) { return false }
            return a.name < b.name
        }
    }
}
