import XCTest
import SceneCodecs
import SceneFiles
import SceneModel
import ScenecBuild
import ScenecKit

/// The preview's frame files (`FramesPlan.frameFiles`) go through AnimationWriter's
/// `ImageAnimation` entry point, which has no output path, no file beside one and no ffmpeg: the
/// same bytes `frames -o x.gif` writes through `AnimationWriter.write`, and the same warning
/// (a GIF over 50 fps plays slow), handed back rather than dropped.
final class ImageAnimationTests: XCTestCase {
    func scene(fps: Int) throws -> SceneFile {
        try SceneFile(source: """
            canvas: {width: 12, height: 12, background: white}
            views: [{id: r, type: ring, frame: {x: 0, y: 0, width: 12, height: 12}, progressColor: red}]
            timeline:
              fps: \(fps)
              animations: [{target: r.progress, from: 0, to: 1, duration: 0.1s}]
            """)
    }

    func testTheExportsGIFIsTheFramesFileAndKeepsItsWarning() throws {
        let file = try scene(fps: 60)
        let renderer = file.renderer(.current)
        var warnings: [String] = []
        let exported = try FramesPlan.frameFiles(jobs: 1).make(.gif, "x.gif", file.animated, renderer) { warnings.append($0) }
        XCTAssertEqual(warnings.count, 1)
        XCTAssertTrue(warnings.first?.contains("at 60 fps 'x.gif' plays slower than its timeline") == true, "\(warnings)")

        // What `frames -o x.gif` writes, read back from the file.
        let output = try Project(self).root.appendingPathComponent("x.gif").path
        let fps = 60.0
        let count = try XCTUnwrap(file.animated.scene.timeline).frameCount(fps: fps)
        let animated = file.animated
        try AnimationWriter.write(output, format: .gif, frames: 0...(count - 1), jobs: 1,
                                  views: { animated.views(at: Double($0) / fps) }, renderer: renderer,
                                  loops: try XCTUnwrap(animated.scene.timeline).loop, timing: FrameTiming(fps: fps), progress: Progress(total: count, quiet: true),
                                  root: try XCTUnwrap(ProjectRoot(FileManager.default.temporaryDirectory.path))) { _ in }
        XCTAssertEqual(exported, Array(try Data(contentsOf: URL(fileURLWithPath: output))))
        XCTAssertEqual(Array(exported.prefix(6)), Array("GIF89a".utf8))

        // The entry point itself: APNG and WebP warn of nothing; 30 fps GIF neither.
        for format: AnimationWriter.ImageAnimation in [.apng, .webp] {
            _ = try AnimationWriter.encode(format, named: "x", frames: 0...1, jobs: 1, views: { animated.views(at: Double($0) / fps) },
                                           renderer: renderer, loops: true, timing: FrameTiming(fps: fps),
                                           progress: Progress(total: 2, quiet: true)) { XCTFail("\(format): \($0)") }
        }
        let slow = try scene(fps: 30)
        _ = try FramesPlan.frameFiles(jobs: 1).make(.gif, "y.gif", slow.animated, slow.renderer(.current)) { XCTFail($0) }
    }
}
