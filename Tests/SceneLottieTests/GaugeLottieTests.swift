import Foundation
import SceneLottie
import TestSupport
import XCTest

/// The gauge exported to Lottie and played by rlottie agrees with scenec's own PNGs (≤ 0.5% of
/// pixels differ at ten frames, Tests/Lottie/compare.py): the example, and a quarter-turn dial
/// with butt caps, its own needle colour and width and an animated line width (which moves the
/// arcs' radius and the needle's length through the registry's rule for needleWidth).
extension LottieExportTests {
    func testGaugePlaysAlikeInRlottie() throws {
        let python = try python()
        let dir = try temporaryDirectory(self)
        _ = try checkPlayedAlike(repositoryRoot.appendingPathComponent("scenes/gauge.scene.yaml"), in: dir, python: python)
        let quarter = dir.appendingPathComponent("gauge-quarter.scene.yaml")
        try """
            canvas: {width: 200, height: 160, background: white}
            views:
              - {id: g, type: gauge, frame: {x: 20, y: 10, width: 140, height: 140}, startAngle: -180, endAngle: 0,
                 lineCap: butt, trackColor: "#dddddd", valueColor: "#0a84ff", needleColor: "#ff3b30", value: 0.25}
            timeline:
              fps: 20
              animations:
                - {target: g.value, from: 0.1, to: 1, duration: 1s}
                - {target: g.lineWidth, from: 8, to: 24, duration: 1s}
            """.write(to: quarter, atomically: true, encoding: .utf8)
        let json = try checkPlayedAlike(quarter, in: dir, python: python)
        let text = try String(contentsOf: json, encoding: .utf8)
        XCTAssertTrue(text.contains("\"needle\""), "the needle's group is in the export")
    }
}
