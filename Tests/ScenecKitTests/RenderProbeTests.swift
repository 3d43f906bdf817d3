import SceneCodecs
import ScenecKit
import XCTest

/// `SceneFile.render` to PNG bytes, read back with the PNG reader: pixels where the geometry
/// says the ring's progress, its track and the canvas are.
final class RenderProbeTests: XCTestCase {
    /// Ring centre (50, 50), outer radius 40, line width 10: the stroke's middle is at radius
    /// 35, so 3 o'clock is (85, 50) and 9 o'clock (15, 50). Progress 0.5 runs clockwise from 12
    /// o'clock over 3 o'clock; the track shows at 9 o'clock.
    let ring = """
        canvas: {width: 100, height: 100, background: "#1e6fd9"}
        views:
          - {id: r, type: ring, frame: {x: 10, y: 10, width: 80, height: 80}, lineWidth: 10, progress: 0.5,
             progressColor: "#00c000", trackColor: "#ff0000"}
        timeline:
          animations:
            - {target: r.progress, from: 0.5, to: 0, duration: 1s}
        """

    func rgb(_ image: RasterImage, _ x: Int, _ y: Int) -> [Int] {
        let p = image.pixel(x, y)
        return [p.r, p.g, p.b]
    }

    func testTheProgressTrackAndCanvasAreWhereTheGeometrySays() throws {
        let scene = try SceneFile(source: ring, name: "ring.scene.yaml")
        XCTAssertEqual(scene.diagnostics, [])
        let image = try RasterImage(png: try scene.render(.png))
        XCTAssertEqual(image.width, 100)
        XCTAssertEqual(image.height, 100)
        XCTAssertEqual(rgb(image, 85, 50), [0, 192, 0], "progress at 3 o'clock")
        XCTAssertEqual(rgb(image, 15, 50), [255, 0, 0], "track at 9 o'clock")
        XCTAssertEqual(rgb(image, 50, 50), [0x1e, 0x6f, 0xd9], "the canvas inside the ring")
        XCTAssertEqual(rgb(image, 2, 2), [0x1e, 0x6f, 0xd9], "the canvas outside it")

        // At the end of the timeline the progress is 0: 3 o'clock shows the track.
        let end = try RasterImage(png: try scene.render(.png, at: 1))
        XCTAssertEqual(rgb(end, 85, 50), [255, 0, 0])
        // An override and a scale: twice the pixels, the probe at twice the place.
        let big = try RasterImage(png: try scene.render(.png, overrides: ["r.progressColor=#0000ff"], scale: 2))
        XCTAssertEqual(big.width, 200)
        XCTAssertEqual(rgb(big, 170, 100), [0, 0, 255])
    }

    func testFramesRenderTheirTimes() throws {
        let scene = try SceneFile(source: ring)
        let frames = try scene.frames(fps: 2)
        XCTAssertEqual(frames.map(\.time), [0, 0.5, 1])
        XCTAssertEqual(rgb(try RasterImage(png: try frames[0].render()), 85, 50), [0, 192, 0])
        XCTAssertEqual(rgb(try RasterImage(png: try frames[2].render()), 85, 50), [255, 0, 0])
    }

    func testFormatsByPathAndTheirSignatures() throws {
        XCTAssertEqual(SceneFile.Format(path: "a/b.png"), .png)
        XCTAssertEqual(SceneFile.Format(path: "b.PDF"), .pdf)
        XCTAssertEqual(SceneFile.Format(path: "b.svg"), .svg)
        XCTAssertNil(SceneFile.Format(path: "b.jpg"))
        let scene = try SceneFile(source: ring)
        XCTAssertEqual(Array(try scene.render(.pdf).prefix(5)), Array("%PDF-".utf8))
        XCTAssertTrue(String(decoding: try scene.render(.svg), as: UTF8.self).contains("<svg"))
    }
}
