import XCTest
import SceneModel
@testable import SceneAnimation

/// Curves pinned against values computed independently (a 200-step bisection of the Bézier in
/// Python, and a numerical integration of the spring's differential equation).
final class EasingTests: XCTestCase {
    func check(_ easing: Easing, _ expected: [Double], file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in zip([0.1, 0.25, 0.5, 0.75, 0.9], expected) {
            XCTAssertEqual(EasingCurve.progress(easing, fraction: x, duration: 1), y, accuracy: 1e-5,
                           "\(easing) at \(x)", file: file, line: line)
        }
    }

    func testCoreAnimationNamedCurves() throws {
        check(try XCTUnwrap(Easing.named["easeInEaseOut"]), [0.019722, 0.129162, 0.5, 0.870838, 0.980278])
        check(try XCTUnwrap(Easing.named["easeIn"]), [0.017027, 0.093465, 0.315357, 0.621862, 0.839428])
        check(try XCTUnwrap(Easing.named["easeOut"]), [0.160572, 0.378138, 0.684643, 0.906535, 0.982973])
        check(try XCTUnwrap(Easing.named["default"]), [0.094796, 0.408511, 0.802403, 0.960459, 0.994316])
        check(.linear, [0.1, 0.25, 0.5, 0.75, 0.9])
    }

    func testOvershootingBezierLeavesZeroToOne() {
        check(.cubicBezier(0.68, -0.55, 0.265, 1.55), [-0.066291, -0.082807, 0.60668, 1.089166, 1.062373])
    }

    func testEndpointsAreExact() {
        for easing in Easing.named.values {
            XCTAssertEqual(EasingCurve.progress(easing, fraction: 0, duration: 1), 0)
            XCTAssertEqual(EasingCurve.progress(easing, fraction: 1, duration: 1), 1)
        }
    }

    func testStepsJumpAtTheEndOfEachStep() {
        let steps = Easing.steps(4)
        XCTAssertEqual(EasingCurve.progress(steps, fraction: 0.0, duration: 1), 0)
        XCTAssertEqual(EasingCurve.progress(steps, fraction: 0.24, duration: 1), 0)
        XCTAssertEqual(EasingCurve.progress(steps, fraction: 0.25, duration: 1), 0.25)
        XCTAssertEqual(EasingCurve.progress(steps, fraction: 0.99, duration: 1), 0.75)
        XCTAssertEqual(EasingCurve.progress(steps, fraction: 1, duration: 1), 1)
    }

    /// x'' = (−k (x − 1) − c x') / m from x = 0, x' = v0, integrated with small RK4 steps.
    func integrate(_ s: Spring, until end: Double) -> Double {
        var x = 0.0, v = s.initialVelocity, t = 0.0
        let h = 1e-4
        func a(_ x: Double, _ v: Double) -> Double { (-s.stiffness * (x - 1) - s.damping * v) / s.mass }
        while t < end - 1e-12 {
            let step = min(h, end - t)
            let k1x = v, k1v = a(x, v)
            let k2x = v + step / 2 * k1v, k2v = a(x + step / 2 * k1x, v + step / 2 * k1v)
            let k3x = v + step / 2 * k2v, k3v = a(x + step / 2 * k2x, v + step / 2 * k2v)
            let k4x = v + step * k3v, k4v = a(x + step * k3x, v + step * k3v)
            x += step / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += step / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += step
        }
        return x
    }

    func testSpringMatchesTheDifferentialEquation() {
        let springs = [Spring(), Spring(mass: 1, stiffness: 100, damping: 20),  // critically damped
                       Spring(mass: 2, stiffness: 50, damping: 40, initialVelocity: 3),  // overdamped
                       Spring(mass: 1, stiffness: 300, damping: 5, initialVelocity: -2)]
        for s in springs {
            for t in [0.05, 0.2, 0.5, 1.0] {
                XCTAssertEqual(s.position(at: t), integrate(s, until: t), accuracy: 1e-6, "\(s) at \(t)")
            }
        }
    }

    func testSpringSettlingTimeIsWhenItStaysWithinOnePerMille() {
        for s in [Spring(), Spring(mass: 1, stiffness: 100, damping: 20), Spring(mass: 2, stiffness: 50, damping: 40)] {
            let settle = s.settlingTime
            XCTAssertGreaterThan(settle, 0)
            var t = settle
            while t < settle + 5 {
                XCTAssertLessThanOrEqual(abs(s.position(at: t) - 1), 0.001 + 1e-9, "\(s) at \(t)")
                t += 0.001
            }
            XCTAssertGreaterThan(abs(s.position(at: settle - 0.01) - 1), 0.0009, "\(s) settles no earlier")
        }
        // Default CASpringAnimation-like spring (ζ = 0.5, ω₀ = 10): envelope e^{−5t} reaches 0.1%
        // around 1.4 s.
        XCTAssertEqual(Spring().settlingTime, 1.4, accuracy: 0.15)
    }
}
