import SceneModel
import SceneSyntax
import XCTest

/// Colours, system colours by appearance, lengths, angles, times and the timeline's arithmetic,
/// through their own types (no scene text is parsed here).
final class ValueTests: XCTestCase {
    func testColoursPrintAsHexAndClampScaleAndClear() {
        XCTAssertEqual(Color.rgb255(0, 122, 255).description, "#007aff")
        XCTAssertEqual(Color.rgb255(60, 60, 67, alpha: 0.6).description, "#3c3c4399", "alpha below 1 is written")
        XCTAssertEqual(Color.white(1).description, "#ffffff")
        XCTAssertEqual(Color(red: 1.4, green: -0.2, blue: 0.5, alpha: 2).clamped,
                       Color(red: 1, green: 0, blue: 0.5, alpha: 1))
        XCTAssertEqual(Color(red: 0.5, green: 1, blue: 0.2, alpha: 0.5).scaled(by: 0.5),
                       Color(red: 0.25, green: 0.5, blue: 0.1, alpha: 0.5), "alpha is kept")
        XCTAssertTrue(Color.clear.isClear)
        XCTAssertFalse(Color.black.isClear)
    }

    func testSystemColoursHaveApplesLightAndDarkValues() throws {
        let blue = try XCTUnwrap(ColorForm.system(named: "systemBlue"))
        XCTAssertEqual(blue.color(for: .light), .rgb255(0, 122, 255))
        XCTAssertEqual(blue.color(for: .dark), .rgb255(10, 132, 255))
        XCTAssertEqual(blue.description, "systemBlue")
        XCTAssertEqual(blue.origin(for: .dark), "systemBlue (dark)")
        let secondary = try XCTUnwrap(SystemColors.named["secondaryLabel"])
        XCTAssertEqual(secondary.light, .rgb255(60, 60, 67, alpha: 0.6))
        XCTAssertEqual(secondary.dark, .rgb255(235, 235, 245, alpha: 0.6))
        XCTAssertEqual(SystemColors.named.count, SystemColors.all.count, "names are unique")
        XCTAssertEqual(SystemColors.all.first?.name, "systemRed", "in Apple's order")
        for entry in SystemColors.all {
            for c in [entry.light, entry.dark] {
                XCTAssertEqual(c, c.clamped, "\(entry.name) components within 0–1")
            }
        }
    }

    func testColourFormsResolvePerAppearance() throws {
        let written = ColorForm.pair(light: .hex(.black), dark: .hex(.whiteColor))
        XCTAssertEqual(written.description, "{light: \"#000000\", dark: \"#ffffff\"}")
        XCTAssertEqual(written.origin(for: .light), "{light, dark} → light")
        XCTAssertEqual(Value.colorForm(written).color(for: .dark), .whiteColor)
        let blue = try XCTUnwrap(ColorForm.system(named: "systemBlue"))
        let translucent = ColorForm.withAlpha(blue, 0.5)
        XCTAssertEqual(translucent.color(for: .dark), .rgb255(10, 132, 255, alpha: 0.5), "dark side, alpha replaced")
        XCTAssertEqual(translucent.color(for: .light), .rgb255(0, 122, 255, alpha: 0.5))
        XCTAssertEqual(translucent.description, "{color: systemBlue, alpha: 0.5}")
        XCTAssertEqual(translucent.systemName, "systemBlue")
        XCTAssertTrue(translucent.dependsOnAppearance)
        XCTAssertFalse(ColorForm.withAlpha(.hex(.black), 0.5).dependsOnAppearance)
        let mixed = ColorForm.pair(light: .system(SystemColors.all[0]), dark: translucent)
        XCTAssertEqual(mixed.color(for: .light), .rgb255(255, 59, 48), "a system side gives its own light side")
        XCTAssertEqual(mixed.color(for: .dark), .rgb255(10, 132, 255, alpha: 0.5))
        XCTAssertEqual(mixed.side(.dark), translucent)
        XCTAssertEqual(mixed.description, "{light: systemRed, dark: {color: systemBlue, alpha: 0.5}}")
        XCTAssertEqual(ColorForm.rgb(.rgb255(12, 34, 56, alpha: 0.5)).description, "\"rgba(12, 34, 56, 0.5)\"")
        XCTAssertEqual(ColorForm.components(.rgb255(12, 34, 56)).description, "{red: 12, green: 34, blue: 56, alpha: 1}")
        XCTAssertEqual(ColorForm.white(.white(0.5, alpha: 0.25)).description, "{white: 0.5, alpha: 0.25}")
        XCTAssertEqual(ColorForm.css("Tomato", .rgb255(255, 99, 71)).description, "Tomato")
        XCTAssertNil(ColorForm.system(named: "SystemBlue"), "UIKit's spelling only")
        XCTAssertEqual(Value.color(.black).color(for: .dark), .black, "a plain colour is the same in both")
        XCTAssertNil(Value.number(1).color(for: .light))
        XCTAssertEqual(Appearance.allCases, [.light, .dark])
    }

    func testLengthsResolveAgainstTheirReferenceAndPrintAsWritten() {
        XCTAssertEqual(Length(percent: 50, points: -10).resolved(against: 200), 90)
        XCTAssertEqual(Length.pt(12).resolved(against: 1000), 12)
        XCTAssertEqual(Length.pt(12).description, "12")
        XCTAssertEqual(Length(percent: 25).description, "25%")
        XCTAssertEqual(Length(percent: 100, points: -10).description, "100% - 10")
        XCTAssertEqual(Length(percent: 50, points: 2.5).description, "50% + 2.5")
        XCTAssertEqual(formatNumber(3), "3")
        XCTAssertEqual(formatNumber(0.5), "0.5")
        XCTAssertEqual(formatNumber(-2), "-2")
    }

