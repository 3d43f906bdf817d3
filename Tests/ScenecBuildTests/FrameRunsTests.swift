import XCTest
import ScenecKit
import SceneFiles
import SceneSyntax
import ScenecBuild

/// How a frame sequence is cut into runs of frames drawn once: a held pose is one run, a scene
/// with nothing animated is drawn once however many frames are asked for.
final class FrameRunsTests: XCTestCase {
    func runs(_ yaml: String, frames: ClosedRange<Int>, fps: Double) throws -> [ClosedRange<Int>] {
        let dir = try Project(self).root
        let path = dir.appendingPathComponent("a.scene.yaml").path
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        // The scene's folder is its project.
        let settings = SceneSettings(scope: ReadScope(root: try XCTUnwrap(ProjectRoot(dir.path))))
        guard case .bytes(let bytes) = settings.read(path),
              let scene = SceneFile.check(SourceFile(name: path, bytes: bytes), frontend: settings.frontend).scene else {
            XCTFail("the scene has errors")
            return []
        }
        let animated = scene.animated
        let runs = FrameRuns(frames) { animated.views(at: Double($0) / fps) }
        var result: [ClosedRange<Int>] = []
        while let run: FrameRuns.Run = runs.next() { result.append(run.frames) }
        return result
    }

    func testAHeldPoseIsOneRun() throws {
        let found = try runs("""
            canvas: {width: 10, height: 10}
            views: [{id: r, type: ring, frame: {x: 0, y: 0, width: 10, height: 10}}]
            timeline:
              fps: 10
              duration: 1s
              animations: [{target: r.progress, from: 0, to: 1, duration: 0.5s}]
            """, frames: 0...10, fps: 10)
        XCTAssertEqual(found, [0...0, 1...1, 2...2, 3...3, 4...4, 5...10])
    }

    func testAStaticSceneIsDrawnOnce() throws {
        let found = try runs("""
            canvas: {width: 10, height: 10}
            views: [{type: ring, frame: {x: 0, y: 0, width: 10, height: 10}, progress: 0.5}]
            """, frames: 0...299, fps: 30)
        XCTAssertEqual(found, [0...299])
    }
}
