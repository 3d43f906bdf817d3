@testable import SceneRender
import XCTest

/// Pango engines are kept between renders (`TextEngine.lease`, `giveBack`): text set with an
/// engine that has already set other text, in other families, weights and sizes, must draw the
/// same bytes as with a new engine, or a long-running preview would drift from `scenec render`.
final class TextEnginePoolTests: XCTestCase {
    static let text = """
        canvas: {width: 320, height: 160, background: white}
        views:
          - {type: label, frame: {x: 8, y: 8, width: 200}, text: "Download {ring.progress:percent}", fontSize: 15, fontWeight: semibold}
          - {id: ring, type: ring, frame: {x: 210, y: 8, width: 100, height: 100}, progress: 0.42, label: percent}
          - {type: clock, frame: {x: 8, y: 50, width: 100, height: 100}, time: "10:09:30", numerals: hours}
        """

    static let otherText = """
        canvas: {width: 200, height: 100}
        views:
          - {type: label, frame: {x: 0, y: 0, width: 200}, text: "Ünïcödé — 漢字 and serif", font: serif, fontSize: 31, italic: true}
          - {type: label, frame: {x: 0, y: 50, width: 60}, text: "a long line that wraps", font: monospace, tracking: 2}
        """

    func testTextDrawsTheSameWithAKeptEngineAsWithANewOne() throws {
        for format in [OutputFormat.svg, .png, .pdf] {
            TextEngine.forgetIdle()
            let fresh = try renderBytes(Self.text, as: format)
            XCTAssertGreaterThan(TextEngine.idleCount, 0, "\(format): the engines were not given back")
            _ = try renderBytes(Self.otherText, as: format)
            let kept = try renderBytes(Self.text, as: format)
            XCTAssertEqual(fresh, kept, "\(format): text drawn with a kept engine differs from a new engine's")
        }
    }

    func testAtMostAFewEnginesWait() throws {
        TextEngine.forgetIdle()
        let engines = (0..<(TextEngine.keptIdle + 5)).map { _ in TextEngine.lease(.standard) }
        for engine in engines { TextEngine.giveBack(engine) }
        XCTAssertEqual(TextEngine.idleCount, TextEngine.keptIdle)
        // Taken back: one of those given, not a new one.
        let again = TextEngine.lease(.standard)
        XCTAssertTrue(engines.contains { $0 === again })
        TextEngine.giveBack(again)
    }
}
