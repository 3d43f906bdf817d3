import SceneSyntax

/// `group`: children placed by their own frames, relative to the group.
public enum Group: KindDeclaration {
    public static let kind = ViewKind(type: .group, summary: "Holds children placed by their own frames.", own: [], children: .placedByFrame)
}

/// `stack`: children in a row, in a column, or on top of each other (`axis: z`, SwiftUI's ZStack).
public enum Stack: KindDeclaration {
    public static let axis = Attribute<String>(
        "axis", .choice(StackAxis.allCases.map(\.rawValue)), default: StackAxis.vertical.rawValue, animatable: .no,
        doc: "Direction the children follow one another; z lays them on top of each other, later on top.")
    public static let spacing = Attribute<Double>(
        "spacing", .number(.nonNegative), default: 0, animatable: .no, doc: "Gap between neighbours (not in a z stack).")
    public static let padding = Attribute<Insets>(
        "padding", .insets, default: Insets(), described: "0", animatable: .no,
        doc: "Space inside the stack's edges.")
    public static let alignment = Attribute<String>(
        "alignment", .choice(StackAlignment.allWords), default: "center", animatable: .no,
        doc: "Where a sized child sits: across the axis in a row (start center end stretch, or top bottom) or a column (start center end stretch, or leading trailing); on both axes in a z stack (center top bottom leading trailing topLeading topTrailing bottomLeading bottomTrailing).")
    public static let distribution = Attribute<String>(
        "distribution", .choice(["start", "center", "end", "spaceBetween", "spaceEvenly"]), default: "start",
        animatable: .no, doc: "Where the children sit along the axis when they leave space over (not in a z stack).")

    public static let kind = ViewKind(
        type: .stack, summary: "Lays children out in a row, in a column, or on top of each other (axis: z).",
        own: [axis.spec, spacing.spec, padding.spec, alignment.spec, distribution.spec],
        children: .placedByContainer)

    public static let lintCodes: [DiagnosticCodeEntry] = [
        .warning(.lintIgnoredInZStack, "A z stack lays its children on top of each other: its `spacing` and `distribution` place nothing.",
                 .scene("canvas: {width: 200, height: 200}\nviews:\n  - type: stack\n    frame: {x: 0, y: 0, width: 200, height: 200}\n    axis: z\n    spacing: 8\n    children:\n      - {type: ring, progress: 0.5}\n")),
    ]

    /// `spacing` or `distribution` given to a z stack: they place nothing there.
    public static func lint(_ view: LintedView) -> [Diagnostic] {
        guard stackAxis(view.values) == .z else { return [] }
        return [spacing.name, distribution.name].filter { view.given($0) }.map { name in
            .warning(.lintIgnoredInZStack, "\(name) has no effect in \(view.name): a z stack lays its children on top of each other",
                     at: view.range(of: name), notes: ["remove it, or use axis: horizontal or vertical to lay the children out one after another"])
        }
    }

    /// The stack's axis. The checker refuses any other word; were one to get here it would be
    /// the attribute's default, as a stack without `axis:` is.
    public static func stackAxis(_ values: AttributeValues) -> StackAxis {
        StackAxis(rawValue: values[axis]) ?? .vertical
    }

    /// Each axis's alignment words, for the schema.
    public static let dependentChoices = [DependentChoice(
        attribute: alignment.name, on: axis.name,
        words: Dictionary(uniqueKeysWithValues: StackAxis.allCases.map { ($0.rawValue, StackAlignment.words(for: $0)) }))]

    /// The alignment words that do not fit the stack's axis, each with the message and the word
    /// to use (nil where none fits): the checker reports them at the attribute.
    public static func conflicts(_ values: AttributeValues) -> [ValueConflict] {
        // An unknown axis word is the choice check's to report; no alignment conflicts with it.
        guard let stackAxis = StackAxis(rawValue: values[axis]) else { return [] }
        let words = StackAlignment.words(for: stackAxis)
        let written = values[alignment]
        guard !words.contains(written) else { return [] }
        let fix = StackAlignment.replacement(for: written, axis: stackAxis)
        let place: String
        switch stackAxis {
        case .z: place = "a z stack places a child on both axes"
        case .horizontal: place = "a horizontal stack places its children only across the row, vertically"
        case .vertical: place = "a vertical stack places its children only across the column, horizontally"
        }
        let advice = fix.map { "; use '\($0)'" } ?? ""
        return [ValueConflict(attribute: alignment.name,
                              message: "alignment '\(written)' does not fit axis: \(values[axis])\(advice)",
                              notes: [place + ": " + words.joined(separator: ", ")]
                                + (StackAlignment.alongRowOrColumn(written, axis: stackAxis)
                                   ? ["distribution places the children along the axis (start, center, end, spaceBetween, spaceEvenly)"] : [])
                                + (written == "stretch" && stackAxis == .z
                                   ? ["in a z stack a child without a size fills the content box: leave out its size"] : []),
                              replacement: fix, against: axis.name)]
    }
}

/// A stack's `axis:` words: a row, a column, or on top of each other.
public enum StackAxis: String, CaseIterable, Sendable {
    case horizontal, vertical, z
}

