import SceneLayout
import SceneModel

/// Draws placed views as CALayers would: background clipped to the corner radius, the kind's
/// content, children, then the border inside the bounds; opacity and rotation apply to a view
/// and its children together.
enum SceneDrawer {
    static func draw(_ views: [PlacedView], in g: GraphicsContext, environment: RenderEnvironment) throws(SceneTimeout) {
        for view in views {
            try draw(view, in: g, environment: environment)
        }
    }

    static func draw(_ placed: PlacedView, in g: GraphicsContext, environment: RenderEnvironment) throws(SceneTimeout) {
        try environment.deadline?.check(reached: .init(view: (placed.view.displayName, placed.view.range)))
        let values = placed.view.values.clamped(to: placed.view.type.kind)
        let opacity = values[Layer.opacity]
        guard !values[Layer.hidden], opacity > 0 else { return }
        let f = placed.frame
        g.save()
        g.translate(f.x, f.y)
        let rotation = values[Layer.rotation].degrees
        if rotation != 0 {
            g.translate(f.width / 2, f.height / 2)
            g.rotate(degrees: rotation)
            g.translate(-f.width / 2, -f.height / 2)
        }
        if opacity < 1 { g.beginGroup() }

        let radius = values[Layer.cornerRadius].resolved(against: Swift.min(f.width, f.height))
        let background = values[Layer.backgroundColor]
        if !background.isClear {
            g.newPath()
            g.roundedRect(x: 0, y: 0, width: f.width, height: f.height, radius: radius)
            g.fill(background)
        }
        // The kind's own line caps, joins and dashes stay with its content, not the border.
        g.save()
        g.boundTexts = placed.boundTexts
        placed.view.type.drawer?.draw(ResolvedView(values: values, size: Size(width: f.width, height: f.height),
                                                   type: placed.view.type),
                                      in: g, environment: environment)
        g.restore()
        // A timeout among the children leaves this context unbalanced; the picture is dropped.
        try draw(placed.children, in: g, environment: environment)
        let borderWidth = Swift.min(values[Layer.borderWidth], Swift.min(f.width, f.height) / 2)
        let borderColor = values[Layer.borderColor]
        if borderWidth > 0, !borderColor.isClear {
            let inset = borderWidth / 2
            g.newPath()
            g.roundedRect(x: inset, y: inset, width: f.width - borderWidth, height: f.height - borderWidth,
                          radius: radius - inset)
            g.stroke(borderColor, width: borderWidth)
        }

        if opacity < 1 { g.endGroup(opacity: opacity) }
        g.restore()
    }
}

extension PlacedView {
    /// Whether drawing `other` gives the same pixels as drawing this view: everything `draw`
    /// reads — the kind, the values, the frame and the placed children — is equal. Frame
    /// sequences reuse the bytes of a frame whose views all draw the same as the previous one's.
    public func drawsSame(as other: PlacedView) -> Bool {
        view.type == other.view.type && frame == other.frame && view.values == other.view.values
            && children.count == other.children.count
            && zip(children, other.children).allSatisfy { $0.drawsSame(as: $1) }
    }
}

extension Array where Element == PlacedView {
    /// Whether these views draw the same picture as `other` (see `PlacedView.drawsSame(as:)`).
    public func drawSame(as other: [PlacedView]) -> Bool {
        count == other.count && zip(self, other).allSatisfy { $0.drawsSame(as: $1) }
    }
}
