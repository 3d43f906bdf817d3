import Foundation
import XCTest

/// `scenec build --preview` as a process: refused with --emit-ninja (exit 2). The sheets
/// themselves are ScenecBuildTests.BuildPreviewTests.
final class BuildPreviewTests: XCTestCase {
    func testPreviewDoesNotGoWithANinjaFile() throws {
        let dir = try temporaryDirectory(self)
        let scenes = dir.appendingPathComponent("scenes")
        try FileManager.default.createDirectory(at: scenes, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("scenes/showcase.scene.yaml"),
                                         to: scenes.appendingPathComponent("showcase.scene.yaml"))
        let out = dir.appendingPathComponent("out")
        XCTAssertEqual(try scenec(["build", scenes.path, "-o", out.path, "--preview", "--emit-ninja", "b.ninja"]).status, 2)
    }
}
