/// `group`: children placed by their own frames, relative to the group.
public enum Group: KindDeclaration {
    public static let kind = ViewKind(type: .group, summary: "Holds children placed by their own frames.", own: [], children: .placedByFrame)
}

/// `stack`: children in a row or a column.
public enum Stack: KindDeclaration {
    public static let axis = Attribute<String>(
        "axis", .choice(["horizontal", "vertical"]), default: "vertical", animatable: .no,
        doc: "Direction the children follow one another.")
    public static let spacing = Attribute<Double>(
        "spacing", .number(.nonNegative), default: 0, animatable: .no, doc: "Gap between neighbours.")
    public static let padding = Attribute<Insets>(
        "padding", .insets, default: Insets(), described: "0", animatable: .no,
        doc: "Space inside the stack's edges.")
    public static let alignment = Attribute<String>(
        "alignment", .choice(["start", "center", "end", "stretch"]), default: "center", animatable: .no,
        doc: "Where a sized child sits across the axis.")
    public static let distribution = Attribute<String>(
        "distribution", .choice(["start", "center", "end", "spaceBetween", "spaceEvenly"]), default: "start",
        animatable: .no, doc: "Where the children sit along the axis when they leave space over.")

    public static let kind = ViewKind(
        type: .stack, summary: "Lays children out in a row or a column.",
        own: [axis.spec, spacing.spec, padding.spec, alignment.spec, distribution.spec],
        children: .placedByContainer)
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