    func testAnglesTimesInsetsAndSpacing() {
        XCTAssertEqual(Angle(degrees: 180).radians, Double.pi, accuracy: 1e-12)
        XCTAssertEqual(Angle(degrees: -90).description, "-90deg")
        XCTAssertEqual(TimeOfDay.hms(10, 9, 5).description, "10:09:05")
        XCTAssertEqual(TimeOfDay.hms(25, 0, 0).description, "25:00:00", "a timeline may run past midnight")
        XCTAssertEqual(TimeOfDay.now.description, "now")
        XCTAssertEqual(Insets(all: 4), Insets(top: 4, leading: 4, bottom: 4, trailing: 4))
        XCTAssertEqual(Value.number(0.25).description, "0.25")
        XCTAssertEqual(Value.bool(true).description, "true")
        XCTAssertEqual(Value.dash([4, 2.5]).description, "[4, 2.5]")
        XCTAssertEqual(Double(Value.number(2)), 2)
        XCTAssertNil(Double(Value.bool(true)), "a typed read of another kind is nil")
    }

    /// An overshooting curve's reach: no point of the curve, sampled densely, lies beyond the
    /// bounds, and the bounds are that close to the densest sample (closed form for a Bézier,
    /// refined samples for a spring); curves within their ends reach 0 and 1.
    func testEasingProgressBoundsAreTheCurvesExtremes() {
        func dense(_ f: (Double) -> Double) -> (min: Double, max: Double) {
            let values = (0...100_000).map { f(Double($0) / 100_000) }
            return (values.min() ?? 0, values.max() ?? 0)
        }
        func bezier(_ a: Double, _ b: Double) -> (Double) -> Double {
            { t in 3 * (1 - t) * (1 - t) * t * a + 3 * (1 - t) * t * t * b + t * t * t }
        }
        for (a, b) in [(1.8, 1.5), (-0.6, 0.4), (-0.5, 1.6), (0.2, 2.5)] {
            let bounds = Easing.cubicBezier(0.3, a, 0.6, b).progressBounds(duration: 1)
            let sampled = dense(bezier(a, b))
            XCTAssertEqual(bounds.max, Swift.max(1, sampled.max), accuracy: 1e-6, "\(a), \(b)")
            XCTAssertEqual(bounds.min, Swift.min(0, sampled.min), accuracy: 1e-6, "\(a), \(b)")
        }
        let spring = Spring(mass: 1, stiffness: 100, damping: 4)
        let bounds = Easing.spring(spring).progressBounds(duration: 2)
        let sampled = dense { spring.position(at: $0 * 2) }
        XCTAssertGreaterThan(bounds.max, 1.5, "a loose spring overshoots by half")
        XCTAssertGreaterThanOrEqual(bounds.max, sampled.max - 1e-12)
        XCTAssertEqual(bounds.max, sampled.max, accuracy: 1e-6)
        for easing in [Easing.cubicBezier(0.42, 0, 0.58, 1), .linear, .steps(4)] {
            let within = easing.progressBounds(duration: 1)
            XCTAssertTrue(within.min == 0 && within.max == 1, "\(easing)")
        }
    }

    func testEasingsNameCoreAnimationsCurves() {
        XCTAssertEqual(Easing.named["easeInEaseOut"], .cubicBezier(0.42, 0, 0.58, 1))
        XCTAssertEqual(Easing.cubicBezier(0.42, 0, 0.58, 1).description, "easeInEaseOut")
        XCTAssertEqual(Easing.cubicBezier(0.1, 0.2, 0.3, 0.4).description, "cubicBezier(0.1, 0.2, 0.3, 0.4)")
        XCTAssertEqual(Easing.steps(4).description, "steps(4)")
    }

    func testSpringsStartAtZeroAndSettleAtOne() {
        for spring in [Spring(damping: 8), Spring(stiffness: 100, damping: 20), Spring(stiffness: 100, damping: 40)] {
            XCTAssertEqual(spring.position(at: 0), 0)
            let settle = spring.settlingTime
            XCTAssertGreaterThan(settle, 0)
            for t in stride(from: settle, through: settle + 5, by: 0.05) {
                XCTAssertEqual(spring.position(at: t), 1, accuracy: 0.001, "\(spring) at \(t)")
            }
        }
        XCTAssertGreaterThan(Spring(damping: 2).position(at: 0.3), 1, "an underdamped spring overshoots")
    }

    func testTimelineLengthAndFrameCounts() {
        let ring = Ring.progress.spec
        let once = Animation(viewID: "r", attribute: ring, begin: 0.5,
                             keyframes: [Keyframe(at: 0, value: .number(0), easing: .linear),
                                         Keyframe(at: 1, value: .number(1), easing: .linear)],
                             repeatCount: .count(2), autoreverse: true, range: .none)
        XCTAssertEqual(once.singleDuration, 1)
        XCTAssertEqual(once.cycleDuration, 2)
        XCTAssertEqual(once.end, 4.5)
        var forever = once
        forever.repeatCount = .forever
        XCTAssertNil(forever.end)
        let timeline = Timeline(fps: 10, animations: [once, forever])
        XCTAssertEqual(timeline.length, 4.5, "the end of the last animation that ends")
        XCTAssertEqual(timeline.frameCount(fps: 10), 46, "both ends included")
        XCTAssertEqual(Timeline(fps: 10, duration: 1, loop: true).frameCount(fps: 10), 10, "the last frame is the first again")
        XCTAssertEqual(Timeline(duration: 1e300).frameCount(fps: 30), Int.max)
    }
}
