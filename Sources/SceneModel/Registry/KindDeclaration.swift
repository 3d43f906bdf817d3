import SceneSyntax

/// What a view kind says about itself, so no consumer switches on the kind: one conforming type
/// per kind (`Ring`, in `Views/Ring.swift`), named once in `ViewType.declaration`. The renderer
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
    /// The catalogue's entries of the codes `lint` emits that this kind introduces (a code shared
    /// with another kind is declared by one of them), so a new kind's lint needs no edit
    /// elsewhere: they join `DiagnosticCode.catalogue`, docs/diagnostics.md and the tests.
    static var lintCodes: [DiagnosticCodeEntry] { get }
    /// Values each valid alone but wrong together (a stack's `alignment` word for its `axis`),
    /// found by the checker once the file, styles and `--set` have given theirs: each an error
    /// at the attribute, with the word to use when there is one.
    static func conflicts(_ values: AttributeValues) -> [ValueConflict]
    /// Attributes whose words depend on another attribute's (a stack's `alignment` on its
    /// `axis`), as data for the schema, which refuses a word not of the value the view writes.
    static var dependentChoices: [DependentChoice] { get }
}

extension KindDeclaration {
    public static func paints(_ values: AttributeValues) -> [PaintedPart] { [] }
    public static func lint(_ view: LintedView) -> [Diagnostic] { [] }
    public static var lintCodes: [DiagnosticCodeEntry] { [] }
    public static func conflicts(_ values: AttributeValues) -> [ValueConflict] { [] }
    public static var dependentChoices: [DependentChoice] { [] }
}

/// The words `attribute` takes for each value of the choice `on` (`KindDeclaration.dependentChoices`).
public struct DependentChoice: Sendable, Hashable {
    public let attribute: String
    public let on: String
    public let words: [String: [String]]

    public init(attribute: String, on: String, words: [String: [String]]) {
        self.attribute = attribute
        self.on = on
        self.words = words
    }
}

/// An attribute whose value does not fit the view's other values (`KindDeclaration.conflicts`).
public struct ValueConflict: Sendable, Hashable {
    /// The attribute at fault, where the error points.
    public let attribute: String
    public let message: String
    public let notes: [String]
    /// The value to write instead, where one means what was meant.
    public let replacement: String?
    /// The attribute it does not fit (a stack's `axis`): where that came from a style or
    /// `--set`, the error says so.
    public let against: String?

    public init(attribute: String, message: String, notes: [String] = [], replacement: String? = nil,
                against: String? = nil) {
        self.attribute = attribute
        self.message = message
        self.notes = notes
        self.replacement = replacement
        self.against = against
    }
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
    let type: ViewType
    let id: String?
    /// Where the view is in the file's tree (`views[2]`), for a view without an id.
    let path: String
    /// Where the view starts in its file.
    let start: SourceLocation

    public init(values: AttributeValues, size: Size, type: ViewType, id: String?, path: String,
                start: SourceLocation) {
        self.values = values
        self.size = size
        self.type = type
        self.id = id
        self.path = path
        self.start = start
    }

    /// "ring 'r'", or "ring at views[2]" for a view without an id.
    public var name: String {
        id.map { "\(type.rawValue) '\($0)'" } ?? "\(type.rawValue) at \(path)"
    }

    /// Where the file gave `attribute`, else the start of the view.
    public func range(of attribute: String) -> SourceRange {
        if let given = values.explicit[attribute], !given.range.isNone { return given.range }
        return SourceRange(start: start, end: SourceLocation(line: start.line, column: start.column + 1))
    }

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
