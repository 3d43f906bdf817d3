import XCTest
import SceneAnimation
import SceneCheck
import SceneLayout
import SceneModel
import SceneSyntax

/// docs/language.md §5's rules for which value an attribute has at time t.
final class SamplerTests: XCTestCase {
    func scene(_ timeline: String, views: String = "  - {id: r, type: ring, frame: {x: 0, y: 0, width: 10, height: 10}, progress: 0.5}",
               file: StaticString = #filePath, line: UInt = #line) throws -> Scene {
        let text = "canvas: {width: 10, height: 10}\nviews:\n\(views)\ntimeline:\n\(timeline)\n"
        let r = SceneChecker().check(SourceFile(name: "t", text: text))
        XCTAssertEqual(r.diagnostics.map(\.message), [], file: file, line: line)
        return try XCTUnwrap(r.scene, file: file, line: line)
    }

    func number(_ s: Sampler, _ key: String, _ t: Double) -> Double? {
        if case .number(let v)? = s.value(of: key, at: t) { return v }
        return nil
    }

    /// A view an instance holds is named through it (`cpu.ring.progress`): its id is all
    /// before the last dot, which is how inspect and the Lottie export ask for its value.
    func testAnInstancesViewIsAskedForByItsScopedID() throws {
        let text = """
            canvas: {width: 10, height: 10}
            components:
              Dial:
                views:
                  - {id: ring, type: ring, frame: {x: 0, y: 0, width: 10, height: 10}}
                timeline:
                  animations:
                    - {target: ring.progress, from: 0, to: 1, duration: 1s}
            views:
              - {id: cpu, type: Dial, frame: {x: 0, y: 0, width: 10, height: 10}}
            """
        let scene = try XCTUnwrap(SceneChecker().check(SourceFile(name: "t", text: text)).scene)
        let s = Sampler(scene: scene)
        XCTAssertEqual(number(s, "cpu.ring.progress", 0.5)!, 0.5, accuracy: 1e-12)
        XCTAssertEqual(s.animation(driving: "cpu.ring.progress", at: 0.5)?.viewID, "cpu.ring")
        XCTAssertNil(s.value(of: "cpu.progress", at: 0.5))
    }

    func testFromToLinearHoldsBeforeAndAfter() throws {
        let s = Sampler(scene: try scene("""
              animations:
                - {target: r.progress, from: 0.2, to: 1, begin: 1s, duration: 2s}
            """))
        XCTAssertEqual(number(s, "r.progress", 0), 0.2, "before it begins: its first value")
        XCTAssertEqual(number(s, "r.progress", 1), 0.2)
        XCTAssertEqual(number(s, "r.progress", 2)!, 0.6, accuracy: 1e-12)
        XCTAssertEqual(number(s, "r.progress", 3), 1)
        XCTAssertEqual(number(s, "r.progress", 10), 1, "after its end: its last value")
    }

    func testStepsSwitchAtTheEndOfTheirDurationAndAZeroDurationSwitchesAtBegin() throws {
        let views = "  - {id: done, type: indicator, frame: {x: 0, y: 0, width: 10, height: 10}}"
        let defaulted = Sampler(scene: try scene("""
              animations:
                - {target: done.on, to: true, begin: 2s}
            """, views: views))
        XCTAssertEqual(defaulted.value(of: "done.on", at: 2.2), .bool(false), "Core Animation's 0.25 s default duration")
        XCTAssertEqual(defaulted.value(of: "done.on", at: 2.25), .bool(true))
        let immediate = Sampler(scene: try scene("""
              animations:
                - {target: done.on, to: true, begin: 2s, duration: 0}
            """, views: views))
        XCTAssertEqual(immediate.value(of: "done.on", at: 1.99), .bool(false))
        XCTAssertEqual(immediate.value(of: "done.on", at: 2), .bool(true))
        XCTAssertEqual(immediate.value(of: "done.on", at: 5), .bool(true))
    }

    func testEaseInEaseOutFollowsTheCurve() throws {
        let s = Sampler(scene: try scene("""
              animations:
                - {target: r.progress, from: 0, to: 1, duration: 1s, easing: easeInEaseOut}
            """))
        XCTAssertEqual(number(s, "r.progress", 0.25)!, 0.129162, accuracy: 1e-5)
    }

    func testBeginFromCurrentStateAndLaterAnimationsWin() throws {
        // Seed 001: a second setProgress:animated: starts from wherever the first had got to.
        let s = Sampler(scene: try scene("""
              animations:
                - {target: r.progress, to: 1, duration: 1s}
                - {target: r.progress, to: 0.2, begin: 0.5s, duration: 1s}
            """))
        XCTAssertEqual(number(s, "r.progress", 0), 0.5, "the model value until it moves")
        XCTAssertEqual(number(s, "r.progress", 0.25)!, 0.625, accuracy: 1e-12)
        // The second begins at 0.5 s from 0.75 (where the first had got to), heading to 0.2.
        XCTAssertEqual(number(s, "r.progress", 0.5)!, 0.75, accuracy: 1e-12)
        XCTAssertEqual(number(s, "r.progress", 1.0)!, 0.475, accuracy: 1e-12)
        XCTAssertEqual(number(s, "r.progress", 2)!, 0.2, accuracy: 1e-12)
    }

