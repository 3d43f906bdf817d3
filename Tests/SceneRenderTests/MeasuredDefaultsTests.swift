import SceneFonts
import SceneLayout
import SceneModel
import SceneRender
import XCTest

/// `MeasuredDefaults`: a ring's labelSize measured as the drawer measures it — the largest size
/// whose text fits inside the inner circle, so a wider ring or a shorter text gives a larger one,
/// and `percent` is sized for "100%" whatever the progress.
final class MeasuredDefaultsTests: XCTestCase {
    func labelSize(_ label: String, side: Int = 100, lineWidth: Int = 10, progress: Double = 0.3) throws -> Double? {
        let (scene, placed) = try compileScene("""
            canvas: {width: 220, height: 220}
            views:
              - {id: r, type: ring, frame: {x: 0, y: 0, width: \(side), height: \(side)}, lineWidth: \(lineWidth),
                 label: "\(label)", progress: \(progress)}
              - {id: t, type: label, text: "Ready", frame: {x: 0, y: 0, width: 10, height: 10}}
            """)
        let measured = MeasuredDefaults(fonts: FontLibrary.of(scene), views: placed)
        XCTAssertNil(measured.value(of: "labelColor", in: placed[0].resolved, now: 0), "measures only what text gives")
        guard case .number(let size)? = measured.value(of: Ring.labelSize.name, in: placed[0].resolved, now: 0) else { return nil }
        return size
    }

    func testTheLargestSizeThatFits() throws {
        XCTAssertNil(try labelSize("none"))
        let percent = try XCTUnwrap(try labelSize("percent"))
        XCTAssertEqual(try labelSize("percent", progress: 0.9), percent, "sized for 100% at any progress")
        XCTAssertEqual(try labelSize("100%"), percent, "the text percent is sized for")
        XCTAssertGreaterThan(try XCTUnwrap(try labelSize("1")), percent, "a shorter text fits larger")
        XCTAssertEqual(try XCTUnwrap(try labelSize("percent", side: 200, lineWidth: 20)), 2 * percent, accuracy: 1e-9,
                       "twice the ring, twice the size")
        XCTAssertEqual(try labelSize("{t.text}"), try labelSize("Ready"), "bindings written out")
        XCTAssertEqual(try labelSize("percent", side: 20, lineWidth: 10), 0, "no room inside")
    }
}
