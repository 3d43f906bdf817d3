import SceneCheck
import SceneLayout
import SceneModel
import SceneRender
import SceneSyntax

/// Text that does not fit (docs/language.md §8): a label whose text needs more than its frame
/// (drawn clipped to it), a label without a width running past the canvas, a ring label shrunk
/// below half of what `100%` gets. Measured with the scene's fonts, bound text at its widest.
enum OverflowLint {
    static func diagnostics(_ laidOut: AnimatedScene) -> [Diagnostic] {
        let fit = TextFit(fonts: laidOut.fonts, views: laidOut.placed)
        let canvasWidth = laidOut.scene.canvas.width
        var out: [Diagnostic] = []
        func walk(_ views: [PlacedView], path: (Int) -> ViewPath) {
            for (index, placed) in views.enumerated() {
                let view = Linted(placed: placed, path: path(index))
                switch fit.misfit(placed) {
                case .overflow(let needed, let widest)?: out.append(view.overflow(needed, widest: widest))
                case .ringLabelSmall(let size, let percentSize)?: out.append(view.ringLabelShrunk(size, percentSize: percentSize))
                case nil: if let past = view.pastCanvasEdge(canvasWidth) { out.append(past) }
                }
                if let spill = view.childrenPastEdge() { out.append(spill) }
                walk(placed.children) { view.path.child($0) }
            }
        }
        walk(laidOut.placed) { ViewPath(root: $0) }
        return out
    }
}

extension Linted {
    /// Points, rounded up to a tenth: a size the text needs.
    static func points(_ v: Double) -> String { formatNumber((v * 10).rounded(.up) / 10) }

    func overflow(_ needed: Size, widest: String?) -> Diagnostic {
        let f = placed.frame
        let measured = widest.map { " at its widest, `\($0)`," } ?? ""
        let drawn = f.width > 0 && f.height > 0 ? "it is drawn clipped to the frame, from its first line" : "it is not drawn"
        return .warning(.lintTextOverflow, "the text of \(name)\(measured) needs \(Self.points(needed.width)) × \(Self.points(needed.height)) points, but its frame is \(Self.tenths(f.width)) × \(Self.tenths(f.height)); \(drawn)",
                        at: range(of: Label.text.name),
                        notes: ["give the frame more room, shorten the text, or set lineLimit (its last line then ends in …)"])
    }

    /// A view sized by its text (a label without a width) running past the canvas's left or
    /// right edge: the text there is cut off.
    func pastCanvasEdge(_ canvasWidth: Double) -> Diagnostic? {
        let f = placed.canvasFrame
        let sizedByText = placed.view.frame.map { $0.width == nil } ?? (placed.view.size == nil)
        guard placed.view.type.kind.sizesToContent, sizedByText, values[Layer.rotation].degrees == 0,
              f.width > 0, f.x < canvasWidth, f.x + f.width > 0 else { return nil }
        let from = "the text of \(name) is \(Self.points(f.width)) points wide from x \(Self.tenths(f.x))"
        if f.x < -0.01 {
            return .warning(.lintTextOverflow, "\(from), left of the canvas's left edge at 0; the start is cut off",
                            at: range(of: Label.text.name), notes: ["move the label right of x 0"])
        }
        guard f.x + f.width > canvasWidth + 0.01 else { return nil }
        return .warning(.lintTextOverflow, "\(from), past the canvas's right edge at \(formatNumber(canvasWidth)); the rest is cut off",
                        at: range(of: Label.text.name),
                        notes: ["give the label a width in its frame: its text then wraps to it"])
    }

    /// A stack or grid whose children (as it placed them) reach past its frame: labels that need
    /// more than their share even wrapped, a column too short for its children's lines.
    func childrenPastEdge() -> Diagnostic? {
        guard placed.view.type.kind.children == .placedByContainer else { return nil }
        let f = placed.frame, slack = 0.01
        let past = placed.children.indices.filter { index in
            let c = placed.children[index].frame
            return c.x < -slack || c.y < -slack || c.x + c.width > f.width + slack || c.y + c.height > f.height + slack
        }
        guard let first = past.first else { return nil }
        let frames = placed.children.map(\.frame)
        let x0 = frames.map(\.x).reduce(0, Swift.min), y0 = frames.map(\.y).reduce(0, Swift.min)
        let x1 = frames.map { $0.x + $0.width }.reduce(f.width, Swift.max)
        let y1 = frames.map { $0.y + $0.height }.reduce(f.height, Swift.max)
        let child = Linted(placed: placed.children[first], path: path.child(first))
        let others = past.count > 1 ? " and \(past.count - 1) more" : ""
        return .warning(.lintChildrenOverflow, "the children of \(name) need \(Self.points(x1 - x0)) × \(Self.points(y1 - y0)) points, but its frame is \(Self.tenths(f.width)) × \(Self.tenths(f.height)); \(child.name)\(others) runs past its edge, over what lies beyond",
                        at: range(of: "children"),
                        notes: ["give the \(placed.view.type.rawValue) more room, or its children less text or smaller sizes"])
    }

    /// A position or a frame's side rounded to a tenth of a point, as sizes are.
    static func tenths(_ v: Double) -> String { formatNumber((v * 10).rounded() / 10) }

    func ringLabelShrunk(_ size: Double, percentSize: Double) -> Diagnostic {
        .warning(.lintRingLabelSmall, "the label of \(name) fits the ring only at \(formatNumber((size * 10).rounded(.down) / 10)) points, less than \(formatNumber(TextFit.smallestRingLabelShare * 100))% of the \(formatNumber((percentSize * 10).rounded(.down) / 10)) points 100% gets: the text is too long for the ring",
                 at: range(of: Ring.label.name),
                 notes: ["shorten the label, set labelSize, or put the text in a label beside the ring"])
    }
}
