import SceneModel
import SceneSyntax

extension ViewPath {
    /// The view's node in the file's `views:` list, read as written (whether or not the view
    /// checks): what a tool editing the file would change. The failure says which index is out
    /// of range and what the valid ones are, e.g. "no view at views[3]: views holds 3 views,
    /// views[0] to views[2]".
    public func node(inViews views: Node) -> Result<Node, AddressError> {
        var list = views.sequence ?? []
        var place = "views"
        var reached: ViewPath?
        var current = views
        for (depth, index) in indices.enumerated() {
            let here = reached?.child(index) ?? ViewPath(root: index)
            guard list.indices.contains(index) else {
                return .failure(AddressError("no view at \(here): \(place) \(Self.holding(list.count, depth: depth))"))
            }
            current = list[index]
            reached = here
            guard depth + 1 < indices.count else { break }
            let pairs = current.mapping ?? []
            let type = pairs.first { $0.key == "type" }?.value.scalar?.text ?? "view"
            let children = pairs.first { $0.key == "children" }?.value.sequence
            if children == nil, let viewType = ViewType(rawValue: type), !viewType.isContainer {
                return .failure(AddressError("no view at \(here.child(indices[depth + 1])): \(here) is a \(type), which has no children"))
            }
            list = children ?? []
            place = "\(here) (a \(type))"
        }
        return .success(current)
    }

    /// "holds 3 views: views[0] to views[2]", "holds no children".
    static func holding(_ count: Int, depth: Int) -> String {
        let (one, many) = depth == 0 ? ("view", "views") : ("child", "children")
        switch count {
        case 0: return "holds no \(many)"
        case 1: return "holds 1 \(one): \(many)[0]"
        default: return "holds \(count) \(many): \(many)[0] to \(many)[\(count - 1)]"
        }
    }
}
