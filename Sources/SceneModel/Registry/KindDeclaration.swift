import SceneSyntax

/// What a view kind says about itself, so no consumer switches on the kind: one conforming type
/// per kind (`Ring`, in `Views/Ring.swift`), listed once in `Registry.declarations`. The renderer
/// and the Lottie exporter add their own conformances (`extension Ring: ViewDrawer` in
/// RingDrawer.swift, `extension Ring: KindExporter` in RingExporter.swift) and look them up once
/// per kind, by this list.
public protocol KindDeclaration: SendableMetatype {
    /// Its attributes, summary, size rules and children rule.
    static var kind: ViewKind { get }
    /// The colours the view shows with `values`, each with whether it is drawn at all (the lint
    /// warns when every drawn one is fully transparent). Empty: the kind is not checked so (a
    /// container shows its children; a label's text is its own).
    static func paints(_ values: AttributeValues) -> [PaintedPart]
    /// Mistakes of geometry that draw nothing or draw wrong, found after layout (SceneLint).
    static func lint(_ view: LintedView) -> [Diagnostic]
}

extension KindDeclaration {
    public static func paints(_ values: AttributeValues) -> [PaintedPart] { [] }
    public static func lint(_ view: LintedView) -> [Diagnostic] { [] }
}

/// One colour a view shows: the attribute that holds it and whether it is drawn with the values.
public struct PaintedPart: Sendable, Hashable {
    public let name: String
    public let drawn: Bool

    public init(_ name: String, drawn: Bool = true) {
        self.name = name
        self.drawn = drawn
    }
}

/// A laid-out view as a kind's lint sees it: its values, its frame's size, the name to call it
/// by in a message and where to point for an attribute.
public struct LintedView {
    public let values: AttributeValues
    public let size: Size
    public let name: String
    let rangeOf: (String) -> SourceRange

    public init(values: AttributeValues, size: Size, name: String, range: @escaping (String) -> SourceRange) {
        self.values = values
        self.size = size
        self.name = name
        self.rangeOf = range
    }

    /// Where the file gave `attribute`, else the start of the view.
    public func range(of attribute: String) -> SourceRange { rangeOf(attribute) }
    /// Whether the file (or a style or override) gave `attribute` rather than its default.
    public func given(_ attribute: String) -> Bool { values.explicit[attribute] != nil }
}

/// Where a kind's children go.
public enum ChildrenRule: Sendable, Hashable {
    /// The kind holds no children.
    case none
    /// Each child is placed by its own frame, relative to the container (a group, the canvas).
    case placedByFrame
    /// The container places its children (stack, grid): they have no frame, only a size.
    case placedByContainer
}
