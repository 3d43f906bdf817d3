@testable import SceneRender
import XCTest

/// Tracking and line breaking: text measured with tracking fits, on as many lines, in the width
/// it measured (Pango breaks lines with the tracking's half space still at each end of a line).
final class TrackingTests: XCTestCase {
    func testTrackedTextFitsTheWidthItMeasured() throws {
        let engine = TextEngine(library: .standard)
        for tracking in [2.0, 8.0, -1.0] {
            var style = TextStyle()
            style.size = 22
            style.tracking = tracking
            let unwrapped = try XCTUnwrap(engine.block("abc x", style: style, width: nil)).size
            let wrapped = try XCTUnwrap(engine.block("abc x", style: style, width: unwrapped.width)).size
            XCTAssertEqual(wrapped.height, unwrapped.height, accuracy: 0.001, "tracking \(tracking): one line, as measured")
            XCTAssertEqual(wrapped.width, unwrapped.width, accuracy: 0.001, "tracking \(tracking)")
            // A width a little short of the text's still wraps it.
            let short = try XCTUnwrap(engine.block("abc x", style: style, width: unwrapped.width - 5)).size
            XCTAssertGreaterThan(short.height, unwrapped.height * 1.5, "tracking \(tracking)")
        }
    }

    /// A label with no width and tracking draws its whole text on one line: the "x" of "abc x"
    /// has ink right of "abc", at the label's one line.
    func testAnUnsizedTrackedLabelDrawsItsLastWord() throws {
        let scene = """
            canvas: {width: 200, height: 60, background: white}
            views:
              - {type: label, frame: {x: 5, y: 5}, fontSize: 22, tracking: 2, textColor: black, text: "abc x"}
            """
        let image = try renderImage(scene)
        let box = try XCTUnwrap(LabelRenderTests.inkBox(image))
        XCTAssertGreaterThan(box.x1, 60, "the x drawn: \(box)")
        XCTAssertLessThan(box.y1 - box.y0, 30, "one line: \(box)")
    }
}
