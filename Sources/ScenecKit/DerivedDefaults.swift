import SceneLayout
import SceneModel

/// The value a derived default takes in one view, as its drawer or layout computes it (pie's
/// fillColor is its borderColor, indicator's strokeColor its fill × 0.75), so that inspect
/// shows `#bf0000` rather than the rule. nil where the default is "none" (`lines.dash`).
enum DerivedDefaults {
    static func value(of name: String, in placed: PlacedView) -> Value? {
        let v = placed.values
        let size = (width: placed.frame.width, height: placed.frame.height)
        switch (placed.view.type, name) {
        case (.pie, Pie.fillColor.name):
            return .color(v[Layer.borderColor])
        case (.clock, Clock.secondHandColor.name):
            return .color(v[Clock.handColor])
        case (.indicator, Indicator.strokeColor.name):
            return .color((v[Indicator.on] ? v[Indicator.onColor] : v[Indicator.offColor]).scaled(by: 0.75))
        case (.indicator, Indicator.lineWidth.name):
            return .number(size.width * 0.05)
        case (.grid, Grid.rowHeight.name):
            return .length(.pt(Layout.gridRowHeight(v, size: size)))
        default:
            return nil
        }
    }
}
