import SceneCodecs
import SceneFonts
import SceneRender
import XCTest

/// FrameRenderer.patches, what the preview sends during a drag: without a base, one PNG of the
/// whole (the bytes `render` gives); over the picture before, the PNGs of the rectangles that
/// changed — outside them the two pictures' pixels are the same, inside them each PNG has the new
/// picture's pixels; over the same picture, none.
final class PicturePatchTests: XCTestCase {
    /// Two rings far apart that one value moves, on a clear canvas (transparent pixels patched too).
    static func scene(_ progress: Double) -> String {
        """
        canvas: {width: 300, height: 220}
        views:
          - {type: ring, frame: {x: 10, y: 10, width: 80, height: 80}, lineWidth: 12, progress: \(progress), trackColor: "#00000000"}
          - {type: ring, frame: {x: 200, y: 130, width: 80, height: 80}, lineWidth: 12, progress: \(progress)}
          - {type: indicator, frame: {x: 120, y: 90, width: 40, height: 40}, on: true}
        """
    }

    func testPatchesOverThePictureBeforeHoldEveryChangeAndNothingElse() throws {
        let (scene, before) = try compileScene(Self.scene(0.2))
        let (_, after) = try compileScene(Self.scene(0.7))
        let renderer = Renderer(canvas: scene.canvas, fonts: FontLibrary.of(scene))

        let (basePixels, whole): (RasterImage?, [PicturePatch]) = try FrameRenderer(renderer, format: .png)
            .patches(before, over: nil, keptBytes: .max)
        let base = try XCTUnwrap(basePixels)
        XCTAssertEqual(whole.count, 1)
        XCTAssertEqual([whole[0].x, whole[0].y, whole[0].width, whole[0].height], [0, 0, 300, 220])
        XCTAssertEqual(whole[0].png, try renderer.render(before, as: .png), "without a base: the PNG render writes")

        let (newPixels, patches) = try FrameRenderer(renderer, format: .png).patches(after, over: base, keptBytes: .max)
        let new = try XCTUnwrap(newPixels)
        XCTAssertEqual(patches.count, 2, "one rectangle for each ring: \(patches.map { [$0.x, $0.y, $0.width, $0.height] })")
        let patchedArea = patches.map { $0.width * $0.height }.reduce(0, +)
        XCTAssertLessThan(patchedArea * 4, 300 * 220, "a fraction of the picture")
        func inside(_ x: Int, _ y: Int) -> Bool {
            patches.contains { p in p.x <= x && x < p.x + p.width && p.y <= y && y < p.y + p.height }
        }
        var changedOutside = 0, changedInside = 0
        for y in 0..<220 {
            for x in 0..<300 where base.pixel(x, y) != new.pixel(x, y) {
                if inside(x, y) { changedInside += 1 } else { changedOutside += 1 }
            }
        }
        XCTAssertEqual(changedOutside, 0, "every changed pixel is inside a rectangle")
        XCTAssertGreaterThan(changedInside, 100)
        // Each rectangle's PNG has the new picture's pixels there, read back as the whole PNG is.
        let wholeNew = try RasterImage(png: try renderer.render(after, as: .png))
        for patch in patches {
            let read = try RasterImage(png: patch.png)
            XCTAssertEqual([read.width, read.height], [patch.width, patch.height])
            var differ = 0
            for y in 0..<patch.height {
                for x in 0..<patch.width where read.pixel(x, y) != wholeNew.pixel(patch.x + x, patch.y + y) { differ += 1 }
            }
            XCTAssertEqual(differ, 0, "the rectangle at \(patch.x),\(patch.y) has the new picture's pixels")
        }

        let (_, none) = try FrameRenderer(renderer, format: .png).patches(after, over: new, keptBytes: .max)
        XCTAssertTrue(none.isEmpty, "over the same picture nothing changed")
        let (unkept, _) = try FrameRenderer(renderer, format: .png).patches(after, over: nil, keptBytes: 1000)
        XCTAssertNil(unkept, "a picture over keptBytes is not copied out")
    }
}
