import Foundation
import ScenecKit
import XCTest

/// The embedding API (`SceneFile`, the ScenecKit library product) in process: warnings, frame
/// counts, unreadable and unwritable files, imports found beside the scene's path. (Its
/// agreement with the command line run as a process stays in ScenecCLITests/SceneFileTests.)
final class SceneFileTests: XCTestCase {
    /// A ring at line 3, its progress animated over 1 s at 10 fps.
    let ring = """
        canvas: {width: 100, height: 100, background: "#1e6fd9"}
        views:
          - {id: ring, type: ring, frame: {x: 10, y: 10, width: 80, height: 80}, lineWidth: 10}
        timeline:
          fps: 10
          animations: [{target: ring.progress, from: 0, to: 1, duration: 1s}]
        """

    func testWarningsLeaveTheSceneUsable() throws {
        let text = ring.replacingOccurrences(of: "frame: {x: 10, y: 10,", with: "frame: {x: 500, y: 10,")
        let scene = try SceneFile(source: text, name: "off.scene.yaml")
        XCTAssertEqual(scene.diagnostics.map(\.severity), [.warning])
        XCTAssertEqual(scene.diagnostics.first?.line, 3)
        XCTAssertTrue(scene.diagnostics.first?.message.contains("canvas") ?? false, "\(scene.diagnostics)")
        XCTAssertEqual(try scene.render(.png).prefix(4), [0x89, 0x50, 0x4E, 0x47])
    }

    func testFramesCountAsTheTimelineSays() throws {
        let looped = try SceneFile(source: ring.replacingOccurrences(of: "fps: 10", with: "fps: 10\n  loop: true"))
        XCTAssertEqual(try looped.frames().count, 10, "with loop the last frame is the first one again")
        XCTAssertEqual(try SceneFile(source: ring).frames().count, 11)
        let still = try SceneFile(source: "canvas: {width: 10, height: 10}\nviews: []\n")
        XCTAssertEqual(try still.frames().map(\.time), [0], "a scene without a timeline is one frame")
        XCTAssertEqual(still.duration, 0)
    }

    func testFilesThatCannotBeReadOrWrittenAreIOErrorsAndLeaveNothing() throws {
        let dir = try temporaryDirectory(self)
        let missing = dir.appendingPathComponent("missing.scene.yaml").path
        let unreadable = sceneError { _ = try SceneFile(contentsOf: missing) }
        XCTAssertEqual(unreadable?.kind, .io)
        XCTAssertEqual(unreadable?.description, "\(missing): error: cannot read '\(missing)': No such file or directory\n")
        XCTAssertEqual(sceneError { _ = try SceneFile(contentsOf: dir.path) }?.kind, .io)

        let scene = try SceneFile(source: ring)
        let intoNowhere = dir.appendingPathComponent("no/such/dir/r.png").path
        XCTAssertEqual(sceneError { try scene.write(to: intoNowhere) }?.kind, .io)
        XCTAssertEqual(sceneError { try scene.write(to: dir.appendingPathComponent("r.jpg").path) }?.kind, .invalidArgument)
        XCTAssertEqual(fileNames(in: dir), [], "nothing written, no temporary file left")
    }

    func testImportsAndFontsAreFoundBesideTheScenesPath() throws {
        let dir = try temporaryDirectory(self)
        _ = try write("styles:\n  thick: {lineWidth: 30}\n", "theme.yaml", in: dir)
        let text = ring.replacingOccurrences(of: "canvas:", with: "imports: [theme.yaml]\ncanvas:")
            .replacingOccurrences(of: "lineWidth: 10", with: "style: thick")
        let path = try write(text, "ring.scene.yaml", in: dir)
        let fromFile = try SceneFile(contentsOf: path)
        let fromText = try SceneFile(source: text, name: path)
        XCTAssertEqual(try fromFile.render(.svg, at: 1), try fromText.render(.svg, at: 1))
        XCTAssertTrue(String(decoding: try fromFile.render(.svg, at: 1), as: UTF8.self).contains("stroke-width:30"))
        let elsewhere = sceneError { _ = try SceneFile(source: text, name: "/nonexistent/ring.scene.yaml") }
        XCTAssertEqual(elsewhere?.kind, .invalidScene)
        XCTAssertEqual(elsewhere?.diagnostics.first?.line, 1)
    }
}
