import SceneModel

/// Seeds 000 and 002: a full track circle, then the progress arc from startAngle.
extension Ring: ViewDrawer {
    static func draw(_ view: ResolvedView, in g: GraphicsContext, environment: RenderEnvironment) {
        let lineWidth = view[Ring.lineWidth]
        let radius = Swift.min(view.size.width, view.size.height) / 2 - lineWidth / 2
        guard radius > 0, lineWidth > 0 else { return }
        defer { RingLabel.draw(view, in: g, environment: environment) }
        let cx = view.size.width / 2, cy = view.size.height / 2
        g.setLineCap("butt")
        g.newPath()
        g.circle(cx: cx, cy: cy, radius: radius)
        g.stroke(view[Ring.trackColor], width: lineWidth)

        let progress = view[Ring.progress]
        guard progress > 0 else { return }  // no arc at 0, even with round caps
        let start = view[Ring.startAngle].degrees
        let sweep = progress * 360
        let clockwise = view[Ring.clockwise]
        g.setLineCap(view[Ring.lineCap])
        g.newPath()
        g.arc(cx: cx, cy: cy, radius: radius, from: start, to: clockwise ? start + sweep : start - sweep,
              clockwise: clockwise)
        g.stroke(view[Ring.progressColor], width: lineWidth)
    }

    /// The label's size: the largest whose text fits inside the ring, as it is drawn.
    static func measuredDefault(of name: String, in view: ResolvedView, boundTexts: [String: String], now: Double,
                                measurer: MeasuredDefaults) -> Value? {
        guard name == labelSize.name,
              let text = RingLabel.texts(view, values: measurer.values, now: now, bound: boundTexts[Ring.label.name],
                                         engine: measurer.engine)
        else { return nil }
        return .number(RingLabel.measuredSize(view, fitting: text.fitted, engine: measurer.engine))
    }

    static func boundTexts(of view: SceneView, measurer: TextMeasurer) -> [String: String] {
        RingLabel.boundTexts(of: view, measurer: measurer)
    }

    /// Its label's default size, where under `RingLabel.smallestShare` of what `100%` gets.
    static func textMisfit(_ view: ResolvedView, boundTexts: [String: String], fit: TextFit) -> TextMisfit? {
        guard view[Ring.labelSize] == nil,
              let text = RingLabel.texts(view, values: fit.values, now: 0, bound: boundTexts[Ring.label.name],
                                         engine: fit.engine) else { return nil }
        let size = RingLabel.measuredSize(view, fitting: text.fitted, engine: fit.engine)
        let percentSize = RingLabel.measuredSize(view, fitting: RingLabel.widestPercent, engine: fit.engine)
        guard percentSize > 0, size < percentSize * RingLabel.smallestShare else { return nil }
        return .ringLabelSmall(size: size, percentSize: percentSize)
    }
}
