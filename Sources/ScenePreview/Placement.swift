import SceneCheck
import SceneLayout
import SceneModel
import ScenecKit

/// How a view gets its place, for the page's canvas: by its own frame inside its parent's box
/// (the canvas, or a group), or by the stack or grid holding it, which the page cannot drag.
struct Placement: Encodable {
    /// "frame", "stack" or "grid".
    var by: String
    /// For `frame`: the parent's box in canvas coordinates, what percentages and the origin of
    /// x and y refer to.
    var parentBox: InspectReport.Frame?
    /// For a container: its id, or its address when it has none.
    var container: String?
    /// For a container: "placed by stack 'header'", what the page says when a drag cannot move it.
    var reason: String?

    static func frame(in box: Rect) -> Placement {
        Placement(by: "frame", parentBox: InspectReport.Frame(box))
    }

    /// A child of `parent` (at `address`), placed by it when its kind places its children.
    static func child(of parent: PlacedView, at address: String) -> Placement {
        guard parent.view.type.kind.children == .placedByContainer else { return .frame(in: parent.canvasFrame) }
        let name = parent.view.type.placeName(id: parent.view.id, address: address)
        return Placement(by: parent.view.type.rawValue, container: parent.view.id ?? address, reason: "placed by \(name)")
    }
}

/// A frame as the file (and the overrides) write it, so the page writes a moved or resized
/// frame in the same form: the key each position uses (x or centerX), and each length as a
/// percentage of the parent's box plus points, with its text (`"100% - 20"`).
struct FrameForm: Encodable {
    struct Position: Encodable {
        var key: String
        var percent: Double
        var points: Double
        var text: String
    }

    struct Size: Encodable {
        var percent: Double
        var points: Double
        var text: String

        init(_ l: Length) {
            percent = l.percent
            points = l.points
            text = l.description
        }
    }

    var x: Position
    var y: Position
    /// nil (null in the JSON) where the size is the view's own: a pie's 37 × 37, a label's text.
    var width: Size?
    var height: Size?

    init(_ spec: FrameSpec) {
        func position(_ p: FramePosition, _ edge: String, _ center: String) -> Position {
            switch p {
            case .origin(let l): return Position(key: edge, percent: l.percent, points: l.points, text: l.description)
            case .center(let l): return Position(key: center, percent: l.percent, points: l.points, text: l.description)
            }
        }
        x = position(spec.x, "x", "centerX")
        y = position(spec.y, "y", "centerY")
        // The checker fills a size the file leaves out with the kind's own; shown as not written
        // (the page adds it when the view is resized). A size written equal to it is written.
        width = spec.widthWritten ? spec.width.map(Size.init) : nil
        height = spec.heightWritten ? spec.height.map(Size.init) : nil
    }

    /// The text of the frame key `key` (`x`, `centerX`, `width` …) as written; nil where the
    /// frame does not write it (it writes `centerX`, not `x`, or the size is the view's own).
    func text(of key: String) -> String? {
        switch key {
        case "x", "centerX": return x.key == key ? x.text : nil
        case "y", "centerY": return y.key == key ? y.text : nil
        case "width": return width?.text
        case "height": return height?.text
        default: return nil
        }
    }

    enum CodingKeys: String, CodingKey {
        case x, y, width, height
    }

    /// width and height are always there, null when not written, so the page can tell.
    func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
    }
}