    func testRepeatAutoreverseAndFractionalRepeat() throws {
        let s = Sampler(scene: try scene("""
              animations:
                - {target: r.progress, from: 0, to: 1, duration: 1s, repeat: 1.5, autoreverse: true}
            """))
        XCTAssertEqual(number(s, "r.progress", 0.5)!, 0.5, accuracy: 1e-12)
        XCTAssertEqual(number(s, "r.progress", 1.5)!, 0.5, accuracy: 1e-12, "coming back")
        XCTAssertEqual(number(s, "r.progress", 2.0)!, 0, accuracy: 1e-12, "one cycle is there and back")
        XCTAssertEqual(number(s, "r.progress", 2.5)!, 0.5, accuracy: 1e-12)
        XCTAssertEqual(number(s, "r.progress", 3.0)!, 1, accuracy: 1e-12, "1.5 cycles end at the far end")
        XCTAssertEqual(number(s, "r.progress", 9)!, 1, accuracy: 1e-12)
        let r = Sampler(scene: try scene("""
              animations:
                - {target: r.progress, from: 0, to: 1, duration: 1s, repeat: 2}
            """))
        XCTAssertEqual(number(r, "r.progress", 1.25)!, 0.25, accuracy: 1e-12)
        XCTAssertEqual(number(r, "r.progress", 5)!, 1, accuracy: 1e-12)
    }

    func testKeyframesWithPerSegmentEasingAndStepsForBools() throws {
        let s = Sampler(scene: try scene("""
              animations:
                - target: r.progress
                  keyframes:
                    - {at: 0, value: 0}
                    - {at: 1s, value: 1, easing: "steps(4)"}
                    - {at: 2s, value: 0}
                - target: i.on
                  keyframes: [{at: 0, value: false}, {at: 1s, value: true}]
            """, views: """
              - {id: r, type: ring, frame: {x: 0, y: 0, width: 10, height: 10}}
              - {id: i, type: indicator, frame: {x: 0, y: 0, width: 10, height: 10}}
            """))
        XCTAssertEqual(number(s, "r.progress", 0.3)!, 0.25, accuracy: 1e-12)
        XCTAssertEqual(number(s, "r.progress", 1.5)!, 0.5, accuracy: 1e-12)
        XCTAssertEqual(s.value(of: "i.on", at: 0.99), .bool(false))
        XCTAssertEqual(s.value(of: "i.on", at: 1.0), .bool(true))
    }

    func testColoursInterpolatePerComponentAndTimeOfDayAsSeconds() throws {
        let s = Sampler(scene: try scene("""
              animations:
                - {target: r.progressColor, from: "#000000", to: "#ffffff80", duration: 1s}
                - {target: c.time, from: "23:59:59", to: "24:00:01", duration: 2s}
            """, views: """
              - {id: r, type: ring, frame: {x: 0, y: 0, width: 10, height: 10}}
              - {id: c, type: clock, frame: {x: 0, y: 0, width: 10, height: 10}}
            """))
        guard case .color(let c)? = s.value(of: "r.progressColor", at: 0.5) else { return XCTFail() }
        XCTAssertEqual(c.red, 0.5, accuracy: 1e-12)
        XCTAssertEqual(c.alpha, (1 + 128.0 / 255) / 2, accuracy: 1e-12)
        XCTAssertEqual(s.value(of: "c.time", at: 1), .timeOfDay(.seconds(86400)))
    }

    func testFrameCounts() throws {
        XCTAssertEqual(Timeline(fps: 10, duration: 1).frameCount(fps: 10), 11)
        XCTAssertEqual(Timeline(fps: 10, duration: 1, loop: true).frameCount(fps: 10), 10)
        XCTAssertEqual(Timeline(fps: 30, duration: 0.05).frameCount(fps: 30), 3, "1.5 frames round up to 2 intervals")
        let s = try scene("""
              fps: 24
              animations:
                - {target: r.progress, to: 1, begin: 12f, duration: 24f}
            """)
        XCTAssertEqual(s.timeline?.length ?? 0, 1.5, accuracy: 1e-12)
        XCTAssertEqual(s.timeline?.frameCount(fps: 24), 37)
        XCTAssertEqual(s.timeline?.frameCount(fps: 10), 16, "--fps resamples; 12f still means half a second")
    }

    func testSpringWithoutDurationRunsForItsSettlingTime() throws {
        let s = try scene("""
              animations:
                - {target: r.progress, from: 0, to: 1, easing: {spring: {mass: 1, stiffness: 100, damping: 10}}}
            """)
        XCTAssertEqual(s.timeline?.length ?? 0, Spring().settlingTime, accuracy: 1e-12)
        let sampler = Sampler(scene: s)
        XCTAssertEqual(number(sampler, "r.progress", 0.2)!, Spring().position(at: 0.2), accuracy: 1e-12)
        XCTAssertGreaterThan(Spring().position(at: 0.3), 1, "an underdamped spring overshoots")
    }

    func testTheDrawnTreeCarriesAnimatedValues() throws {
        let s = try scene("""
              animations:
                - {target: r.lineWidth, from: 0, to: 20, duration: 1s}
            """)
        let placed = Sampler(scene: s).sample(Layout.place(s), at: 0.5)
        XCTAssertEqual(placed.first?.view.values[Ring.lineWidth], 10)
        XCTAssertEqual(placed.first?.view.values[Ring.progress], 0.5, "unanimated values stay")
    }
}
