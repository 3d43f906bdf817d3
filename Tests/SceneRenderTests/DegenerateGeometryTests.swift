import XCTest
import SceneRender

/// Sizes of zero, widths of zero, paths of no length: nothing infinite or NaN reaches Cairo,
/// every format renders, and nothing is drawn where nothing should be.
final class DegenerateGeometryTests: XCTestCase {
    let scene = """
        canvas: {width: 60, height: 60, background: white}
        views:
          - {type: ring, frame: {x: 10, y: 10, width: 0, height: 0}, progress: 0.5, lineCap: round}
          - {type: ring, frame: {x: 10, y: 10, width: 8, height: 8}, lineWidth: 20, progress: 1}
          - {type: ring, frame: {x: 0, y: 0, width: 60, height: 60}, lineWidth: 0, progress: 0.5}
          - {type: pie, frame: {x: 30, y: 30, width: 0, height: 0}, progress: 1}
          - {type: clock, frame: {x: 30, y: 30, width: 0, height: 0}}
          - {type: indicator, frame: {x: 30, y: 30, width: 0, height: 10}}
          - {type: lines, frame: {x: 5, y: 5, width: 0, height: 0}, points: [[0, 0], ["100%", "100%"]], lineCap: round}
          - {type: lines, frame: {x: 5, y: 5, width: 50, height: 50}, points: [[3, 3], [3, 3], [3, 3]],
             lineCap: round, dash: [0, 5, 0], strokeStart: 0.5, strokeEnd: 0.5}
          - {type: group, frame: {x: 0, y: 0, width: 0, height: 0}, cornerRadius: "1000%", borderWidth: 1000,
             backgroundColor: red, opacity: 0.5, rotation: 1e9}
          - type: stack
            frame: {x: 0, y: 0, width: 10, height: 10}
            padding: 100
            spacing: 1000
            children: [{type: ring}, {type: ring, size: "1000%"}]
          - type: grid
            columns: 1000
            frame: {x: 0, y: 0, width: 1, height: 1}
            children: [{type: ring}, {type: pie, progress: 1}]
        """

    func testEveryFormatRendersAndEmptyShapesDrawNothing() throws {
        for format in OutputFormat.allCases {
            XCTAssertFalse(try renderBytes(scene, as: format).isEmpty, "\(format)")
        }
        let image = try renderImage(scene)
        // The degenerate views cover none of these points; the canvas stays white there.
        for (x, y) in [(45, 15), (15, 45), (30, 30), (50, 50)] {
            assertPixel(image, x, y, RGBA(255, 255, 255), "(\(x), \(y))")
        }
    }
}

final class FineDashTests: XCTestCase {
    /// 4 million dashes on one 80,000-point line: drawn at once as the line at half ink.
    func testDashesFinerThanAPixelDrawFastAsTheirShareOfInk() throws {
        let start = Date()
        let image = try renderImage("""
            canvas: {width: 100, height: 100, background: white}
            views:
              - type: lines
                frame: {x: 0, y: 0, width: 100, height: 100}
                points: [[-40000, 50], [40000, 50]]
                lineWidth: 10
                strokeColor: black
                dash: [0.01, 0.01]
            """)
        XCTAssertLessThan(Date().timeIntervalSince(start), 2)
        assertPixel(image, 50, 50, RGBA(128, 128, 128), tolerance: 2)
        assertPixel(image, 50, 20, RGBA(255, 255, 255))
    }
}
