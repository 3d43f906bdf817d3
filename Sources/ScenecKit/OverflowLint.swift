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
                case .overflow(let needed)?: out.append(view.overflow(needed))
                case .ringLabelSmall(let size, let percentSize)?: out.append(view.ringLabelShrunk(size, percentSize: percentSize))
                case nil: if let past = view.pastRightEdge(canvasWidth) { out.append(past) }
                }
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

    func overflow(_ needed: Size) -> Diagnostic {
        let f = placed.frame
        return .warning(.lintTextOverflow, "the text of \(name) needs \(Self.points(needed.width)) × \(Self.points(needed.height)) points, but its frame is \(formatNumber(f.width)) × \(formatNumber(f.height)); it is drawn clipped to the frame, from its first line",
                        at: range(of: Label.text.name),
                        notes: ["give the frame more room, shorten the text, or set lineLimit (its last line then ends in …)"])
    }

    /// A view sized by its text (a label without a width) running past the canvas's right edge.
    func pastRightEdge(_ canvasWidth: Double) -> Diagnostic? {
        let f = placed.canvasFrame
        let sizedByText = placed.view.frame.map { $0.width == nil } ?? (placed.view.size == nil)
        guard placed.view.type.kind.sizesToContent, sizedByText, values[Layer.rotation].degrees == 0,
              f.x < canvasWidth, f.x + f.width > canvasWidth + 0.01 else { return nil }
        return .warning(.lintTextOverflow, "the text of \(name) is \(Self.points(f.width)) points wide from x \(formatNumber(f.x)), past the canvas's right edge at \(formatNumber(canvasWidth)); the rest is cut off",
                        at: range(of: Label.text.name),
                        notes: ["give the label a width in its frame: its text then wraps to it"])
    }

    func ringLabelShrunk(_ size: Double, percentSize: Double) -> Diagnostic {
        .warning(.lintRingLabelSmall, "the label of \(name) fits the ring only at \(formatNumber((size * 10).rounded(.down) / 10)) points, less than \(formatNumber(TextFit.smallestRingLabelShare * 100))% of the \(formatNumber((percentSize * 10).rounded(.down) / 10)) points 100% gets: the text is too long for the ring",
                 at: range(of: Ring.label.name),
                 notes: ["shorten the label, set labelSize, or put the text in a label beside the ring"])
    }
}
