import SceneModel

/// What becomes of every attribute of every view kind in a Lottie export: one table, so a new
/// attribute cannot be dropped without anyone deciding (a test walks the registry and fails on
/// an attribute missing here).
public enum LottieCoverage {
    public enum Mapping: Sendable, Equatable {
        /// Drawn in the animation, as what the text says; `except`: a value it cannot take,
        /// which is warned about.
        case exported(String, except: Value? = nil, reason: String = "")
        /// Not drawn; a located warning says so unless the value is `unless` (the value that
        /// draws nothing anyway).
        case leftOut(unless: Value, reason: String)
        /// Only matters with another attribute, exported or left out with it.
        case goesWith(String)
    }

    public static func mapping(_ type: ViewType, _ name: String) -> Mapping? {
        own[type]?[name] ?? layer[name]
    }

    static let layer: [String: Mapping] = [
        "opacity": .exported("the layer's opacity (a whole view and its children fade as one, as in Cairo)"),
        "hidden": .exported("opacity 0, in hold keyframes"),
        "backgroundColor": .exported("a rounded-rectangle fill under the content"),
        "borderColor": .exported("the border's stroke colour"),
        "borderWidth": .exported("a rounded-rectangle stroke inside the bounds, over the content and children"),
        "cornerRadius": .exported("the rectangles' roundness"),
        "rotation": .exported("the layer's rotation about the view's centre"),
    ]

    static let labelText = "text needs fonts that Lottie players may not have; it is left out of the animation"
    static let layout = "fixed in the layer positions (layout does not animate)"

    static let own: [ViewType: [String: Mapping]] = [
        .ring: [
            "progress": .exported("the trim path's end on the progress ellipse"),
            "trackColor": .exported("the track ellipse's stroke colour"),
            "progressColor": .exported("the progress ellipse's stroke colour"),
            "lineWidth": .exported("both strokes' width and the ellipses' size"),
            "startAngle": .exported("the progress group's rotation"),
            "clockwise": .exported("the progress ellipse's direction"),
            "lineCap": .exported("the progress stroke's line cap"),
            "label": .leftOut(unless: .text("none"), reason: labelText),
            "labelColor": .goesWith("label"), "labelFont": .goesWith("label"), "labelSize": .goesWith("label"),
        ],
        .pie: [
            "progress": .exported("the trim path's end on a circle stroked as wide as the radius"),
            "fillColor": .exported("the wedge's colour"),
            "startAngle": .exported("the wedge group's rotation"),
            "clockwise": .exported("the wedge circle's direction"),
        ],
        .clock: [
            "time": .exported("the hands' rotations (hold keyframes with motion: tick)", except: .timeOfDay(.now),
                              reason: "a Lottie file has no clock; the hands show the time of the export"),
            "motion": .exported("smooth or hold keyframes for the hands"),
            "handColor": .exported("the hands' fill"), "secondHandColor": .exported("the second hand's fill"),
            "hourHandWidth": .exported("the hour hand's bar height"),
            "minuteHandWidth": .exported("the minute hand's bar height"),
            "secondHandWidth": .exported("the second hand's bar height"),
            "hourHandLength": .exported("the hour hand's bar length"),
            "minuteHandLength": .exported("the minute hand's bar length"),
            "secondHandLength": .exported("the second hand's bar length"),
            "showsSeconds": .exported("whether the second hand's group is there"),
            "faceColor": .exported("the face ellipse's fill"), "tickColor": .exported("the hour marks' stroke"),
            "numerals": .leftOut(unless: .choice("none"), reason: labelText),
            "numeralColor": .goesWith("numerals"), "numeralFont": .goesWith("numerals"), "numeralSize": .goesWith("numerals"),
        ],
        .indicator: [
            "on": .exported("the fill colour, in hold keyframes"),
            "offColor": .exported("the fill colour when off"), "onColor": .exported("the fill colour when on"),
            "strokeColor": .exported("the edge's stroke colour"), "lineWidth": .exported("the edge's stroke width"),
        ],
        .lines: [
            "points": .exported("a path"), "closed": .exported("the path's closed flag"),
            "strokeColor": .exported("the stroke colour"), "lineWidth": .exported("the stroke width"),
            "fillColor": .exported("a fill of the closed path"), "lineCap": .exported("the stroke's line cap"),
            "lineJoin": .exported("the stroke's line join"), "dash": .exported("the stroke's dashes and offset"),
            "strokeStart": .exported("the trim path's start"), "strokeEnd": .exported("the trim path's end"),
        ],
        .label: [
            "text": .leftOut(unless: .text(""), reason: labelText),
            "font": .goesWith("text"), "fontSize": .goesWith("text"), "fontWeight": .goesWith("text"),
            "italic": .goesWith("text"), "textColor": .goesWith("text"), "alignment": .goesWith("text"),
            "verticalAlignment": .goesWith("text"), "lineLimit": .goesWith("text"), "lineSpacing": .goesWith("text"),
            "tracking": .goesWith("text"),
        ],
        .group: [:],
        .stack: ["axis": .exported(layout), "spacing": .exported(layout), "padding": .exported(layout),
                 "alignment": .exported(layout), "distribution": .exported(layout)],
        .grid: ["columns": .exported(layout), "spacing": .exported(layout), "padding": .exported(layout),
                "rowHeight": .exported(layout)],
    ]

    /// The attributes this table names for a kind beyond its registry entry (a stale row).
    public static func extraNames(_ type: ViewType) -> [String] {
        let names = Set(type.kind.attributes.map(\.name))
        return (own[type] ?? [:]).keys.filter { !names.contains($0) }.sorted()
    }
}
