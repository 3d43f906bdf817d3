import SceneCheck
import SceneModel
import SceneSupport
import SceneSyntax

/// What an editor (`scenec lsp`) offers and explains, read from the same tables the checker
/// checks with, so completion can never offer a key or word the checker refuses.
public enum EditorVocabulary {
    /// The keys of a scene file's top level.
    public static var topKeys: [String] { SceneChecker.topKeys }
    /// The keys of a library file's top level (styles and components, no canvas or views).
    public static var libraryKeys: [String] { SceneChecker.libraryKeys }
    public static var canvasKeys: [String] { SceneAddress.canvasAttributes }
    public static var frameKeys: [String] { FrameChecker.frameKeys }
    public static let sizeKeys = ["width", "height"]
    public static var timelineKeys: [String] { TimelineChecker.timelineKeys }
    public static var animationKeys: [String] { TimelineChecker.animationKeys }
    public static var keyframeKeys: [String] { TimelineChecker.keyframeKeys }

    /// Core Animation's named curves, sorted, with the forms that take numbers.
    public static var easingNames: [String] { Easing.named.keys.sorted() }
    /// A named curve's control points (`cubicBezier(0.42, 0, 1, 1)`).
    public static func easingCurve(_ name: String) -> String? {
        guard case .cubicBezier(let a, let b, let c, let d)? = Easing.named[name] else { return nil }
        return "cubicBezier(" + [a, b, c, d].map(formatNumber).joined(separator: ", ") + ")"
    }
    public static let easingFunctionForms = ["cubicBezier(0.42, 0, 0.58, 1)", "steps(4)"]
    public static var easingForms: String { Timing.easingForms }

    /// Every colour name the checker reads, sorted, with its colour.
    public static var colorNames: [(name: String, color: Color)] {
        cssNamedColors.keys.sorted().map { name in
            let rgb = cssNamedColors[name] ?? 0
            return (name, .rgb255(Double(rgb >> 16 & 0xFF), Double(rgb >> 8 & 0xFF), Double(rgb & 0xFF)))
        } + [("clear", .clear)]
    }

    /// The value `node` holds as `kind`, read exactly as the checker reads it; nil when the
    /// checker would refuse it.
    public static func value(_ node: Node, as kind: ValueKind) -> Value? {
        try? ValueParser.parse(node, as: kind, what: "value").get()
    }

    /// The description the JSON Schema gives a key of a definition (`frame`, `timeline`,
    /// `animation`, `keyframe`, `canvas`), or of the top level when `definition` is nil.
    public static func doc(ofKey key: String, in definition: String?) -> String? {
        let holder = definition.map { schema[path: "definitions", $0] } ?? schema
        guard let property = holder?[path: "properties", key] else { return nil }
        return description(of: property)
    }

    /// A schema's description, or that of the definition it refers to.
    private static func description(of schema: JSONValue) -> String? {
        if let text = schema["description"]?.stringValue { return text }
        let ref = schema["$ref"]?.stringValue ?? schema["allOf"]?.arrayValue?.first?["$ref"]?.stringValue
        guard let name = ref?.split(separator: "/").last else { return nil }
        return schema[path: "definitions", String(name), "description"]?.stringValue
            ?? Self.schema[path: "definitions", String(name), "description"]?.stringValue
    }

    /// A view kind's summary, as the schema and `scenec help` give it.
    public static func summary(of type: ViewType) -> String { type.kind.summary }

    /// The words `fontWeight` takes besides a number.
    public static var fontWeights: [String] { FontWeight.words.map(\.name) }

    private static let schema = SceneSchema.document
}

extension EditorVocabulary {
    /// Where `imports: [name]` in the file at `importer` points, as the checker resolves it.
    public static func importPath(_ name: String, from importer: String) -> String {
        SceneImports.path(name, from: importer)
    }
}