/// The words of a stack's `alignment` for each axis (docs/language.md §3). A row and a column
/// keep `start center end stretch` and take SwiftUI's word for their cross axis (`top`/`bottom`
/// in a row, `leading`/`trailing` in a column); a z stack takes ZStack's nine.
public enum StackAlignment {
    public static let lineWords = ["start", "center", "end", "stretch"]
    /// A z stack's nine words and where each puts a child: fractions of the space left over,
    /// 0 leading/top … 1 trailing/bottom.
    public static let zPlaces: [(word: String, x: Double, y: Double)] = [
        ("center", 0.5, 0.5), ("top", 0.5, 0), ("bottom", 0.5, 1), ("leading", 0, 0.5), ("trailing", 1, 0.5),
        ("topLeading", 0, 0), ("topTrailing", 1, 0), ("bottomLeading", 0, 1), ("bottomTrailing", 1, 1),
    ]
    public static let zWords = zPlaces.map(\.word)
    public static let allWords = lineWords + zWords.filter { !lineWords.contains($0) }

    public static func words(for axis: StackAxis) -> [String] {
        switch axis {
        case .z: return zWords
        case .horizontal: return lineWords + ["top", "bottom"]
        case .vertical: return lineWords + ["leading", "trailing"]
        }
    }

    /// The fractions (0 leading/top … 1 trailing/bottom) a z stack's word puts a child at; a
    /// word that is not a z stack's (the checker refuses it) sits centred, as `center`.
    public static func zFractions(_ word: String) -> (x: Double, y: Double) {
        guard let place = zPlaces.first(where: { $0.word == word }) else { return (0.5, 0.5) }
        return (place.x, place.y)
    }

    /// Where a row's or column's word puts a child across the axis: start, center, end or stretch.
    public static func crossPlacement(_ word: String) -> String {
        switch word {
        case "top", "leading": return "start"
        case "bottom", "trailing": return "end"
        default: return word
        }
    }

    /// The word of `axis` that means what `word` meant elsewhere, where one does: the part of a
    /// z word across a row or column (`topLeading` in a row is `top`), a z stack's corner for a
    /// row's start or end.
    static func replacement(for word: String, axis: StackAxis) -> String? {
        let (x, y) = zFractions(word)
        switch axis {
        case .z:
            switch word {
            case "start": return "topLeading"
            case "end": return "bottomTrailing"
            default: return nil
            }
        case .horizontal:
            guard zWords.contains(word), y != 0.5 else { return nil }
            return y == 0 ? "top" : "bottom"
        case .vertical:
            guard zWords.contains(word), x != 0.5 else { return nil }
            return x == 0 ? "leading" : "trailing"
        }
    }

    /// Whether `word` names a place along the row or column (`leading` in a row), which
    /// `distribution` sets.
    static func alongRowOrColumn(_ word: String, axis: StackAxis) -> Bool {
        let (x, y) = zFractions(word)
        guard zWords.contains(word) else { return false }
        switch axis {
        case .horizontal: return x != 0.5 && y == 0.5
        case .vertical: return y != 0.5 && x == 0.5
        case .z: return false
        }
    }
}

/// `grid`: equal cells, row by row.
public enum Grid: KindDeclaration {
    public static let columns = Attribute<Int>(
        "columns", .integer(min: 1), default: 1, animatable: .no, required: true,
        doc: "Number of columns.")
    public static let spacing = Attribute<GridSpacing>(
        "spacing", .gridSpacing, default: GridSpacing(row: 0, column: 0), described: "0", animatable: .no,
        doc: "Gap between rows and between columns.")
    public static let padding = Attribute<Insets>(
        "padding", .insets, default: Insets(), described: "0", animatable: .no,
        doc: "Space inside the grid's edges.")
    public static let rowHeight = DerivedAttribute<Length>(
        "rowHeight", .length(reference: "the content height"), from: [columns, spacing, padding], usesSize: true,
        described: "the cell width", animatable: .no, doc: "Height of each row.") { values, size in
        .pt(cellWidth(values, size: size))
    }

    /// The width of each cell: the content width less the gaps, shared by the columns.
    public static func cellWidth(_ values: AttributeValues, size: Size) -> Double {
        let padding = values[Grid.padding], columns = Swift.max(1, values[Grid.columns])
        let content = nonNegative(size.width - padding.leading - padding.trailing)
        return nonNegative((content - values[Grid.spacing].column * Double(columns - 1)) / Double(columns))
    }

    /// A length that comes out negative or not a number takes no room.
    private static func nonNegative(_ v: Double) -> Double {
        v.isFinite ? Swift.max(0, v) : 0
    }

    public static let kind = ViewKind(
        type: .grid, summary: "Lays children out in equal cells, row by row.",
        own: [columns.spec, spacing.spec, padding.spec, rowHeight.spec],
        children: .placedByContainer)
}

extension DiagnosticCode {
    /// `spacing` or `distribution` on a z stack, which places nothing by them.
    public static let lintIgnoredInZStack = DiagnosticCode("lint-ignored-in-z-stack")
}
