import SceneModel

/// A grid's children in equal cells, row by row (docs/language.md §3). A child fills its cell unless it has
/// a size (or a size of its own, like pie), then it is centred in the cell; a label's text wraps
/// to the cell's width.
struct GridLayout {
    let columns: Int
    let spacing: GridSpacing
    let content: Rect
    let cellWidth: Double
    let rowHeight: Double

    init(values: AttributeValues, bounds: Rect) {
        columns = Swift.max(1, values[Grid.columns])
        spacing = values[Grid.spacing]
        let box = contentBox(bounds, values[Grid.padding])
        let grid = ResolvedView(values: values, size: Size(width: bounds.width, height: bounds.height), type: .grid)
        content = box
        cellWidth = Grid.cellWidth(values, size: grid.size)
        rowHeight = Layout.nonNegative(grid[Grid.rowHeight].resolved(against: box.height))
    }

    func frames(for children: [SceneView], ownSize: (SceneView, Double?) -> Size?) -> [Rect] {
        children.enumerated().map { index, child in
            let row = index / columns, column = index % columns
            let cell = Rect(x: content.x + Double(column) * (cellWidth + spacing.column),
                            y: content.y + Double(row) * (rowHeight + spacing.row),
                            width: cellWidth, height: rowHeight)
            let size: (Double, Double)?
            if let s = child.size {
                size = (Layout.nonNegative(s.width.resolved(against: content.width)),
                        Layout.nonNegative(s.height.resolved(against: content.height)))
            } else if let intrinsic = ownSize(child, cellWidth) {
                size = (intrinsic.width, intrinsic.height)
            } else {
                size = nil
            }
            guard let (w, h) = size else { return cell }
            return Rect(x: cell.midX - w / 2, y: cell.midY - h / 2, width: w, height: h)
        }
    }
}

extension Grid: LaysOutChildren {
    static func frames(for children: [SceneView], values: AttributeValues, bounds: Rect,
                       ownSize: (SceneView, Double?) -> Size?) -> [Rect] {
        GridLayout(values: values, bounds: bounds).frames(for: children, ownSize: ownSize)
    }
}
