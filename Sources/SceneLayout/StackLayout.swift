import SceneModel

/// A stack's children in a row or column (docs/language.md §3): sized children keep their size; the others
/// share what is left along the axis equally and fill the cross axis. A child sized by its
/// content (a label) has its text wrapped to the stack's content width; in a row whose children
/// need more than its width, each is offered its share (`sharedAlongRow`), as SwiftUI's HStack
/// does. Children that still need more than the stack has run past it (`lint-children-overflow`).
struct StackLayout {
    let horizontal: Bool
    let spacing: Double
    let alignment: String
    let distribution: String
    let content: Rect

    init(values: AttributeValues, bounds: Rect) {
        horizontal = Stack.stackAxis(values) == .horizontal
        spacing = values[Stack.spacing]
        // `top`/`leading` are a row's and a column's words for `start` (SwiftUI's), `bottom`/`trailing` for `end`.
        alignment = StackAlignment.crossPlacement(values[Stack.alignment])
        distribution = values[Stack.distribution]
        content = contentBox(bounds, values[Stack.padding])
    }

    /// Main-axis and cross-axis extents of the content box.
    var mainExtent: Double { horizontal ? content.width : content.height }
    var crossExtent: Double { horizontal ? content.height : content.width }

    func frames(for children: [SceneView], ownSize: (SceneView, Double?) -> Size?) -> [Rect] {
        guard !children.isEmpty else { return [] }
        // (main, cross) of each child; nil main means flexible.
        var requested: [(main: Double?, cross: Double?)] = children.map { child in
            if let size = child.size {
                let w = Layout.nonNegative(size.width.resolved(against: content.width))
                let h = Layout.nonNegative(size.height.resolved(against: content.height))
                return horizontal ? (w, h) : (h, w)
            }
            if let intrinsic = ownSize(child, content.width) {
                return horizontal ? (intrinsic.width, intrinsic.height) : (intrinsic.height, intrinsic.width)
            }
            return (nil, nil)
        }
        let gaps = spacing * Double(children.count - 1)
        if horizontal { requested = sharedAlongRow(children, requested, room: mainExtent - gaps, ownSize: ownSize) }
        let fixed = requested.compactMap(\.main).reduce(0, +)
        let flexibleCount = requested.filter { $0.main == nil }.count
        let free = Swift.max(0, mainExtent - fixed - gaps)
        let flexibleMain = flexibleCount > 0 ? free / Double(flexibleCount) : 0
        let leftover = flexibleCount > 0 ? 0 : free

        var position: Double
        var gap = spacing
        switch distribution {
        case "center": position = leftover / 2
        case "end": position = leftover
        case "spaceBetween":
            position = 0
            if children.count > 1 { gap += leftover / Double(children.count - 1) } else { position = 0 }
        case "spaceEvenly":
            let share = leftover / Double(children.count + 1)
            position = share
            gap += share
        default: position = 0
        }

        var frames: [Rect] = []
        for item in requested {
            let main = item.main ?? flexibleMain
            let cross: Double
            let crossOffset: Double
            if let c = item.cross, alignment != "stretch" {
                cross = c
                switch alignment {
                case "start": crossOffset = 0
                case "end": crossOffset = crossExtent - c
                default: crossOffset = (crossExtent - c) / 2
                }
            } else {
                cross = crossExtent
                crossOffset = 0
            }
            let rect = horizontal
                ? Rect(x: content.x + position, y: content.y + crossOffset, width: main, height: cross)
                : Rect(x: content.x + crossOffset, y: content.y + position, width: cross, height: main)
            frames.append(rect)
            position += main + gap
        }
        return frames
    }

    /// A row's children sized by their content (labels), where together with the sized ones
    /// they need more than `room`: each offered an equal share of what is left, the narrowest
    /// first, so one that needs less than its share leaves the rest to the others (SwiftUI's
    /// HStack); a label's text wraps to its share. Where they fit, as they were.
    func sharedAlongRow(_ children: [SceneView], _ requested: [(main: Double?, cross: Double?)], room: Double,
                        ownSize: (SceneView, Double?) -> Size?) -> [(main: Double?, cross: Double?)] {
        let measured = children.indices.filter { children[$0].size == nil && requested[$0].main != nil }
        let sized = children.indices.filter { children[$0].size != nil }.compactMap { requested[$0].main }.reduce(0, +)
        var left = Swift.max(0, room - sized)
        let needed = measured.compactMap { requested[$0].main }.reduce(0, +)
        guard needed > left + 0.01 else { return requested }
        var out = requested
        var count = measured.count
        for index in measured.sorted(by: { (requested[$0].main ?? 0, $0) < (requested[$1].main ?? 0, $1) }) {
            let share = left / Double(count)
            if let main = requested[index].main, main > share, let wrapped = ownSize(children[index], share) {
                out[index] = (wrapped.width, wrapped.height)
            }
            left = Swift.max(0, left - (out[index].main ?? 0))
            count -= 1
        }
        return out
    }
}

/// The bounds less the padding, never negative.
func contentBox(_ bounds: Rect, _ padding: Insets) -> Rect {
    Rect(x: bounds.x + padding.leading, y: bounds.y + padding.top,
         width: Layout.nonNegative(bounds.width - padding.leading - padding.trailing),
         height: Layout.nonNegative(bounds.height - padding.top - padding.bottom))
}

/// A z stack's children on top of each other (SwiftUI's ZStack), each in the content box: a
/// sized child keeps its size (percent of the content box) and sits by `alignment` on both axes;
/// a child with a size of its own (a pie's, a label's text wrapped to the content width) sits
/// likewise; any other fills the box. List order is drawing order, later on top.
struct OverlayLayout {
    let fractions: (x: Double, y: Double)
    let content: Rect

    init(values: AttributeValues, bounds: Rect) {
        // A word not of a z stack (the checker refuses it) sits centred, as `center`.
        fractions = StackAlignment.zFractions(values[Stack.alignment])
        content = contentBox(bounds, values[Stack.padding])
    }

    func frames(for children: [SceneView], ownSize: (SceneView, Double?) -> Size?) -> [Rect] {
        children.map { child in
            let size: Size
            if let given = child.size {
                size = Size(width: Layout.nonNegative(given.width.resolved(against: content.width)),
                            height: Layout.nonNegative(given.height.resolved(against: content.height)))
            } else if let own = ownSize(child, content.width) {
                size = own
            } else {
                return content
            }
            return Rect(x: content.x + (content.width - size.width) * fractions.x,
                        y: content.y + (content.height - size.height) * fractions.y,
                        width: size.width, height: size.height)
        }
    }
}

extension Stack: LaysOutChildren {
    static func frames(for children: [SceneView], values: AttributeValues, bounds: Rect,
                       ownSize: (SceneView, Double?) -> Size?) -> [Rect] {
        switch Stack.stackAxis(values) {
        case .z: return OverlayLayout(values: values, bounds: bounds).frames(for: children, ownSize: ownSize)
        case .horizontal, .vertical: return StackLayout(values: values, bounds: bounds).frames(for: children, ownSize: ownSize)
        }
    }
}
