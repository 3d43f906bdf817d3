import SceneAnimation
import SceneModel
import XCTest

/// The public pieces the Lottie exporter shares with the sampler: a cubic Bézier solved for its
/// x, and values mixed between two keyframes.
final class CurveTests: XCTestCase {
    func testABezierRunsFromZeroToOneAndTheLinearOneIsTheIdentity() {
        let ease = CubicBezier(x1: 0.42, y1: 0, x2: 0.58, y2: 1)
        XCTAssertEqual(ease.y(atX: 0), 0, accuracy: 1e-9)
        XCTAssertEqual(ease.y(atX: 1), 1, accuracy: 1e-9)
        XCTAssertEqual(ease.y(atX: 0.5), 0.5, accuracy: 1e-6, "symmetric")
        XCTAssertEqual(ease.y(atX: 0.25), 0.129162, accuracy: 1e-5, "as EasingTests pins easeInEaseOut")
        let diagonal = CubicBezier(x1: 0.25, y1: 0.25, x2: 0.75, y2: 0.75)
        let thirds = CubicBezier(x1: 1.0 / 3, y1: 1.0 / 3, x2: 2.0 / 3, y2: 2.0 / 3)
        for x in [0.1, 0.3, 0.7] {
            XCTAssertEqual(diagonal.y(atX: x), x, accuracy: 1e-6, "handles on the diagonal: y is x")
            XCTAssertEqual(thirds.parameter(forX: x), x, accuracy: 1e-6, "handles at the thirds: x(t) is t")
            XCTAssertNotEqual(diagonal.parameter(forX: x), x, accuracy: 1e-3, "elsewhere the parameter is not x")
        }
    }

    func testNumbersColoursAndAnglesMixAndWordsStep() {
        XCTAssertEqual(Interpolation.value(from: .number(0), to: .number(10), progress: 0.25), .number(2.5))
        XCTAssertEqual(Interpolation.value(from: .number(0), to: .number(10), progress: 1.2), .number(12), "overshoot is kept")
        XCTAssertEqual(Interpolation.value(from: .angle(Angle(degrees: 0)), to: .angle(Angle(degrees: 90)), progress: 0.5),
                       .angle(Angle(degrees: 45)))
        XCTAssertEqual(Interpolation.value(from: .color(Color(red: 0, green: 0, blue: 0, alpha: 0)),
                                           to: .color(Color(red: 1, green: 0.5, blue: 0, alpha: 1)), progress: 0.5),
                       .color(Color(red: 0.5, green: 0.25, blue: 0, alpha: 0.5)))
        XCTAssertEqual(Interpolation.value(from: .bool(false), to: .bool(true), progress: 0.9), .bool(false))
        XCTAssertEqual(Interpolation.value(from: .choice("a"), to: .choice("b"), progress: 0.5), .choice("a"))
    }
}
