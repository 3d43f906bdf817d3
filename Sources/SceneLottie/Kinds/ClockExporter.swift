import Glibc
import SceneModel
import SceneSupport

/// A clock: the face, the hour marks, then each hand as a bar from the centre turned to its
/// angle. With `sweep` the angles follow the time smoothly (exact keyframes); with `tick` they
/// jump each whole second (hold keyframes). The numerals lie between the marks and the hands.
extension Clock: KindExporter {
    static let lottieSummary: String? = "face ellipse, hour marks, each hand a bar turned by its angle: smooth keyframes with `motion: sweep`, hold keyframes with `tick`"

    static let lottieCoverage: [String: LottieCoverage.Mapping] = [
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
            "numerals": .exported(LottieCoverage.text),
            "numeralColor": .goesWith("numerals"), "numeralFont": .goesWith("numerals"), "numeralSize": .goesWith("numerals"),
    ]

    static func shapes(_ view: ViewExport) -> [JSONValue] {
        let r = Swift.min(view.size.width, view.size.height) / 2
        guard r > 0 else { return [] }
        let center = view.center
        let face = Shapes.group("face", [Shapes.ellipse(center: Shapes.fixed(center), size: Shapes.fixed([2 * r, 2 * r])),
                                         Shapes.fill(view.paint(Clock.faceColor))])
        let marks = (0..<12).map { hour -> JSONValue in
            let a = (Double(hour) * 30 - 90) * Double.pi / 180
            return Shapes.path([(center[0] + 0.85 * r * cos(a), center[1] + 0.85 * r * sin(a)),
                                (center[0] + 0.95 * r * cos(a), center[1] + 0.95 * r * sin(a))], closed: false)
        }
        let ticks = Shapes.group("hour marks", marks + [
            Shapes.stroke(view.paint(Clock.tickColor), width: Shapes.fixed(2), cap: "butt"),
        ])
        let sweep = view.values[Clock.motion] == "sweep"
        /// Seconds since midnight as a hand shows them: with tick, the hour and minute hands
        /// move each whole minute and the second hand each whole second (as the drawer does).
        func shown(_ v: ResolvedView, step: Double) -> Double {
            let t: Double
            switch v[Clock.time] {
            case .seconds(let s): t = Swift.max(0, s)
            case .now: t = view.now
            }
            return sweep ? t : (t / step).rounded(.down) * step
        }
        // The drawer's angles without its wrap at whole turns, so a sweeping hand's rotation
        // is a straight function of the time.
        let hour = hand(view, "hour", angle: { shown($0, step: 60) / 120 - 90 }, length: Clock.hourHandLength,
                        width: Clock.hourHandWidth, color: view.paint(Clock.handColor))
        let minute = hand(view, "minute", angle: { shown($0, step: 60) / 10 - 90 }, length: Clock.minuteHandLength,
                          width: Clock.minuteHandWidth, color: view.paint(Clock.handColor))
        var hands = [minute, hour]
        if view.values[Clock.showsSeconds] {
            let second = hand(view, "second", angle: { shown($0, step: 1) * 6 - 90 }, length: Clock.secondHandLength,
                              width: Clock.secondHandWidth, color: view.paint(Clock.secondHandColor))
            hands.insert(second, at: 0)
        }
        return hands + (view.text.map { [$0] } ?? []) + [ticks, face]
    }

    /// A hand: a butt-capped line from the centre is a bar `length` long and `width` wide.
    static func hand(_ view: ViewExport, _ name: String, angle: @escaping (ResolvedView) -> Double,
                     length: Attribute<Length>, width: Attribute<Double>, color: Shapes.Paint) -> JSONValue {
        let r = Swift.min(view.size.width, view.size.height) / 2
        let bar = Shapes.rect(
            center: view.vector([length], Tolerance.points) { [$0[length].resolved(against: r) / 2, 0] },
            size: view.vector([length, width], Tolerance.points) { [abs($0[length].resolved(against: r)), $0[width]] },
            radius: Shapes.fixed(0))
        // Less the whole turns it starts with: players turn by single-precision angles.
        let turns = (angle(view.values) / 360).rounded(.down) * 360
        return Shapes.group(name + " hand", [bar, Shapes.fill(color)],
                            transform: Shapes.transform(position: Shapes.fixed(view.center),
                                                        rotation: view.scalar([Clock.time], Tolerance.degrees) { angle($0) - turns }))
    }
}
